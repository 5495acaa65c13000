import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { JWK } from 'jose';
import { type Db, queryRows } from '../../db/database';
import { audit, type RequestContext } from '../../repositories/audit';
import type { PublicJwks } from './jwks';

/** A registered backend client as the token endpoint needs it. */
export interface BackendClient {
  readonly clientId: string;
  readonly name: string;
  readonly jwks: { keys: JWK[] };
  readonly disabled: boolean;
}

/** The longest name a backend client may have. */
export const MAX_CLIENT_NAME = 100;

/**
 * Registers a backend client with its (checked) public keys and audits it; returns its new
 * client_id, random and unguessable, as the client's `iss`/`sub` in its assertions.
 */
export async function addBackendClient(
  db: Db,
  context: RequestContext,
  name: string,
  jwks: PublicJwks,
): Promise<string> {
  const clientId = `bk_${randomBytes(16).toString('base64url')}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into backend_client (client_id, name, jwks)
      values (${clientId}, ${name}, ${JSON.stringify(jwks)}::jsonb)`);
    await audit(tx, context, {
      action: 'backend-client.create',
      outcome: 'success',
      username: `backend:${clientId}`,
    });
  });
  return clientId;
}

/** The client with this id, disabled or not; undefined when there is none. */
export async function findBackendClient(
  db: Db,
  clientId: string,
): Promise<BackendClient | undefined> {
  const [row] = await queryRows<{
    client_id: string;
    name: string;
    jwks: { keys: JWK[] } | string;
    disabled: boolean;
  }>(
    db,
    sql`select client_id, name, jwks, disabled from backend_client where client_id = ${clientId}`,
  );
  if (!row) return undefined;
  // PGlite and node-postgres both parse jsonb; a string is parsed here in case a driver does not.
  const jwks = typeof row.jwks === 'string' ? (JSON.parse(row.jwks) as { keys: JWK[] }) : row.jwks;
  return { clientId: row.client_id, name: row.name, jwks, disabled: row.disabled };
}

/** A registered client as the administrator's list shows it (no keys). */
export interface BackendClientSummary {
  readonly client_id: string;
  readonly name: string;
  readonly disabled: boolean;
  readonly keys: number;
  readonly created_at: string;
}

/** Every registered backend client, the newest first. */
export async function listBackendClients(db: Db): Promise<BackendClientSummary[]> {
  return queryRows<BackendClientSummary>(
    db,
    sql`select client_id, name, disabled, jsonb_array_length(jwks -> 'keys')::int as keys,
      to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as created_at
      from backend_client order by created_at desc, client_id`,
  );
}

/**
 * Disables or enables a client and audits it; false when there is no such client. Disabling
 * acts at once: the token endpoint refuses it and every bulk call checks it
 * (`backendClientActive`), so its tokens stop working and its running export is refused at the
 * next status call. Rotating keys is a new client with the new JWKS, then the old one disabled.
 */
export async function setBackendClientDisabled(
  db: Db,
  context: RequestContext,
  clientId: string,
  disabled: boolean,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ client_id: string }>(
      tx,
      sql`update backend_client set disabled = ${disabled} where client_id = ${clientId}
        returning client_id`,
    );
    if (!rows.length) return false;
    await audit(tx, context, {
      action: disabled ? 'backend-client.disable' : 'backend-client.enable',
      outcome: 'success',
      username: `backend:${clientId}`,
    });
    return true;
  });
}

/** Whether the client exists and is not disabled (each bulk call asks: a disable acts at once). */
export async function backendClientActive(db: Db, clientId: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from backend_client where client_id = ${clientId} and not disabled`,
  );
  return rows.length === 1;
}

/**
 * Records an assertion's jti until its expiry; false when the client used it already (a
 * replay). One statement, so two instances given the same assertion cannot both accept it.
 */
export async function claimJti(
  db: Db,
  clientId: string,
  jti: string,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await queryRows<{ jti: string }>(
    db,
    sql`insert into backend_assertion_jti (client_id, jti, expires_at)
      values (${clientId}, ${jti}, ${expiresAt.toISOString()}::timestamptz)
      on conflict do nothing returning jti`,
  );
  return rows.length === 1;
}

/** Forgets the jtis whose assertions have expired (they can no longer be replayed anyway). */
export async function sweepJtis(db: Db, now: Date): Promise<void> {
  await db.execute(
    sql`delete from backend_assertion_jti where expires_at < ${now.toISOString()}::timestamptz`,
  );
}
