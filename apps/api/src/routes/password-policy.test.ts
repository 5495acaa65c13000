/**
 * The password rule at POST /register: the contract's strength estimate
 * (zxcvbn-ts, score ≥ 3, the username and the hospital's name as easy guesses) refuses weak
 * passwords with 400 naming `password`, keeps the activation code usable, and creates no account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSPITAL_NAME } from '@portal/reference-data';
import { PASSWORD_STRENGTH_MESSAGES } from '@portal/contract';
import type { Database } from '../db/database';
import type { RequestContext } from '../repositories/audit';
import { patientsRepository } from '../repositories/patients';
import {
  call,
  createTestApp,
  createTestDatabase,
  GOOD_PASSWORD,
  newPatient,
  patientAddInput,
  unique,
} from '../test/harness';

type App = Awaited<ReturnType<typeof createTestApp>>['app'];
type Problem = { status: number; detail: string; errors?: { field: string; message: string }[] };

const SYSTEM: RequestContext = { actor: null, address: '127.0.0.1', requestId: 'password-setup' };

let database: Database;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await createTestApp(database));
});

afterAll(async () => {
  await app.close();
  await database.close();
});

/** A patient record waiting for registration, with its activation code. */
async function patientRecord(): Promise<{ id: string; code: string }> {
  const created = await patientsRepository.add(
    database.db,
    SYSTEM,
    patientAddInput(newPatient()),
    30,
  );
  return { id: created.patient_id, code: created.activation_code };
}

/** Each case registers from its own loopback address, so no throttle is shared between them. */
let lastAddress = 40;
const nextAddress = () => `127.0.0.${(lastAddress += 1)}`;

async function registerWith(password: string, username = `pw${unique()}`) {
  const record = await patientRecord();
  const remoteAddress = nextAddress();
  const body = { username, password, role: 'patient', id: record.id, activation_code: record.code };
  const response = await call(app, 'POST', '/register', { body, remoteAddress });
  return { response, body, remoteAddress };
}

/** The list, and a password with the username and one with the hospital's name. */
const WEAK: readonly { what: string; password: string; username?: string }[] = [
  { what: 'twelve spaces', password: ' '.repeat(12) },
  { what: 'one letter repeated', password: 'aaaaaaaaaaaa' },
  { what: 'one digit repeated', password: '111111111111' },
  { what: 'a keyboard row repeated', password: 'qwertyqwerty' },
  { what: 'a common password with look-alikes', password: 'P@ssw0rd1234' },
  { what: 'a word of the hospital and a sequence', password: 'hospital1234' },
  { what: 'the username in it', password: 'Violet-Nurse.Joy-Tractor', username: 'nurse.joy' },
  { what: "the hospital's name in it", password: `${HOSPITAL_NAME} 2026!` },
];

describe('POST /register refuses weak passwords', () => {
  it.each(WEAK)(
    'refuses $what: 400 naming password, with the reason; the code still works',
    async ({ password, username }) => {
      const { response, body, remoteAddress } = await registerWith(password, username);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      const problem = response.json<Problem>();
      expect(problem.errors).toHaveLength(1);
      expect(problem.errors![0]!.field).toBe('password');
      expect(problem.errors![0]!.message).toBe(problem.detail);
      expect(problem.detail).toMatch(/\w.*\.$/);
      if (password.trim()) expect(response.body).not.toContain(password);

      // No account was made: the weak password does not log in…
      const login = await call(app, 'POST', '/login', {
        body: { username: body.username, password },
        remoteAddress,
      });
      expect(login.statusCode).toBe(401);
      // …and the activation code was not used up by the refusal.
      const retry = await call(app, 'POST', '/register', {
        body: { ...body, password: GOOD_PASSWORD },
        remoteAddress,
      });
      expect(retry.statusCode, retry.body).toBe(201);
    },
  );

  it('says why: the reason names what makes the password weak', async () => {
    const detailOf = async (password: string, username?: string) =>
      (await registerWith(password, username)).response.json<Problem>().detail;
    const { warnings } = PASSWORD_STRENGTH_MESSAGES;
    expect(await detailOf('aaaaaaaaaaaa')).toContain(warnings.simpleRepeat);
    expect(await detailOf('qwertyqwerty')).toContain(warnings.extendedRepeat);
    expect(await detailOf('P@ssw0rd1234')).toContain(warnings.similarToCommon);
    expect(await detailOf('hospital1234')).toContain(warnings.userInputs);
    expect(await detailOf('Violet-Nurse.Joy-Tractor', 'nurse.joy')).toBe(
      PASSWORD_STRENGTH_MESSAGES.containsUsername,
    );
    expect(await detailOf(`${HOSPITAL_NAME} 2026!`)).toBe(
      PASSWORD_STRENGTH_MESSAGES.containsHospitalName,
    );
  });

  it.each([GOOD_PASSWORD, 'demo-password-2026', 'walnut sofa kettle drizzle'])(
    'accepts the strong password %j, which then logs in',
    async (password) => {
      const { response, body, remoteAddress } = await registerWith(password);
      expect(response.statusCode, response.body).toBe(201);
      const login = await call(app, 'POST', '/login', {
        body: { username: body.username, password },
        remoteAddress,
      });
      expect(login.statusCode).toBe(200);
    },
  );
});
