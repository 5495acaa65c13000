/**
 * Test helpers for SMART Backend Services and bulk export: an app with the bulk plugin, a
 * backend client registered through the admin command with freshly generated keys, signed
 * client assertions and access tokens.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { exportJWK, generateKeyPair, type CryptoKey, SignJWT } from 'jose';
import { runAdminCommand } from '../../admin';
import type { Database } from '../../db/database';
import { createTestApp, testConfig } from '../../test/harness';

/** The test app (the API with FHIR and bulk export), its exports' files living `ttlMinutes`. */
export async function createBulkTestApp(
  database: Database,
  options: { ttlMinutes?: number; publicUrl?: string } = {},
): Promise<FastifyInstance> {
  const config = testConfig({
    bulkExportTtlSeconds: (options.ttlMinutes ?? 60) * 60,
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
  });
  return (await createTestApp(database, config)).app;
}

/** A registered backend client and the private key its assertions are signed with. */
export interface TestBackend {
  readonly clientId: string;
  readonly alg: 'RS384' | 'ES384';
  readonly kid: string;
  readonly privateKey: CryptoKey;
}

/** A key pair of the algorithm, the public half as a JWK ready for a JWKS. */
export async function newKeyPair(alg: 'RS384' | 'ES384') {
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
  const kid = randomUUID();
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), alg, kid, use: 'sig' } };
}

/** Runs add-backend-client with a JWKS written to a temporary file; returns its output. */
export async function addBackendClientCommand(
  database: Database,
  name: string,
  jwks: unknown,
): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'jwks-'));
  try {
    const file = join(dir, 'jwks.json');
    writeFileSync(file, typeof jwks === 'string' ? jwks : JSON.stringify(jwks));
    return await runAdminCommand(
      database.db,
      ['add-backend-client', name, '--jwks-file', file],
      30,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Registers a backend client with a new key pair through the admin command. */
export async function registerBackend(
  database: Database,
  alg: 'RS384' | 'ES384',
  name = `Lab system ${alg}`,
): Promise<TestBackend> {
  const pair = await newKeyPair(alg);
  const output = await addBackendClientCommand(database, name, { keys: [pair.publicJwk] });
  const clientId = output.trim().split('\n').at(-1)!;
  return { clientId, alg, kid: pair.kid, privateKey: pair.privateKey };
}

/** The token endpoint's URL as the server names it in its SMART configuration. */
export async function tokenEndpoint(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: '/fhir/R4/.well-known/smart-configuration',
  });
  return response.json<{ token_endpoint: string }>().token_endpoint;
}

/** A signed client assertion; override any claim or the header, or sign with another key. */
export async function assertion(
  backend: TestBackend,
  audience: string,
  overrides: {
    iss?: string;
    sub?: string;
    aud?: string;
    expiresIn?: number;
    jti?: string;
    key?: CryptoKey;
    alg?: string;
  } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: overrides.alg ?? backend.alg, kid: backend.kid, typ: 'JWT' })
    .setIssuer(overrides.iss ?? backend.clientId)
    .setSubject(overrides.sub ?? backend.clientId)
    .setAudience(overrides.aud ?? audience)
    .setIssuedAt(now)
    .setExpirationTime(now + (overrides.expiresIn ?? 240))
    .setJti(overrides.jti ?? randomUUID())
    .sign(overrides.key ?? backend.privateKey);
}

/** Posts a form to the token endpoint. */
export function requestToken(
  app: FastifyInstance,
  form: Record<string, string>,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/fhir/R4/auth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

/** The form of a client-credentials request with this assertion. */
export const tokenForm = (clientAssertion: string, scope = 'system/*.read') => ({
  grant_type: 'client_credentials',
  client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
  client_assertion: clientAssertion,
  scope,
});

/** An access token for the backend (throws unless the endpoint grants one). */
export async function accessToken(
  app: FastifyInstance,
  backend: TestBackend,
  scope = 'system/*.read',
): Promise<string> {
  const response = await requestToken(
    app,
    tokenForm(await assertion(backend, await tokenEndpoint(app)), scope),
  );
  if (response.statusCode !== 200) throw new Error(`token refused: ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
}
