/**
 * A client written from the spec alone, tried as a new user would, over real HTTP on each
 * backend: a request helper as axios behaves by default (its Accept header, which does not ask
 * for problem details, JSON bodies parsed, a failure thrown with the response's status and
 * data), a login form that shows "the server's response data" on a failure as React renders a
 * child, and an edit form that sends its whole state, empty lists included. The portal's own
 * client asks for problems.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PatientRecord,
  PORTAL_ACCEPT,
  type Problem,
  WRONG_CREDENTIALS_MESSAGE,
} from '@portal/contract';
import type { Database } from '../db/database';
import {
  BACKENDS,
  createTestApp,
  createTestDatabase,
  createUser,
  GOOD_PASSWORD,
  newPatient,
  type TestUser,
} from '../test/harness';

/** The Accept header axios sends unless told otherwise. */
const AXIOS_ACCEPT = 'application/json, text/plain, */*';

/** The spec's fallback when a failure has no data. */
const FALLBACK = 'Wrong Username or Password';

/** A failed call as axios reports it: the response's status, headers and data. */
class CallFailed extends Error {
  constructor(
    readonly status: number,
    readonly contentType: string,
    readonly data: unknown,
  ) {
    super(`status ${status}`);
  }
}

/** The spec's client: JSON against the API base, axios's defaults. */
function specClient(base: string) {
  return async <T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> => {
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        accept: AXIOS_ACCEPT,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    // As axios: a body that parses as JSON is handed over parsed, whatever its type says.
    let data: unknown = text;
    try {
      data = text ? JSON.parse(text) : '';
    } catch {
      // Left as text.
    }
    if (!response.ok) {
      throw new CallFailed(response.status, response.headers.get('content-type') ?? '', data);
    }
    return data as T;
  };
}

/**
 * A child rendered as React renders it: text escaped, and an object refused with React's own
 * error (a page that renders the failure's data then goes blank).
 */
function renderChild(child: unknown): string {
  if (typeof child === 'string' || typeof child === 'number') {
    return String(child).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  }
  if (child === null || child === undefined || typeof child === 'boolean') return '';
  throw new Error('Objects are not valid as a React child');
}

/** What the spec's login page shows on a failure: the response's data, or the fallback. */
function renderFailure(error: unknown): string {
  const data = error instanceof CallFailed ? error.data : undefined;
  return `<p class="error">${renderChild(data || FALLBACK)}</p>`;
}

/** The failure of a call, or a test failure if it succeeded. */
async function failureOf(call: Promise<unknown>): Promise<CallFailed> {
  try {
    await call;
  } catch (error) {
    if (error instanceof CallFailed) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

describe.each(BACKENDS)('a client written from the spec, on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let doctor: TestUser;
  let base: string;
  let call: ReturnType<typeof specClient>;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    call = specClient(base);
    doctor = await createUser(app, database, 'medical_personnel');
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('renders a failed login as the server’s message', async () => {
    const wrong = await failureOf(
      call('POST', '/login', { username: doctor.username, password: 'not-the-password-at-all' }),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.contentType).toMatch(/^application\/json/);
    expect(wrong.data).toBe(WRONG_CREDENTIALS_MESSAGE);
    expect(renderFailure(wrong)).toBe(`<p class="error">${WRONG_CREDENTIALS_MESSAGE}</p>`);

    // A form sent half empty: a 400 whose message names the field, still a string.
    const blank = await failureOf(call('POST', '/login', { username: doctor.username }));
    expect(blank.status).toBe(400);
    expect(typeof blank.data).toBe('string');
    expect(blank.data).toMatch(/^password: /);
    expect(renderFailure(blank)).toMatch(/^<p class="error">password: [^<]+<\/p>$/);

    // A body that is not JSON at all: the same.
    const broken = await failureOf(
      fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { accept: AXIOS_ACCEPT, 'content-type': 'application/json' },
        body: '{"username": ',
      }).then(async (response) => {
        throw new CallFailed(
          response.status,
          response.headers.get('content-type') ?? '',
          JSON.parse(await response.text()),
        );
      }),
    );
    expect(broken.status).toBe(400);
    expect(typeof broken.data).toBe('string');
  });

  it('renders a failed registration as the server’s message', async () => {
    const refused = await failureOf(
      call('POST', '/register', {
        username: doctor.username,
        password: GOOD_PASSWORD,
        role: 'patient',
        id: 'P000001',
        activation_code: 'ABCD-EFGH-JKMN',
      }),
    );
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(typeof refused.data).toBe('string');
    expect(renderFailure(refused)).toMatch(/^<p class="error">[^<]+<\/p>$/);

    const missing = await failureOf(call('POST', '/register', { username: 'new.user' }));
    expect(missing.status).toBe(400);
    expect(typeof missing.data).toBe('string');
    expect(() => renderFailure(missing)).not.toThrow();
  });

  it('would crash on a problem object, which is why it gets none', async () => {
    const asked = await failureOf(
      call('POST', '/login', { username: doctor.username }, { accept: PORTAL_ACCEPT }),
    );
    expect(() => renderFailure(asked)).toThrow('Objects are not valid as a React child');
  });

  it('gives the portal’s own client, which asks for them, problems with their fields', async () => {
    const error = await failureOf(
      call('POST', '/login', { username: doctor.username }, { accept: PORTAL_ACCEPT }),
    );
    expect(error.contentType).toMatch(/^application\/problem\+json/);
    const problem = error.data as Problem;
    expect(problem.status).toBe(400);
    expect(problem.errors?.map((e) => e.field)).toContain('password');
  });

  it('keeps other calls’ failures problems, whatever the Accept', async () => {
    const error = await failureOf(call('GET', '/patient'));
    expect(error.status).toBe(401);
    expect(error.contentType).toMatch(/^application\/problem\+json/);
  });

  it('keeps the lists of a patient when its edit form sends them empty (counts at 0)', async () => {
    const { token } = await call<{ token: string }>('POST', '/login', {
      username: doctor.username,
      password: doctor.password,
    });
    const auth = { authorization: `Bearer ${token}` };
    const added = newPatient();
    await call('POST', '/patient/add-patient', added, auth);
    const id = added.patient.patient_id;
    const before = await call<PatientRecord>('GET', `/patient/${id}`, undefined, auth);
    expect(before.patient_chronic_disease.length).toBeGreaterThan(0);
    expect(before.patient_drug_allergy.length).toBeGreaterThan(0);

    // The spec's edit form: every field, blanks and 0 for those left alone, and a list per
    // count (none chosen: empty).
    await call(
      'PUT',
      '/patient/update-patient',
      {
        patient: {
          patient_id: id,
          first_name: '',
          last_name: '',
          age: 0,
          date_of_birth: '',
          gender: '',
          blood_type: '',
          email: '',
          health_insurance: '',
          address: '',
          phone_number: '',
          id_card_number: '',
          ongoing_treatment: 'Physiotherapy twice a week',
          unhealthy_habits: '',
        },
        patient_chronic_disease: [],
        patient_drug_allergy: [],
      },
      auth,
    );
    const after = await call<PatientRecord>('GET', `/patient/${id}`, undefined, auth);
    expect(after).toEqual({
      ...before,
      patient: { ...before.patient, ongoing_treatment: 'Physiotherapy twice a week' },
    });
  });
});
