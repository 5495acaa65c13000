/**
 * The session cache on a real PostgreSQL server: it answers from memory, forgets on
 * every change the migration's triggers notify (whatever process made it), keeps nothing a
 * change overtook, and keeps nothing while it cannot hear the notifications. PGlite has no
 * cache (one process, one connection), so the tests are declared on PostgreSQL only.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../db/database';
import { loadDemoData } from '../db/demo-data';
import { migrate } from '../db/migrate';
import { type SessionState, accountsRepository } from '../repositories/accounts';
import {
  BACKENDS,
  call,
  createEmptyServerDatabase,
  createTestApp,
  createUser,
  testConfig,
} from '../test/harness';
import { createSessionCache, type SessionCache } from './session-cache';

const until = async (condition: () => Promise<boolean>, ms: number): Promise<boolean> => {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

if (BACKENDS.includes('postgres'))
  describe('the session cache on PostgreSQL', () => {
    let database: Database;
    let drop: () => Promise<void>;
    let url: string;
    let cache: SessionCache;
    let sessionId: string;

    beforeAll(async () => {
      const empty = await createEmptyServerDatabase();
      url = empty.url;
      drop = () => empty.drop();
      database = await openDatabase({ url });
      await migrate(database.db);
      await loadDemoData(database.db, testConfig().passwordHashing);
      const [row] = await queryRows<{ id: string }>(
        database.db,
        sql`insert into session (user_id, expires_at, absolute_expires_at)
            select id, now() + interval '1 hour', now() + interval '8 hours'
            from app_user where username = 'demo.doctor' returning id`,
      );
      sessionId = row!.id;
      cache = createSessionCache(url);
    });

    afterAll(async () => {
      await cache?.close();
      await database?.close();
      await drop?.();
    });

    /** A lookup that counts whether it went to the database. */
    let loads = 0;
    const lookup = () =>
      cache.lookup(sessionId, () => {
        loads++;
        return accountsRepository.findSession(database.db, sessionId);
      });
    /** Whether the next lookup is answered from memory (it is then undone: loads unchanged). */
    const kept = async () => {
      const before = loads;
      await lookup();
      return loads === before;
    };

    it('answers the second check from memory once it listens', async () => {
      expect(await until(async () => (await lookup(), kept()), 2000)).toBe(true);
      const state = (await lookup()) as SessionState;
      expect(state.revoked).toBe(false);
      expect(state.username).toBe('demo.doctor');
    });

    it('forgets, within 1 s, a session another connection revoked', async () => {
      expect(await kept()).toBe(true);
      await database.db.execute(
        sql`update session set revoked_at = now(), revoked_reason = 'logout' where id = ${sessionId}`,
      );
      expect(
        await until(async () => (await lookup())?.revoked === true, 1000),
        'the revocation was not seen within 1 s',
      ).toBe(true);
      // A revoked session is never kept: every check asks the database.
      expect(await kept()).toBe(false);
      expect(await kept()).toBe(false);
      await database.db.execute(
        sql`update session set revoked_at = null, revoked_reason = null where id = ${sessionId}`,
      );
    });

    it('forgets when an account or its record changes, not only its session', async () => {
      expect(await until(async () => (await lookup(), kept()), 1000)).toBe(true);
      await database.db.execute(
        sql`update employee set work_status = work_status where id =
              (select employee_id from app_user where username = 'demo.doctor')`,
      );
      expect(await until(async () => !(await kept()), 1000)).toBe(true);
    });

    it('is kept through refused writes (a flood of failed logins) and searches (POSTs that read), forgotten after a write that succeeds', async () => {
      const { app } = await createTestApp(database, testConfig(), { sessionCache: cache });
      try {
        const doctor = await createUser(app, database, 'medical_personnel');
        const { sid } = JSON.parse(
          Buffer.from(doctor.token.split('.')[1]!, 'base64url').toString(),
        ) as { sid: string };
        let reads = 0;
        const keptFor = async () => {
          const before = reads;
          await cache.lookup(sid, () => {
            reads++;
            return accountsRepository.findSession(database.db, sid);
          });
          return reads === before;
        };
        expect((await call(app, 'GET', '/profile', { token: doctor.token })).statusCode).toBe(200);
        expect(await until(keptFor, 2000)).toBe(true);
        for (let i = 0; i < 5; i++) {
          const refused = await call(app, 'POST', '/login', {
            body: { username: `nobody${i}`, password: 'not-the-password-123' },
          });
          expect(refused.statusCode).toBe(401);
        }
        expect(await keptFor()).toBe(true);
        const searched = await call(app, 'POST', '/patient/search-patient', {
          token: doctor.token,
          body: { patient_id: '', first_name: 'som', last_name: '' },
        });
        expect(searched.statusCode).toBe(200);
        expect(await keptFor()).toBe(true);
        expect((await call(app, 'POST', '/logout', { token: doctor.token })).statusCode).toBe(204);
        expect(await keptFor()).toBe(false);
      } finally {
        await app.close();
      }
    });

    it('does not keep what a load read before a change that overtook it', async () => {
      await lookup();
      cache.clear();
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const slow = cache.lookup(sessionId, async () => {
        const state = await accountsRepository.findSession(database.db, sessionId);
        await gate;
        return state;
      });
      cache.clear(); // what a write of this instance, or a notification, does meanwhile
      release();
      await slow;
      expect(await kept()).toBe(false);
    });

    it('keeps nothing while its listening connection is lost, and listens again', async () => {
      expect(await until(async () => (await lookup(), kept()), 1000)).toBe(true);
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query ilike 'listen %'`,
      );
      // Lost: every check goes to the database until it listens again (about a second later).
      expect(await until(async () => !(await kept()), 1000)).toBe(true);
      expect(await until(async () => (await lookup(), kept()), 5000)).toBe(true);
    });
  });
