import { fileURLToPath } from 'node:url';
import { warmCatalogueSearch } from './catalogues/search';
import { loadConfig } from './config';
import { DataDirectoryInUseError } from './db/data-dir-lock';
import { DEMO_PASSWORD } from './db/demo-data';
import { describeFailure, startupFailureMessage } from './errors';
import { startServer } from './server';

/** How long a shutdown may take before the process gives up waiting. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  // Whatever the server writes (the data directory, PGlite's files, the generated secrets) is
  // its user's alone, whatever umask it was started with.
  process.umask(0o077);
  const config = loadConfig();
  // The built frontends sit beside the API's bundle: dist/apps/{public-and-patient,clinical,hr}.
  const server = await startServer(
    config,
    true,
    config.staticDir ?? fileURLToPath(new URL('..', import.meta.url)),
  );
  const where = config.databaseUrl
    ? 'PostgreSQL server (DATABASE_URL)'
    : `embedded PGlite in ${config.dataDir}`;
  const lines = [
    '',
    `Hospital portal listening on ${server.url}   (open it in a browser)`,
    `  API:      ${server.url}/api   (OpenAPI document: ${server.url}/api/openapi.json)`,
    `  Database: ${where}${server.demoLoaded ? ' — demo data loaded' : ''}`,
  ];
  if (server.demoAccounts.length) {
    lines.push(`  Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of server.demoAccounts)
      lines.push(`    ${a.username.padEnd(14)} ${a.role.padEnd(18)} ${a.recordId}`);
  }
  console.log(lines.join('\n') + '\n');
  // The catalogues' search index (about a second to build), now rather than on the first
  // search: after the start, which it does not hold up.
  setImmediate(warmCatalogueSearch);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests in flight, then closing the database.`);
    setTimeout(() => {
      console.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Shutdown failed: ${describeFailure(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  // A configuration problem is explained in the operator's words; a database error by its
  // class, SQLSTATE and constraint only (its message holds the query's data: demo patients).
  console.error(
    error instanceof DataDirectoryInUseError ? error.message : startupFailureMessage(error),
  );
  process.exit(1);
});
