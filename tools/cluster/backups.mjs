/**
 * pgBackRest's backups of the cluster and a point-in-time restore into a new PostgreSQL
 * (docs/operations.md, "Backups and point-in-time recovery"): `backup` takes a full or
 * incremental backup from whichever node is the primary (WAL is archived continuously by
 * every node's archive_command); `restore --to TIME` restores the backup before TIME and the
 * archived WAL up to TIME into a new data directory, starts it on its own port, and checks it:
 * row counts, the audit chain (the admin tool's verify-audit), the measured recovery time
 * (restore start to a primary answering) and recovery point (the last transaction restored).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  PG_BIN,
  down,
  isUp,
  layout,
  leader,
  pgbackrestArgs,
  query,
  secrets,
  up,
} from './cluster-lib.mjs';
import { verifyAudit } from './drill.mjs';
import {
  daemon,
  postgresDir,
  postgresUser,
  request,
  run,
  sleep,
  stopDaemon,
  waitFor,
} from './processes.mjs';

/** Tables whose row counts a restore is checked by. */
const COUNTED = ['patient', 'employee', 'medical_history', 'appointment', 'audit_event'];

async function counts(l, portNumber) {
  const result = {};
  for (const table of COUNTED)
    result[table] = Number((await query(l, portNumber, `select count(*) as n from ${table}`))[0].n);
  return result;
}

/** A pgBackRest backup of the primary now; its duration and the repository's summary. */
export async function backup(l = layout(), type = 'full', log = console.log) {
  if (!isUp(l)) throw new Error('no cluster running (npm run cluster -- up)');
  const primary = await leader(l);
  if (!primary) throw new Error('no primary to back up');
  const started = Date.now();
  run(
    'pgbackrest',
    pgbackrestArgs(
      l,
      `--pg1-path=${primary.data}`,
      `--pg1-port=${primary.pgPort}`,
      `--type=${type}`,
      'backup',
    ),
    { user: postgresUser() },
  );
  const seconds = (Date.now() - started) / 1000;
  const info = JSON.parse(
    run('pgbackrest', pgbackrestArgs(l, '--output=json', 'info'), { user: postgresUser() }),
  )[0];
  const last = info.backup.at(-1);
  log(
    `${type} backup ${last.label} of ${primary.name} in ${seconds.toFixed(1)} s: ` +
      `${(last.info.size / 1e6).toFixed(1)} MB of database, ${(last.info.delta / 1e6).toFixed(1)} MB copied; ` +
      `${info.backup.length} backup(s) in the repository, WAL ${info.archive[0]?.min ?? '-'} to ${info.archive[0]?.max ?? '-'}`,
  );
  return { label: last.label, seconds, type };
}

/**
 * Restores TIME into `dir/restore/data` and starts it on the restore port; checks it.
 * Leaves it running (stopped by `down`) unless `stop`.
 */
export async function restore(
  l = layout(),
  target,
  { log = console.log, stop = false, expect } = {},
) {
  const user = postgresUser();
  const s = secrets(l);
  const data = join(l.dir, 'restore', 'data');
  await stopDaemon(l.dir, 'restore-pg');
  rmSync(join(l.dir, 'restore'), { recursive: true, force: true });
  postgresDir(join(l.dir, 'restore'), user);
  postgresDir(data, user);
  const started = Date.now();
  run(
    'pgbackrest',
    pgbackrestArgs(
      l,
      `--pg1-path=${data}`,
      '--type=time',
      `--target=${target.toISOString().replace('T', ' ').replace('Z', '+00')}`,
      '--target-action=promote',
      'restore',
    ),
    { user },
  );
  const copied = Date.now();
  daemon(
    l.dir,
    'restore-pg',
    join(PG_BIN, 'postgres'),
    [
      '-D',
      data,
      '-c',
      `port=${l.restorePort}`,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${l.run}`,
      // A copy of its own: it archives nowhere, waits for no standby, follows no primary.
      '-c',
      'archive_mode=off',
      '-c',
      'synchronous_standby_names=',
      '-c',
      'primary_conninfo=',
      '-c',
      'primary_slot_name=',
      '-c',
      'hot_standby=on',
      '-c',
      'cluster_name=portal-restore',
    ],
    { user },
  );
  await waitFor(
    'the restored copy to reach the target and promote',
    async () => (await query(l, l.restorePort, 'select not pg_is_in_recovery() as p'))[0].p,
    300_000,
    250,
  );
  const ready = Date.now();
  const [point] = await query(
    l,
    l.restorePort,
    `select max(occurred_at) as last_event, (select max(recorded_at) from medical_history) as last_entry from audit_event`,
  );
  const lastTx = new Date(
    Math.max(point.last_event?.getTime() ?? 0, point.last_entry?.getTime() ?? 0),
  );
  const restoredCounts = await counts(l, l.restorePort);
  const chain = verifyAudit(`postgres://portal:${s.portal}@127.0.0.1:${l.restorePort}/portal`, l);
  const result = {
    target: target.toISOString(),
    recoveryTimeSeconds: (ready - started) / 1000,
    copySeconds: (copied - started) / 1000,
    lastTransaction: lastTx.toISOString(),
    recoveryPointSeconds: (target.getTime() - lastTx.getTime()) / 1000,
    counts: restoredCounts,
    auditChain: chain,
  };
  log(`Point-in-time restore to ${result.target} on 127.0.0.1:${l.restorePort}`);
  log(
    `  recovery time     ${result.recoveryTimeSeconds.toFixed(1)} s (files ${result.copySeconds.toFixed(1)} s, then WAL replay to the target and promotion)`,
  );
  log(
    `  recovery point    last transaction restored at ${result.lastTransaction}, ${result.recoveryPointSeconds.toFixed(2)} s before the target`,
  );
  log(
    `  rows              ${Object.entries(restoredCounts)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ')}`,
  );
  log(`  audit chain       ${chain.ok ? 'verified' : 'BROKEN'}: ${chain.text}`);
  let ok = chain.ok && lastTx.getTime() <= target.getTime();
  if (expect) {
    for (const [table, n] of Object.entries(expect)) {
      const same = restoredCounts[table] === n;
      if (!same) ok = false;
      log(
        `  ${same ? 'met   ' : 'MISSED'} ${table}: ${restoredCounts[table]} rows restored, ${n} at the target`,
      );
    }
  }
  result.ok = ok;
  if (stop) await stopDaemon(l.dir, 'restore-pg', 15_000);
  return result;
}

async function signIn(base) {
  const { status, body } = await request(`${base}/login`, {
    method: 'POST',
    body: { username: 'demo.doctor', password: 'demo-password-2026' },
  });
  if (status !== 200) throw new Error(`sign-in failed: ${status}`);
  return body.token;
}

/** `count` medical history entries through the portal, each retried until acknowledged. */
async function writeEntries(base, token, prefix, count) {
  const today = new Date().toISOString().slice(0, 10);
  for (let n = 0; n < count; n++) {
    await waitFor(
      `the write ${prefix} ${n}`,
      async () =>
        (
          await request(`${base}/patient/add-patient-history`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              'idempotency-key': `${prefix.replaceAll(' ', '-')}-${n}`,
            },
            body: { patient_id: 'P020', date: today, time: '09:00:00', detail: `${prefix} ${n}` },
          })
        ).status === 201,
      30_000,
      300,
    );
  }
}

/**
 * Full backup, writes, incremental backup, writes, the target time, more writes; the WAL
 * archived; then a restore to the target: every row written before it, none after, the same
 * row counts as the cluster had at the target, and an audit chain that verifies.
 */
export async function pitrDrill(l = layout(), { log = console.log } = {}) {
  const broughtUp = !isUp(l);
  if (broughtUp) await up(l, { log });
  try {
    const base = `http://127.0.0.1:${l.portalPort}/api`;
    const token = await signIn(base);
    const run_ = `pitr-${Date.now().toString(36)}`;
    await backup(l, 'full', log);
    await writeEntries(base, token, `${run_} a`, 10);
    await backup(l, 'incr', log);
    await writeEntries(base, token, `${run_} b`, 10);
    const primary = await leader(l);
    const atTarget = await counts(l, primary.pgPort);
    await sleep(500);
    const target = new Date();
    await sleep(500);
    await writeEntries(base, token, `${run_} c`, 10);
    // Every WAL segment up to now archived before the restore needs it.
    run(
      'pgbackrest',
      pgbackrestArgs(l, `--pg1-path=${primary.data}`, `--pg1-port=${primary.pgPort}`, 'check'),
      {
        user: postgresUser(),
      },
    );
    const result = await restore(l, target, { log, stop: false, expect: atTarget });
    const [marks] = await query(
      l,
      l.restorePort,
      `select count(*) filter (where detail like $1) as before, count(*) filter (where detail like $2) as after
       from medical_history`,
      [`${run_} b %`, `${run_} c %`],
    );
    const before = Number(marks.before);
    const after = Number(marks.after);
    log(
      `  ${before === 10 ? 'met   ' : 'MISSED'} the 10 entries written just before the target are there (${before})`,
    );
    log(`  ${after === 0 ? 'met   ' : 'MISSED'} none of the 10 written after it (${after})`);
    await stopDaemon(l.dir, 'restore-pg', 15_000);
    rmSync(join(l.dir, 'restore'), { recursive: true, force: true });
    return result.ok && before === 10 && after === 0
      ? { ...result, ok: true }
      : { ...result, ok: false };
  } finally {
    if (broughtUp) await down(l, { log });
  }
}
