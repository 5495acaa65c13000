/**
 * The cluster tool end to end, as CI runs it (README, "Failover and restore drills"): `up`
 * starts etcd, two Patroni-managed PostgreSQL nodes (primary and synchronous standby), HAProxy
 * and the portal; `drill --short` kills the primary's postmaster with SIGKILL under 8 writers
 * and 50 readers and must meet every goal; `pitr-drill` backs up (full, incremental), restores
 * a point in time into a new PostgreSQL and checks it; `down` stops everything, even when a
 * test failed. Needs Debian's patroni, etcd-server, haproxy and pgbackrest (.ci/run installs
 * them) and the built API (the Nx target builds it first).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const DIR = `/tmp/portal-cluster-test-${process.pid}`;

/** The tool as an operator runs it (npm run cluster -- …), with its exit status and output. */
function cluster(...args: string[]) {
  const result = spawnSync(process.execPath, [join(ROOT, 'tools/cluster/cluster.mjs'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, CLUSTER_DIR: DIR },
    timeout: 280_000,
  });
  const output = `${result.stdout}${result.stderr}`;
  // The figures stay in the test's log (CI's), as the drill prints them.
  console.log(`$ cluster ${args.join(' ')} → ${result.status}\n${output}`);
  return { status: result.status, output };
}

describe('the portal on a PostgreSQL cluster with failover and point-in-time recovery', () => {
  beforeAll(() => {
    for (const tool of ['patroni', 'etcd', 'haproxy', 'pgbackrest'])
      expect(spawnSync('which', [tool]).status, `${tool} is not installed`).toBe(0);
    expect(existsSync(join(ROOT, 'dist/apps/api/main.js')), 'the API is not built').toBe(true);
  });

  afterAll(() => {
    cluster('down');
    rmSync(DIR, { recursive: true, force: true });
  });

  it('refuses an unknown command and a wrong argument with the usage, exit status 2', () => {
    const unknown = cluster('no-such-command');
    expect(unknown.status).toBe(2);
    expect(unknown.output).toMatch(/Usage: npm run cluster/);
    expect(cluster('restore', '--to', 'yesterday').status).toBe(2);
    expect(cluster('backup', '--type', 'partial').status).toBe(2);
  });

  it('starts a primary, a synchronous standby, HAProxy and the portal', () => {
    const up = cluster('up');
    expect(up.status).toBe(0);
    const status = cluster('status');
    expect(status.status).toBe(0);
    expect(status.output).toMatch(/pg1 +127\.0\.0\.1:\d+ +leader running/);
    expect(status.output).toMatch(/pg2 +127\.0\.0\.1:\d+ +sync_standby (running|streaming)/);
    expect(status.output).toMatch(/portal .* ready/);
  });

  it('survives SIGKILL of the primary’s postmaster: every goal of the drill met', () => {
    const drill = cluster('drill', '--short');
    const report = JSON.parse(readFileSync(join(DIR, 'drill.json'), 'utf8')) as {
      recoverySeconds: number | null;
      lost: number;
      duplicated: number;
      acknowledgedWrites: number;
      readsAnswered: number;
      primaryBefore: string;
      primaryAfter: string;
      goals: Record<string, boolean>;
    };
    expect(report.goals).toEqual(
      Object.fromEntries(Object.keys(report.goals).map((g) => [g, true])),
    );
    expect(drill.status).toBe(0);
    expect(report.primaryAfter).not.toBe(report.primaryBefore);
    expect(report.recoverySeconds).not.toBeNull();
    expect(report.recoverySeconds!).toBeLessThanOrEqual(30);
    expect(report.lost).toBe(0);
    expect(report.duplicated).toBe(0);
    expect(report.acknowledgedWrites).toBeGreaterThan(0);
    expect(report.readsAnswered).toBeGreaterThan(0);
  });

  it('restores a point in time from full and incremental backups, checked', () => {
    const pitr = cluster('pitr-drill');
    expect(pitr.output).toMatch(/recovery time +\d+\.\d s/);
    expect(pitr.output).toMatch(/audit chain +verified/);
    expect(pitr.output).not.toMatch(/MISSED/);
    expect(pitr.status).toBe(0);
  });

  it('stops everything and removes its directory', () => {
    expect(cluster('down').status).toBe(0);
    expect(existsSync(DIR)).toBe(false);
    expect(cluster('status').status).toBe(1);
  });
});
