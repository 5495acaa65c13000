import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE_MAX_LIMIT,
  conditionSearchResponseSchema,
  substanceSearchResponseSchema,
} from '@portal/contract';
import { CODE_SYSTEMS } from '@portal/reference-data';
import type { Database } from '../db/database';
import { expectProblem, expectSuccess } from '../test/assertions';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  type TestUser,
} from '../test/harness';

/** GET /catalogues/conditions and /catalogues/substances, on each backend. */
describe.each(BACKENDS)('the catalogue searches on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let doctor: TestUser;
  let hr: TestUser;
  let patient: TestUser;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    doctor = await createUser(app, database, 'medical_personnel');
    hr = await createUser(app, database, 'HR');
    patient = await createUser(app, database, 'patient');
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const search = (path: string, token = doctor.token) => call(app, 'GET', path, { token });

  it('answers a clinician diagnoses by words, best first, as the contract says', async () => {
    const response = await search('/catalogues/conditions?q=diab&limit=3');
    expectSuccess(response, 200);
    const items = conditionSearchResponseSchema.parse(response.json());
    expect(items).toHaveLength(3);
    expect(items[0]).toEqual({
      id: 'icd:E11.9',
      name: 'Type 2 diabetes mellitus without complications',
      name_th: 'โรคเบาหวานชนิดที่ 2 ที่ไม่มีภาวะแทรกซ้อน',
      codes: [
        {
          system: CODE_SYSTEMS.icd10cm,
          code: 'E11.9',
          display: 'Type 2 diabetes mellitus without complications',
        },
      ],
    });
    // Exactly the contract's members: nothing internal (rank, seed code, chapter) leaks.
    expect(Object.keys(items[0]!).sort()).toEqual(['codes', 'id', 'name', 'name_th']);
  });

  it('finds by code and in Thai, and 20 at most by default', async () => {
    const byCode = await search('/catalogues/conditions?q=E11');
    expectSuccess(byCode, 200);
    const codes = conditionSearchResponseSchema.parse(byCode.json());
    expect(codes.length).toBe(20);
    for (const item of codes) expect(item.codes[0]!.code.startsWith('E11')).toBe(true);
    const thai = await search(`/catalogues/conditions?q=${encodeURIComponent('ความดันโลหิตสูง')}`);
    expect(conditionSearchResponseSchema.parse(thai.json())[0]!.id).toBe('icd:I10');
    const none = await search('/catalogues/conditions?q=qqzzxx');
    expectSuccess(none, 200);
    expect(none.json()).toEqual([]);
  });

  it('answers substances of one kind or all, with their kind', async () => {
    const classes = await search('/catalogues/substances?q=penicillin&kind=class&limit=5');
    expectSuccess(classes, 200);
    const found = substanceSearchResponseSchema.parse(classes.json());
    expect(found[0]).toMatchObject({ id: 'atc:J01C', kind: 'class' });
    for (const item of found) expect(item.kind).toBe('class');
    const all = substanceSearchResponseSchema.parse(
      (await search('/catalogues/substances?q=amox')).json(),
    );
    expect(all[0]).toMatchObject({ id: 'rxn:723', kind: 'drug', name_th: 'อะม็อกซีซิลลิน' });
    const food = substanceSearchResponseSchema.parse(
      (await search('/catalogues/substances?q=shell&kind=food')).json(),
    );
    expect(food).toEqual([
      expect.objectContaining({ id: 'sct:735029006', kind: 'food', name: 'shellfish' }),
    ]);
    expect(food[0]!.codes[0]!.system).toBe(CODE_SYSTEMS.snomed);
  });

  it('refuses a blank or long query, a bad limit or kind, naming the field', async () => {
    expectProblem(await search('/catalogues/conditions'), 400, 'q');
    expectProblem(await search('/catalogues/conditions?q=%20%20'), 400, 'q');
    expectProblem(await search(`/catalogues/conditions?q=${'a'.repeat(101)}`), 400, 'q');
    expectProblem(await search('/catalogues/conditions?q=a&limit=0'), 400, 'limit');
    expectProblem(
      await search(`/catalogues/conditions?q=a&limit=${CATALOGUE_MAX_LIMIT + 1}`),
      400,
      'limit',
    );
    expectProblem(await search('/catalogues/substances?q=a&kind=condition'), 400, 'kind');
    expectProblem(await search('/catalogues/substances?q=a%00b'), 400, 'q');
  });

  it('answers clinicians only: not HR, not a patient, not anonymous', async () => {
    for (const path of ['/catalogues/conditions?q=diab', '/catalogues/substances?q=amox']) {
      expectProblem(await search(path, hr.token), 403);
      expectProblem(await search(path, patient.token), 403);
      expectProblem(await call(app, 'GET', path), 401);
    }
  });
});
