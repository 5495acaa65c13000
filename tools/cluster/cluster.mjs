#!/usr/bin/env node
/**
 * `npm run cluster -- up|down|status|drill|backup|restore --to TIME`: the portal on a
 * PostgreSQL cluster with automatic failover and point-in-time recovery, on this machine
 * (docs/operations.md, "High availability" and "Backups"). Exit status: 0 done, 1 failed (a
 * drill's goal missed included), 2 a wrong command or argument.
 */
import { down, layout, status, up } from './cluster-lib.mjs';

const USAGE = `Usage: npm run cluster -- <command>
  up                 start etcd, two Patroni-managed PostgreSQL 15 nodes (primary + synchronous
                     standby), HAProxy, pgBackRest's WAL archiving, and the portal through HAProxy
  down               stop everything started and remove the cluster's directory
  status             the nodes' roles and lag, HAProxy and the portal
  drill [--short]    8 writers and 50 readers; SIGKILL the primary's postmaster; report the
                     seconds until writes succeed again and acknowledged writes lost or duplicated
                     (--short: fewer seconds, for CI); brings a cluster up and down if none runs
  backup [--type full|incr]   a pgBackRest backup (full by default)
  restore --to TIME  restore the backups and WAL up to TIME (ISO 8601) into a new PostgreSQL,
                     check its row counts and audit chain, print recovery time and point
  pitr-drill         full backup, writes, incremental backup, writes, restore to a time between
                     them and check it (what CI runs)
Environment: CLUSTER_DIR (default /tmp/portal-cluster), CLUSTER_*_PORT (docs/operations.md).`;

function usage(message) {
  if (message) console.error(message);
  console.error(USAGE);
  process.exit(2);
}

const [command, ...args] = process.argv.slice(2);
const l = layout();

async function main() {
  switch (command) {
    case 'up':
      if (args.length) usage(`up takes no arguments`);
      await up(l);
      return 0;
    case 'down':
      if (args.length) usage(`down takes no arguments`);
      await down(l, { log: console.log });
      console.log(`cluster down; ${l.dir} removed`);
      return 0;
    case 'status': {
      if (args.length) usage(`status takes no arguments`);
      const s = await status(l);
      console.log(s.lines.join('\n'));
      return s.up ? 0 : 1;
    }
    case 'drill': {
      const short = args[0] === '--short';
      if (args.length > (short ? 1 : 0)) usage(`drill takes only --short`);
      const { drill } = await import('./drill.mjs');
      return (await drill(l, { short })) ? 0 : 1;
    }
    case 'backup': {
      let type = 'full';
      if (args.length) {
        if (
          args[0] !== '--type' ||
          !['full', 'incr', 'diff'].includes(args[1] ?? '') ||
          args.length !== 2
        )
          usage('backup takes --type full|incr|diff');
        type = args[1];
      }
      const { backup } = await import('./backups.mjs');
      await backup(l, type);
      return 0;
    }
    case 'restore': {
      if (args[0] !== '--to' || args.length !== 2 || Number.isNaN(Date.parse(args[1])))
        usage('restore takes --to TIME, an ISO 8601 time such as 2026-12-07T14:00:00Z');
      const { restore } = await import('./backups.mjs');
      return (await restore(l, new Date(args[1]))).ok ? 0 : 1;
    }
    case 'pitr-drill': {
      if (args.length) usage('pitr-drill takes no arguments');
      const { pitrDrill } = await import('./backups.mjs');
      return (await pitrDrill(l)).ok ? 0 : 1;
    }
    default:
      usage(command ? `Unknown command: ${command}` : undefined);
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`cluster ${command}: ${error.message}`);
    process.exit(1);
  },
);
