import type { Config } from './config';
import { resolveJwtSecret, resolveMfaKey, resolvePublicUrl } from './config';
import { buildApp } from './app';
import {
  type Database,
  type OpenOptions,
  openDatabase,
  SERVER_DATABASE_TIMEOUTS,
} from './db/database';
import { describeRepair, secureDataDirectory } from './db/data-dir-modes';
import { existingDemoAccounts, isEmpty, loadDemoData } from './db/demo-data';
import { MIGRATIONS, migrate } from './db/migrate';
import { createSessionCache, type SessionCache } from './security/session-cache';

/** A running server and how to stop it cleanly. */
export interface RunningServer {
  readonly url: string;
  readonly database: Database;
  readonly demoAccounts: Awaited<ReturnType<typeof existingDemoAccounts>>;
  readonly demoLoaded: boolean;
  /** Stops accepting requests, lets those in flight finish, then closes the database. */
  close(): Promise<void>;
}

/** Opens the database named by the config: a PostgreSQL server or the embedded data directory. */
export function openConfiguredDatabase(
  config: Config,
  options: OpenOptions = {},
): Promise<Database> {
  return openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
    options,
  );
}

/**
 * Opens and migrates the database, loads the demo data where the config says so, and listens.
 * Demo data goes into an empty embedded database by default, never into a server's unless
 * DEMO_DATA=always.
 */
export async function startServer(
  config: Config,
  logger: boolean | object = true,
  staticRoot: string | undefined = config.staticDir,
): Promise<RunningServer> {
  // The data directory is made the server's alone before the secrets are generated in it.
  const repair = config.databaseUrl ? undefined : secureDataDirectory(config.dataDir);
  const jwtSecret = resolveJwtSecret(config);
  const mfaKey = resolveMfaKey(config);
  resolvePublicUrl(config);
  const database = await openConfiguredDatabase(config, { timeouts: SERVER_DATABASE_TIMEOUTS });
  let sessionCache: SessionCache | undefined;
  try {
    const wantDemo =
      config.demoData === 'always' || (config.demoData === 'auto' && database.kind === 'embedded');
    let demoLoaded = false;
    // Under the migrations' advisory lock: of several instances starting together on one empty
    // database, the first loads the demo data and the others, waiting on the lock, find it there.
    await migrate(database.db, MIGRATIONS, async (tx) => {
      if (!wantDemo || !(await isEmpty(tx))) return;
      await loadDemoData(tx, config.passwordHashing);
      demoLoaded = true;
    });
    // On a PostgreSQL server, where other instances and the admin tool may change a session,
    // the cache listens for their notifications. PGlite is opened by this process alone and
    // reached through one connection, which a LISTEN would hold: it asks the database each time.
    sessionCache = config.databaseUrl ? createSessionCache(config.databaseUrl) : undefined;
    const app = await buildApp({
      config,
      db: database.db,
      jwtSecret,
      mfaKey,
      logger,
      staticRoot,
      ...(database.poolStats ? { databasePool: database.poolStats } : {}),
      ...(sessionCache ? { sessionCache } : {}),
    });
    const repaired = repair && describeRepair(config.dataDir, repair);
    if (repaired) app.log.warn(repaired);
    const url = await app.listen({ port: config.port, host: config.host });
    return {
      url,
      database,
      demoAccounts: await existingDemoAccounts(database.db),
      demoLoaded,
      close: async () => {
        try {
          app.beginShutdown();
          await app.close();
        } finally {
          await sessionCache?.close();
          await database.close();
        }
      },
    };
  } catch (error) {
    await sessionCache?.close();
    await database.close();
    throw error;
  }
}
