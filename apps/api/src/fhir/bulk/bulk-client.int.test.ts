import { type AddressInfo, createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Client } from 'fhir-kit-client';
import type { Resource } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { BACKENDS, call, createTestDatabase, createUser, newPatient } from '../../test/harness';
import { expectValid, loadValidator } from '../test/validator';
import {
  assertion,
  createBulkTestApp,
  registerBackend,
  type TestBackend,
  tokenForm,
} from './test-kit';

beforeAll(loadValidator, 120_000);

/** A port nothing listens on now, for a server that must know its address before it listens. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A backend system's whole session against a listening server, as an integrator writes it:
 * the SMART configuration and FHIR calls through fhir-kit-client, the token request and the
 * NDJSON downloads with fetch (the library parses JSON answers only).
 */
describe.each(BACKENDS)('a bulk export driven by fhir-kit-client on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let system: TestBackend;
  let baseUrl: string;
  const ids: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    // The token endpoint the server names is PUBLIC_URL's: the address it will listen on.
    const port = await freePort();
    app = await createBulkTestApp(database, { publicUrl: `http://127.0.0.1:${port}` });
    const doctor = await createUser(app, database, 'medical_personnel');
    for (let n = 0; n < 4; n++) {
      const body = newPatient();
      const added = await call(app, 'POST', '/patient/add-patient', { token: doctor.token, body });
      if (added.statusCode !== 201) throw new Error(added.body);
      ids.push(body.patient.patient_id);
    }
    system = await registerBackend(database, 'RS384');
    baseUrl = `${await app.listen({ host: '127.0.0.1', port })}/fhir/R4`;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('gets a token, exports, polls, downloads valid NDJSON and deletes the export', async () => {
    const anonymous = new Client({ baseUrl });
    const configuration = (await anonymous.request(
      '.well-known/smart-configuration',
    )) as unknown as {
      token_endpoint: string;
    };
    expect(configuration.token_endpoint).toBe(`${baseUrl}/auth/token`);
    const granted = await fetch(configuration.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(tokenForm(await assertion(system, configuration.token_endpoint))),
    });
    expect(granted.status).toBe(200);
    const { access_token: token } = (await granted.json()) as { access_token: string };
    const client = new Client({ baseUrl, customHeaders: { Authorization: `Bearer ${token}` } });

    const kickOff = await client.request('Patient/$export?_type=Patient,AllergyIntolerance', {
      options: { headers: { Prefer: 'respond-async' } },
    });
    const started = Client.httpFor(kickOff).response!;
    expect(started.status).toBe(202);
    const status = started.headers.get('content-location')!;
    expect(status).toMatch(new RegExp(`^${baseUrl}/bulk-status/`));

    let manifest: { output: { type: string; url: string; count: number }[] } | undefined;
    for (let i = 0; i < 300 && !manifest; i++) {
      const answer = await client.request(status);
      if (Client.httpFor(answer).response!.status === 200)
        manifest = answer as unknown as typeof manifest;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(manifest!.output.map((o) => o.type)).toEqual(['Patient', 'AllergyIntolerance']);
    for (const output of manifest!.output) {
      const file = await fetch(output.url, { headers: { authorization: `Bearer ${token}` } });
      expect(file.status).toBe(200);
      const resources = (await file.text())
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as Resource);
      expect(resources).toHaveLength(output.count);
      resources.forEach(expectValid);
      if (output.type === 'Patient')
        for (const id of ids) expect(resources.map((r) => r.id)).toContain(id);
    }

    const deleted = await client.request(status, { method: 'DELETE' });
    expect(Client.httpFor(deleted).response!.status).toBe(202);
    await expect(client.request(status)).rejects.toMatchObject({ response: { status: 404 } });
  });
});
