/**
 * A PostgreSQL cluster on one machine, made of the pieces production runs on separate ones
 * (docs/operations.md, "High availability"): etcd (the consensus store), two Patroni agents
 * each managing a PostgreSQL 15 (a primary and a synchronous standby), HAProxy routing the
 * portal to whichever node Patroni's REST API says is the primary, pgBackRest archiving WAL and
 * taking backups into a repository, and one portal instance connected through HAProxy.
 * Every process runs from Debian's packages; PostgreSQL, Patroni, etcd, HAProxy and pgBackRest
 * run as the `postgres` user. Loopback only.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import {
  alive,
  daemon,
  pidIn,
  postgresDir,
  postgresUser,
  request,
  run,
  stopDaemon,
  waitFor,
} from './processes.mjs';

export const ROOT = resolve(new URL('../..', import.meta.url).pathname);
export const PG_BIN = process.env.CLUSTER_PG_BIN ?? '/usr/lib/postgresql/15/bin';

const port = (name, fallback) => Number(process.env[name] ?? fallback);

/** Where everything lives, and the loopback ports (each overridable by its variable). */
export function layout(dir = process.env.CLUSTER_DIR ?? '/tmp/portal-cluster') {
  const nodes = [
    {
      name: 'pg1',
      pgPort: port('CLUSTER_PG1_PORT', 5441),
      apiPort: port('CLUSTER_API1_PORT', 5446),
    },
    {
      name: 'pg2',
      pgPort: port('CLUSTER_PG2_PORT', 5442),
      apiPort: port('CLUSTER_API2_PORT', 5447),
    },
  ].map((node) => ({ ...node, data: join(dir, node.name, 'data') }));
  return {
    dir,
    run: join(dir, 'run'),
    nodes,
    etcd: { client: port('CLUSTER_ETCD_PORT', 23791), peer: port('CLUSTER_ETCD_PEER_PORT', 23801) },
    haproxy: {
      primary: port('CLUSTER_PRIMARY_PORT', 5450),
      replicas: port('CLUSTER_REPLICAS_PORT', 5451),
      stats: port('CLUSTER_STATS_PORT', 5452),
    },
    restorePort: port('CLUSTER_RESTORE_PORT', 5443),
    portalPort: port('CLUSTER_PORTAL_PORT', 4481),
    stanza: 'portal',
    pgbackrestConf: join(dir, 'pgbackrest.conf'),
    repo: join(dir, 'backup'),
  };
}

/** The cluster's passwords and the portal's keys, made once per cluster (mode 600). */
export function secrets(l) {
  const file = join(l.dir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const key = () => randomBytes(24).toString('base64url');
  const made = {
    superuser: key(),
    replication: key(),
    portal: key(),
    jwt: key() + key(),
    mfa: key() + key(),
    checkpoint: key() + key(),
  };
  writeFileSync(file, JSON.stringify(made), { mode: 0o600 });
  return made;
}

/** The portal's database URL, through HAProxy's read-write port. */
export const portalDatabaseUrl = (l, s = secrets(l)) =>
  `postgres://portal:${s.portal}@127.0.0.1:${l.haproxy.primary}/portal`;

/** pgBackRest's command line for this cluster. */
export const pgbackrestArgs = (l, ...rest) => [
  `--config=${l.pgbackrestConf}`,
  `--stanza=${l.stanza}`,
  ...rest,
];

function patroniConfig(l, node, s) {
  // JSON is YAML: Patroni reads it as its configuration file.
  return {
    scope: 'portal',
    namespace: '/portal-cluster/',
    name: node.name,
    log: { level: 'WARNING' },
    restapi: { listen: `127.0.0.1:${node.apiPort}`, connect_address: `127.0.0.1:${node.apiPort}` },
    etcd3: { hosts: [`127.0.0.1:${l.etcd.client}`] },
    bootstrap: {
      dcs: {
        // The leader key lives 20 s (Patroni's least); the agents look every second.
        ttl: 20,
        loop_wait: 1,
        retry_timeout: 5,
        maximum_lag_on_failover: 1048576,
        // A primary whose PostgreSQL crashed is not restarted in place: the synchronous
        // standby, which holds every acknowledged commit, takes over at once.
        master_start_timeout: 0,
        synchronous_mode: true,
        postgresql: {
          use_pg_rewind: true,
          use_slots: true,
          parameters: {
            wal_level: 'replica',
            hot_standby: 'on',
            wal_log_hints: 'on',
            max_wal_senders: 10,
            max_replication_slots: 10,
            max_connections: 100,
            synchronous_commit: 'on',
            archive_mode: 'on',
            archive_timeout: 60,
            // The portal's own pool bounds its statements; this is for everything else.
            idle_in_transaction_session_timeout: '60s',
          },
        },
      },
      initdb: [{ encoding: 'UTF8' }, { locale: 'C.UTF-8' }, 'data-checksums'],
    },
    postgresql: {
      listen: `127.0.0.1:${node.pgPort}`,
      connect_address: `127.0.0.1:${node.pgPort}`,
      data_dir: node.data,
      bin_dir: PG_BIN,
      pgpass: join(l.dir, node.name, 'pgpass'),
      // A new standby is cloned at once, not after the primary's next spread checkpoint.
      basebackup: [{ checkpoint: 'fast' }],
      authentication: {
        superuser: { username: 'postgres', password: s.superuser },
        replication: { username: 'replicator', password: s.replication },
        rewind: { username: 'postgres', password: s.superuser },
      },
      parameters: {
        unix_socket_directories: l.run,
        // Each node archives its own WAL into the one repository.
        archive_command: `pgbackrest ${pgbackrestArgs(l, `--pg1-path=${node.data}`).join(' ')} archive-push %p`,
      },
      pg_hba: [
        // The socket directory is the postgres user's alone.
        'local all all trust',
        'host replication replicator 127.0.0.1/32 scram-sha-256',
        'host all all 127.0.0.1/32 scram-sha-256',
      ],
    },
    tags: { nofailover: false, noloadbalance: false, clonefrom: false, nosync: false },
  };
}

function haproxyConfig(l) {
  // Each node's PostgreSQL, checked on its Patroni's REST port.
  const servers = () =>
    l.nodes
      .map((n) => `  server ${n.name} 127.0.0.1:${n.pgPort} maxconn 100 check port ${n.apiPort}`)
      .join('\n');
  return `global
  maxconn 400
defaults
  mode tcp
  timeout connect 2s
  timeout client 30m
  timeout server 30m
  # Patroni answers its checks in milliseconds; 2 s leaves room on a loaded machine.
  timeout check 2s
listen stats
  mode http
  bind 127.0.0.1:${l.haproxy.stats}
  stats enable
  stats uri /
# The portal's writes: only the node whose Patroni answers 200 on /primary. A node marked down
# has its connections cut at once, so the portal's pool sees the failure instead of waiting.
listen primary
  bind 127.0.0.1:${l.haproxy.primary}
  option httpchk OPTIONS /primary
  http-check expect status 200
  default-server inter 500ms fastinter 250ms downinter 500ms fall 3 rise 1 on-marked-down shutdown-sessions
${servers()}
# Reads that may lag (reports): the standbys.
listen replicas
  bind 127.0.0.1:${l.haproxy.replicas}
  balance roundrobin
  option httpchk OPTIONS /replica
  http-check expect status 200
  default-server inter 500ms fastinter 250ms downinter 500ms fall 3 rise 1 on-marked-down shutdown-sessions
${servers()}
`;
}

function pgbackrestConfig(l) {
  return `[global]
repo1-path=${l.repo}
repo1-retention-full=2
log-path=${join(l.dir, 'log')}
lock-path=${join(l.run, 'pgbackrest')}
spool-path=${join(l.dir, 'spool')}
log-level-console=warn
log-level-file=info
compress-type=lz4
start-fast=y
process-max=2

[${l.stanza}]
pg1-socket-path=${l.run}
`;
}

/** Patroni's view of a node, or undefined when its agent does not answer. */
export async function nodeState(node) {
  try {
    const { status, body } = await request(`http://127.0.0.1:${node.apiPort}/patroni`, {
      timeoutMs: 1500,
    });
    return body ? { ...body, httpStatus: status } : undefined;
  } catch {
    return undefined;
  }
}

/** The members as Patroni lists them (role, state, lag), from any agent that answers. */
export async function members(l) {
  for (const node of l.nodes) {
    try {
      const { body } = await request(`http://127.0.0.1:${node.apiPort}/cluster`, {
        timeoutMs: 1500,
      });
      if (body?.members) return body.members;
    } catch {
      /* next */
    }
  }
  return [];
}

/** The node that is the running primary now, if any. */
export async function leader(l) {
  const list = await members(l);
  const m = list.find((x) => x.role === 'leader' && x.state === 'running');
  return m ? l.nodes.find((n) => n.name === m.name) : undefined;
}

/** A connection to one node (or the restored copy) over its socket, as postgres. */
export async function connect(l, portNumber, database = 'portal') {
  const client = new pg.Client({
    host: l.run,
    port: portNumber,
    user: 'postgres',
    database,
    connectionTimeoutMillis: 3000,
  });
  await client.connect();
  return client;
}

export async function query(l, portNumber, text, values = [], database = 'portal') {
  const client = await connect(l, portNumber, database);
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}

export const isUp = (l) =>
  existsSync(join(l.run, 'etcd.pid')) && alive(pidIn(join(l.run, 'etcd.pid')));

/** Starts the portal (the built server) against HAProxy's read-write port. */
export async function startPortal(l, s = secrets(l)) {
  const main = join(ROOT, 'dist/apps/api/main.js');
  if (!existsSync(main))
    throw new Error(`${main} is missing: build the API first (npm run cluster builds it)`);
  const portalDir = join(l.dir, 'portal');
  mkdirSync(portalDir, { recursive: true, mode: 0o700 });
  daemon(l.dir, 'portal', process.execPath, ['--max-old-space-size=256', main], {
    cwd: ROOT,
    env: {
      DATABASE_URL: portalDatabaseUrl(l, s),
      PORT: String(l.portalPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${l.portalPort}`,
      JWT_SECRET: s.jwt,
      MFA_ENCRYPTION_KEY: s.mfa,
      AUDIT_CHECKPOINT_KEY: s.checkpoint,
      DATA_DIR: portalDir,
      AUDIT_CHECKPOINT_DIR: portalDir,
      // The demo accounts sign in with a password alone here (the drill's clients).
      STAFF_MFA: 'optional',
      DEMO_DATA: 'always',
      RATE_LIMIT_PER_MINUTE: '1000000',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
  });
  await waitFor(
    'the portal to answer /api/ready',
    async () =>
      (await request(`http://127.0.0.1:${l.portalPort}/api/ready`, { timeoutMs: 2000 })).status ===
      200,
    90_000,
    500,
  );
}

/**
 * Starts everything: etcd, the first node (which bootstraps the cluster), the pgBackRest
 * stanza, the second node (cloned from the first, then the synchronous standby), HAProxy, the
 * portal's role and database, and the portal. Bounded waits; on failure everything is stopped.
 */
export async function up(l, { portal = true, log = console.log } = {}) {
  if (isUp(l))
    throw new Error(`a cluster is already running in ${l.dir} (npm run cluster -- down)`);
  const user = postgresUser();
  rmSync(l.dir, { recursive: true, force: true });
  postgresDir(l.dir, user);
  for (const sub of [
    'run',
    'log',
    'etcd',
    'spool',
    'backup',
    'run/pgbackrest',
    ...l.nodes.map((n) => n.name),
  ])
    postgresDir(join(l.dir, sub), user);
  const s = secrets(l);
  writeFileSync(l.pgbackrestConf, pgbackrestConfig(l));
  writeFileSync(join(l.dir, 'haproxy.cfg'), haproxyConfig(l));
  for (const node of l.nodes)
    writeFileSync(
      join(l.dir, `${node.name}.yml`),
      JSON.stringify(patroniConfig(l, node, s), null, 1),
    );
  run('chown', ['-R', `${user.uid}:${user.gid}`, l.dir]);
  run('chown', ['root:root', join(l.dir, 'secrets.json')]);
  const started = Date.now();
  try {
    daemon(
      l.dir,
      'etcd',
      'etcd',
      [
        '--name',
        'etcd1',
        '--data-dir',
        join(l.dir, 'etcd'),
        '--listen-client-urls',
        `http://127.0.0.1:${l.etcd.client}`,
        '--advertise-client-urls',
        `http://127.0.0.1:${l.etcd.client}`,
        '--listen-peer-urls',
        `http://127.0.0.1:${l.etcd.peer}`,
        '--initial-advertise-peer-urls',
        `http://127.0.0.1:${l.etcd.peer}`,
        '--initial-cluster',
        `etcd1=http://127.0.0.1:${l.etcd.peer}`,
        '--listen-metrics-urls',
        '',
      ],
      { user },
    );
    await waitFor(
      'etcd',
      async () =>
        (await request(`http://127.0.0.1:${l.etcd.client}/health`, { timeoutMs: 1000 })).status ===
        200,
      20_000,
    );
    log(`etcd answering on 127.0.0.1:${l.etcd.client}`);

    const [first, second] = l.nodes;
    daemon(l.dir, first.name, 'patroni', [join(l.dir, `${first.name}.yml`)], { user });
    await waitFor(
      `${first.name} to be the primary`,
      async () => (await leader(l))?.name === first.name,
      90_000,
      500,
    );
    log(`${first.name} is the primary (127.0.0.1:${first.pgPort})`);

    run(
      'pgbackrest',
      pgbackrestArgs(l, `--pg1-path=${first.data}`, `--pg1-port=${first.pgPort}`, 'stanza-create'),
      { user },
    );
    log('pgBackRest stanza created; WAL is archived');

    await query(l, first.pgPort, `create role portal login password '${s.portal}'`, [], 'postgres');
    await query(l, first.pgPort, 'create database portal owner portal', [], 'postgres');

    daemon(l.dir, second.name, 'patroni', [join(l.dir, `${second.name}.yml`)], { user });
    await waitFor(
      `${second.name} to be the synchronous standby`,
      async () =>
        (await members(l)).some(
          (m) =>
            m.name === second.name &&
            m.role === 'sync_standby' &&
            ['running', 'streaming'].includes(m.state),
        ),
      120_000,
      500,
    );
    log(`${second.name} is the synchronous standby (127.0.0.1:${second.pgPort})`);

    daemon(l.dir, 'haproxy', '/usr/sbin/haproxy', ['-db', '-f', join(l.dir, 'haproxy.cfg')], {
      user,
    });
    await waitFor(
      'HAProxy to route to the primary',
      async () => {
        const client = new pg.Client({
          connectionString: portalDatabaseUrl(l, s),
          connectionTimeoutMillis: 2000,
        });
        await client.connect();
        try {
          return (await client.query('select not pg_is_in_recovery() as p')).rows[0].p;
        } finally {
          await client.end();
        }
      },
      60_000,
      300,
    );
    log(
      `HAProxy: primary 127.0.0.1:${l.haproxy.primary}, replicas 127.0.0.1:${l.haproxy.replicas}, stats http://127.0.0.1:${l.haproxy.stats}/`,
    );

    if (portal) {
      await startPortal(l, s);
      log(`portal: http://127.0.0.1:${l.portalPort} (DATABASE_URL through HAProxy)`);
    }
    log(`cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    log(
      `cluster did not come up: ${error.message}; stopping what started (logs in ${join(l.dir, 'log')})`,
    );
    // The logs' last lines, so that a CI run that removes the directory still shows why.
    for (const name of ['etcd', ...l.nodes.map((n) => n.name), 'haproxy', 'portal']) {
      const file = join(l.dir, 'log', `${name}.log`);
      if (existsSync(file))
        log(
          `--- ${name}.log (last lines)\n${readFileSync(file, 'utf8').split('\n').slice(-15).join('\n')}`,
        );
    }
    await down(l, { keep: true });
    throw error;
  }
}

/** Stops every process the tool started (by pid file) and removes the cluster's directory. */
export async function down(l, { keep = false, log = () => {} } = {}) {
  const stop = async (name, graceMs) => {
    if (await stopDaemon(l.dir, name, graceMs)) log(`stopped ${name}`);
  };
  for (const name of ['portal', 'haproxy', 'restore-pg']) await stop(name, 10_000);
  // The nodes together (each Patroni stops its PostgreSQL), then etcd.
  await Promise.all(l.nodes.map((n) => stop(n.name, 15_000)));
  await stop('etcd', 5000);
  // A PostgreSQL left behind by a Patroni that was killed: its postmaster, by its own pid file.
  for (const data of [...l.nodes.map((n) => n.data), join(l.dir, 'restore', 'data')]) {
    const pid = pidIn(join(data, 'postmaster.pid'));
    if (alive(pid)) {
      try {
        process.kill(pid, 'SIGQUIT');
      } catch {
        /* gone */
      }
      log(`stopped the PostgreSQL of ${data}`);
    }
  }
  if (!keep) rmSync(l.dir, { recursive: true, force: true });
}

/** One line per piece: what runs, who leads, the lag. */
export async function status(l) {
  const lines = [];
  if (!isUp(l)) return { up: false, lines: [`no cluster running in ${l.dir}`] };
  lines.push(
    `etcd     127.0.0.1:${l.etcd.client}  ${alive(pidIn(join(l.run, 'etcd.pid'))) ? 'running' : 'stopped'}`,
  );
  const list = await members(l);
  for (const node of l.nodes) {
    const m = list.find((x) => x.name === node.name);
    lines.push(
      `${node.name}      127.0.0.1:${node.pgPort}   ${m ? `${m.role} ${m.state} lag ${m.lag ?? 0}` : 'not answering'}`,
    );
  }
  lines.push(
    `haproxy  127.0.0.1:${l.haproxy.primary} ${alive(pidIn(join(l.run, 'haproxy.pid'))) ? 'running' : 'stopped'}`,
  );
  const portalUp = alive(pidIn(join(l.run, 'portal.pid')));
  let ready = 'stopped';
  if (portalUp) {
    try {
      ready =
        (await request(`http://127.0.0.1:${l.portalPort}/api/ready`, { timeoutMs: 3000 }))
          .status === 200
          ? 'ready'
          : 'not ready';
    } catch {
      ready = 'not answering';
    }
  }
  lines.push(`portal   http://127.0.0.1:${l.portalPort}  ${ready}`);
  return { up: true, lines, members: list };
}
