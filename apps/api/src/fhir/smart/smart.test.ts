import { runAdminCommand } from '../../admin';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemError } from '../../errors';
import type { Database } from '../../db/database';
import { queryRows } from '../../db/database';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  testConfig,
} from '../../test/harness';
import {
  accessToken,
  addBackendClientCommand,
  assertion,
  createBulkTestApp,
  newKeyPair,
  registerBackend,
  requestToken,
  type TestBackend,
  tokenEndpoint,
  tokenForm,
} from '../bulk/test-kit';

describe.each(BACKENDS)('SMART Backend Services on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let rs: TestBackend;
  let es: TestBackend;
  let endpoint: string;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    app = await createBulkTestApp(database);
    rs = await registerBackend(database, 'RS384');
    es = await registerBackend(database, 'ES384');
    endpoint = await tokenEndpoint(app);
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const refusal = async (form: Record<string, string>) => {
    const response = await requestToken(app, form);
    return {
      status: response.statusCode,
      ...response.json<{ error: string; error_description: string }>(),
    };
  };

  describe('add-backend-client', () => {
    it('stores the keys and prints the client_id on its last line', async () => {
      const pair = await newKeyPair('ES384');
      const output = await addBackendClientCommand(database, 'Regional lab', {
        keys: [pair.publicJwk],
      });
      const clientId = output.split('\n').at(-1)!;
      expect(clientId).toMatch(/^bk_[A-Za-z0-9_-]{22}$/);
      const [row] = await queryRows<{ name: string; jwks: { keys: { kid: string }[] } }>(
        database.db,
        sql`select name, jwks from backend_client where client_id = ${clientId}`,
      );
      expect(row!.name).toBe('Regional lab');
      expect(row!.jwks.keys[0]!.kid).toBe(pair.kid);
      const [event] = await queryRows<{ actor_username: string; address: string }>(
        database.db,
        sql`select actor_username, address from audit_event where action = 'backend-client.create'
          and actor_username = ${`backend:${clientId}`}`,
      );
      expect(event!.address).toBe('admin-cli');
    });

    it.each([
      ['not JSON', '{keys', /not JSON/],
      ['no keys', { keys: [] }, /1 to 10 keys/],
      ['an RS256 key', 'RS256', /alg must be RS384 or ES384/],
      ['an ES256 key', 'ES256', /alg must be RS384 or ES384/],
      ['a private key', 'private', /private part \("d"\)/],
      [
        'a symmetric key',
        { keys: [{ kty: 'oct', k: 'c2VjcmV0', alg: 'RS384' }] },
        /private part \("k"\)/,
      ],
      ['an EC key on another curve', 'P-256-as-ES384', /P-384/],
      [
        'a key that does not import',
        { keys: [{ kty: 'EC', alg: 'ES384', crv: 'P-384', x: 'AQAB', y: 'AQAB' }] },
        /not a valid ES384/,
      ],
    ])('refuses %s', async (_label, jwks, message) => {
      let value: unknown = jwks;
      if (jwks === 'RS256' || jwks === 'ES256') {
        const { publicKey } = await (
          await import('jose')
        ).generateKeyPair(jwks, { extractable: true });
        value = { keys: [{ ...(await (await import('jose')).exportJWK(publicKey)), alg: jwks }] };
      } else if (jwks === 'private') {
        const { privateKey } = await (
          await import('jose')
        ).generateKeyPair('ES384', { extractable: true });
        value = {
          keys: [{ ...(await (await import('jose')).exportJWK(privateKey)), alg: 'ES384' }],
        };
      } else if (jwks === 'P-256-as-ES384') {
        const { publicKey } = await (
          await import('jose')
        ).generateKeyPair('ES256', { extractable: true });
        value = {
          keys: [{ ...(await (await import('jose')).exportJWK(publicKey)), alg: 'ES384' }],
        };
      }
      const error = await addBackendClientCommand(database, 'Bad keys', value).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ProblemError);
      expect((error as ProblemError).message).toMatch(message);
    });

    it('asks for a name and a file', async () => {
      const { runAdminCommand } = await import('../../admin');
      for (const argv of [
        ['add-backend-client'],
        ['add-backend-client', 'Lab'],
        ['add-backend-client', '--jwks-file', 'x.json'],
      ]) {
        const error = await runAdminCommand(database.db, argv, 30).catch((e: unknown) => e);
        expect((error as ProblemError).message).toMatch(
          /Usage: npm run admin -- add-backend-client/,
        );
      }
      const missing = await runAdminCommand(
        database.db,
        ['add-backend-client', 'Lab', '--jwks-file', '/nonexistent/jwks.json'],
        30,
      ).catch((e: unknown) => e);
      expect((missing as ProblemError).message).toMatch(/cannot read/);
    });
  });

  it('publishes its SMART configuration to anyone', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/fhir/R4/.well-known/smart-configuration',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      // PUBLIC_URL's default on the embedded database: HOST and PORT (the tests' defaults).
      token_endpoint: 'http://127.0.0.1:3000/fhir/R4/auth/token',
      token_endpoint_auth_methods_supported: ['private_key_jwt'],
      token_endpoint_auth_signing_alg_values_supported: ['RS384', 'ES384'],
      grant_types_supported: ['client_credentials'],
      capabilities: expect.arrayContaining(['client-confidential-asymmetric']) as unknown,
    });
    expect(body['scopes_supported']).toContain('system/*.read');
  });

  it.each(['RS384', 'ES384'] as const)('grants a 5-minute token to a %s client', async (alg) => {
    const client = alg === 'RS384' ? rs : es;
    const response = await requestToken(app, tokenForm(await assertion(client, endpoint)));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({
      token_type: 'bearer',
      expires_in: 300,
      scope: 'system/*.read',
      access_token: expect.any(String) as string,
    });
  });

  it('grants a narrower scope as asked', async () => {
    const response = await requestToken(
      app,
      tokenForm(await assertion(rs, endpoint), 'system/Patient.read system/Condition.rs'),
    );
    expect(response.json()).toMatchObject({ scope: 'system/Patient.read system/Condition.rs' });
  });

  it('refuses an assertion signed by another key', async () => {
    const other = await newKeyPair('RS384');
    expect(
      await refusal(tokenForm(await assertion(rs, endpoint, { key: other.privateKey }))),
    ).toMatchObject({
      status: 401,
      error: 'invalid_client',
      error_description: 'client_assertion signature does not verify',
    });
  });

  it('refuses an expired assertion', async () => {
    expect(
      await refusal(tokenForm(await assertion(es, endpoint, { expiresIn: -120 }))),
    ).toMatchObject({
      status: 401,
      error: 'invalid_client',
      error_description: 'client_assertion has expired',
    });
  });

  it('refuses an assertion living more than 5 minutes', async () => {
    expect(
      await refusal(tokenForm(await assertion(es, endpoint, { expiresIn: 3600 }))),
    ).toMatchObject({
      error: 'invalid_client',
      error_description: expect.stringMatching(/at most 5 minutes/) as string,
    });
  });

  it('refuses a replayed jti, even in another assertion', async () => {
    const jti = randomUUID();
    const first = await requestToken(app, tokenForm(await assertion(rs, endpoint, { jti })));
    expect(first.statusCode).toBe(200);
    const again = await requestToken(app, tokenForm(await assertion(rs, endpoint, { jti })));
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({
      error_description: 'client_assertion jti was used before (replay)',
    });
  });

  it('refuses an assertion for another audience', async () => {
    expect(
      await refusal(
        tokenForm(await assertion(rs, endpoint, { aud: 'https://elsewhere.example/token' })),
      ),
    ).toMatchObject({
      status: 401,
      error_description: 'client_assertion aud must be the token endpoint URL',
    });
  });

  it('takes the audience from PUBLIC_URL, never from the Host header', async () => {
    // What the Host header would make the token URL (no TRUST_PROXY: plain http).
    const elsewhere = 'http://other-hospital.example/fhir/R4/auth/token';
    const forged = await app.inject({
      method: 'POST',
      url: '/fhir/R4/auth/token',
      headers: {
        host: 'other-hospital.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams(
        tokenForm(await assertion(rs, elsewhere, { aud: elsewhere })),
      ).toString(),
    });
    expect(forged.statusCode, forged.body).toBe(401);
    expect(forged.json()).toMatchObject({
      error_description: 'client_assertion aud must be the token endpoint URL',
    });
    const configured = await createTestApp(
      database,
      testConfig({ publicUrl: 'https://portal.riverside.example' }),
    );
    try {
      const right = 'https://portal.riverside.example/fhir/R4/auth/token';
      expect(await tokenEndpoint(configured.app)).toBe(right);
      const granted = await configured.app.inject({
        method: 'POST',
        url: '/fhir/R4/auth/token',
        headers: { host: '10.0.0.7:3000', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(tokenForm(await assertion(rs, right))).toString(),
      });
      expect(granted.statusCode, granted.body).toBe(200);
    } finally {
      await configured.app.close();
    }
  });

  it('refuses an unknown client, and iss and sub that differ', async () => {
    expect(
      await refusal(
        tokenForm(await assertion(rs, endpoint, { iss: 'bk_nobody', sub: 'bk_nobody' })),
      ),
    ).toMatchObject({
      status: 401,
      error: 'invalid_client',
      error_description: 'unknown or disabled client',
    });
    expect(
      await refusal(tokenForm(await assertion(rs, endpoint, { sub: es.clientId }))),
    ).toMatchObject({
      status: 401,
      error_description: 'client_assertion iss and sub must both be the client_id',
    });
  });

  it('refuses a disabled client', async () => {
    const client = await registerBackend(database, 'ES384', 'Retired system');
    await runAdminCommand(database.db, ['disable-backend-client', client.clientId], 30);
    expect(await refusal(tokenForm(await assertion(client, endpoint)))).toMatchObject({
      error_description: 'unknown or disabled client',
    });
  });

  it('refuses what is not a client-credentials request, in OAuth terms', async () => {
    const good = tokenForm(await assertion(rs, endpoint));
    expect(await refusal({ ...good, grant_type: 'password' })).toMatchObject({
      status: 400,
      error: 'unsupported_grant_type',
    });
    expect(await refusal({ ...good, client_assertion_type: 'x' })).toMatchObject({
      status: 400,
      error: 'invalid_request',
    });
    expect(await refusal({ ...good, client_assertion: '' })).toMatchObject({
      status: 400,
      error: 'invalid_request',
    });
    expect(await refusal({ ...good, client_assertion: 'not-a-jwt' })).toMatchObject({
      status: 401,
      error: 'invalid_client',
    });
    expect(await refusal({ ...good, scope: 'patient/*.read' })).toMatchObject({
      status: 400,
      error: 'invalid_scope',
    });
    expect(await refusal({ ...good, scope: 'system/*.write' })).toMatchObject({
      status: 400,
      error: 'invalid_scope',
    });
    expect(await refusal({ ...good, scope: 'system/Basic.read' })).toMatchObject({
      status: 400,
      error: 'invalid_scope',
    });
    const json = await app.inject({ method: 'POST', url: '/fhir/R4/auth/token', payload: good });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ error: 'invalid_request' });
    const text = await app.inject({
      method: 'POST',
      url: '/fhir/R4/auth/token',
      headers: { 'content-type': 'text/plain' },
      payload: 'grant_type=client_credentials',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ error: 'invalid_request' });
  });

  /** The outcomes of the backend.token events of a client, oldest first. */
  const tokenEvents = async (client: TestBackend) =>
    (
      await queryRows<{ outcome: string }>(
        database.db,
        sql`select outcome from audit_event where action = 'backend.token'
            and actor_username = ${`backend:${client.clientId}`} order by id`,
      )
    ).map((r) => r.outcome);

  it('audits tokens granted and refused to registered clients', async () => {
    // A client with no refusal yet in the throttle's window: its first refusal is audited.
    const fresh = await registerBackend(database, 'ES384', 'Audited lab');
    await accessToken(app, fresh);
    await requestToken(app, tokenForm(await assertion(fresh, endpoint, { expiresIn: -120 })));
    expect(await tokenEvents(fresh)).toEqual(['success', 'failure']);
  });

  /** A token request from an address (the throttle counts per address too). */
  const fromAddress = (form: Record<string, string>, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/fhir/R4/auth/token',
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });

  it('throttles refused assertions per client id: 429 with Retry-After, the burst audited once', async () => {
    const target = await registerBackend(database, 'ES384', 'Targeted lab');
    const forger = await newKeyPair('ES384');
    const answers: number[] = [];
    // Forged assertions naming the client, each from another address.
    for (let n = 0; n < 15; n++) {
      const forged = await assertion(target, endpoint, { key: forger.privateKey });
      answers.push((await fromAddress(tokenForm(forged), `203.0.113.${n + 1}`)).statusCode);
    }
    expect(answers).toEqual([...Array<number>(10).fill(401), ...Array<number>(5).fill(429)]);
    const refused = await fromAddress(tokenForm(await assertion(target, endpoint)), '203.0.113.99');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ error: 'temporarily_unavailable' });
    expect(await tokenEvents(target)).toEqual(['failure']);
  });

  it('throttles refused assertions per address, whatever client they name', async () => {
    const answers: number[] = [];
    for (let n = 0; n < 32; n++) {
      const forged = await assertion(es, endpoint, { iss: `bk_nobody${n}`, sub: `bk_nobody${n}` });
      answers.push((await fromAddress(tokenForm(forged), '198.51.100.77')).statusCode);
    }
    expect(answers).toEqual([...Array<number>(30).fill(401), 429, 429]);
    // Another address is not held back by it.
    expect(
      (await fromAddress(tokenForm(await assertion(es, endpoint)), '198.51.100.78')).statusCode,
    ).toBe(200);
  });

  it('a backend token opens no API call, and a session token no bulk call', async () => {
    const token = await accessToken(app, rs);
    for (const path of ['/profile', '/patient', '/employee']) {
      expect((await call(app, 'GET', path, { token })).statusCode).toBe(401);
    }
    const staff = await createUser(app, database, 'medical_personnel');
    const patient = await createUser(app, database, 'patient');
    for (const user of [staff, patient]) {
      const response = await app.inject({
        method: 'GET',
        url: '/fhir/R4/$export',
        headers: { authorization: `Bearer ${user.token}`, prefer: 'respond-async' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ resourceType: 'OperationOutcome' });
    }
  });
});
