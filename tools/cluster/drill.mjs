/**
 * The failover drill: 8 writers and 50 readers against the portal (through HAProxy to the
 * primary), the primary's postmaster killed with SIGKILL, and the measured outcome:
 * - seconds from the kill until writes succeed again (goal ≤ 30);
 * - acknowledged writes lost (goal 0) and writes stored twice (goal 0);
 * - answers of 500 or slower than 10 s (goal 0: during the switch the portal answers 503 with
 *   Retry-After);
 * - audited reads answered without their audit row (goal 0, by the answers' X-Request-Id).
 * Every writer's write is a medical history entry with a text of its own and an
 * Idempotency-Key, retried with the same key until acknowledged. Loops are bounded in time.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  isUp,
  layout,
  leader,
  members,
  query,
  secrets,
  portalDatabaseUrl,
  up,
  down,
  ROOT,
} from './cluster-lib.mjs';
import { pidIn, run, request, sleep, waitFor } from './processes.mjs';

export const WRITERS = 8;
export const READERS = 50;
const REQUEST_TIMEOUT_MS = 10_000;
const GOAL_SECONDS = 30;

const seconds = (ms) => (ms / 1000).toFixed(1);

async function signIn(base, username) {
  const { status, body } = await request(`${base}/login`, {
    method: 'POST',
    body: { username, password: 'demo-password-2026' },
  });
  if (status !== 200 || !body?.token) throw new Error(`sign-in of ${username} failed: ${status}`);
  return body.token;
}

/** The admin tool's verify-audit against a database; its exit status and last lines. */
export function verifyAudit(databaseUrl, l) {
  const s = secrets(l);
  try {
    const out = run(process.execPath, [join(ROOT, 'dist/apps/api/admin.js'), 'verify-audit'], {
      env: {
        DATABASE_URL: databaseUrl,
        JWT_SECRET: s.jwt,
        MFA_ENCRYPTION_KEY: s.mfa,
        AUDIT_CHECKPOINT_KEY: s.checkpoint,
        PUBLIC_URL: 'http://127.0.0.1',
        DATA_DIR: join(l.dir, 'portal'),
        AUDIT_CHECKPOINT_DIR: join(l.dir, 'portal'),
        LOG_LEVEL: 'warn',
      },
      quiet: true,
    });
    return { ok: true, text: out.trim().split('\n').slice(-2).join(' / ') };
  } catch (error) {
    return { ok: false, text: error.message.split('\n').slice(0, 4).join(' / ') };
  }
}

export async function drill(l = layout(), { short = false, log = console.log } = {}) {
  const broughtUp = !isUp(l);
  if (broughtUp) await up(l, { log });
  try {
    return await runDrill(l, { short, log });
  } finally {
    if (broughtUp) await down(l, { log });
  }
}

async function runDrill(l, { short, log }) {
  const base = `http://127.0.0.1:${l.portalPort}/api`;
  const warmMs = short ? 3000 : 10_000;
  const afterMs = short ? 3000 : 10_000;
  const runId = randomUUID().slice(0, 8);
  const today = new Date().toISOString().slice(0, 10);
  const writerToken = await signIn(base, 'demo.doctor');
  const readerToken = await signIn(base, 'demo.nurse');

  const stats = {
    writes: {
      attempts: 0,
      acknowledged: 0,
      status503: 0,
      status500: 0,
      status409: 0,
      other: 0,
      slow: 0,
      networkErrors: 0,
      unfinished: 0,
      abandoned: 0,
    },
    reads: { ok: 0, status503: 0, status500: 0, other: 0, slow: 0, networkErrors: 0 },
    maxAnswerMs: 0,
    retryAfterMissing: 0,
  };
  const acknowledged = []; // markers
  const failures = []; // end times of failed write attempts
  const acks = []; // { start, end }
  const readIds = [];
  let stopAt = Infinity;
  let killAt;

  /** One attempt; the kind of its outcome. */
  async function attempt(kind, url, options) {
    const start = Date.now();
    try {
      const answer = await request(url, { ...options, timeoutMs: REQUEST_TIMEOUT_MS + 5000 });
      const took = Date.now() - start;
      stats.maxAnswerMs = Math.max(stats.maxAnswerMs, took);
      if (took > REQUEST_TIMEOUT_MS) stats[kind].slow++;
      if (answer.status === 503 && !answer.headers.get('retry-after')) stats.retryAfterMissing++;
      return { start, end: Date.now(), answer };
    } catch (error) {
      const took = Date.now() - start;
      stats.maxAnswerMs = Math.max(stats.maxAnswerMs, took);
      if (took > REQUEST_TIMEOUT_MS) stats[kind].slow++;
      stats[kind].networkErrors++;
      return { start, end: Date.now(), error };
    }
  }

  async function writer(w) {
    for (let n = 0; Date.now() < stopAt; n++) {
      const marker = `drill ${runId} w${w} n${n}`;
      const key = `drill-${runId}-${w}-${n}`;
      // One write, retried with its key until acknowledged; bounded by the drill's end + 30 s.
      // A key whose first request was cut by the failover stays claimed (409) for the plugin's
      // claim time, since its write may have committed; after 15 s of 409 the writer, as a
      // person would, gives it up (its outcome unknown to it: never counted acknowledged, and
      // checked to be stored at most once) and goes on with a new write.
      let conflictSince;
      for (;;) {
        if (Date.now() > stopAt + 30_000) {
          stats.writes.unfinished++;
          break;
        }
        if (conflictSince && Date.now() - conflictSince > 15_000) {
          stats.writes.abandoned++;
          break;
        }
        stats.writes.attempts++;
        const r = await attempt('writes', `${base}/patient/add-patient-history`, {
          method: 'POST',
          headers: { authorization: `Bearer ${writerToken}`, 'idempotency-key': key },
          body: { patient_id: `P00${w + 1}`, date: today, time: '08:00:00', detail: marker },
        });
        const status = r.answer?.status;
        if (status === 201) {
          stats.writes.acknowledged++;
          acknowledged.push(marker);
          acks.push({ start: r.start, end: r.end });
          break;
        }
        if (status === 409) {
          stats.writes.status409++;
          conflictSince ??= r.end;
          await sleep(500);
          continue;
        }
        failures.push(r.end);
        if (status === 503) stats.writes.status503++;
        else if (status === 500) stats.writes.status500++;
        else if (status !== undefined) stats.writes.other++;
        // 503 (the switch) or a lost connection: the same write again shortly.
        await sleep(200);
      }
    }
  }

  async function reader(r) {
    while (Date.now() < stopAt) {
      const patient = `P0${String(10 + (r % 27)).padStart(2, '0')}`;
      const a = await attempt('reads', `${base}/patient/${patient}`, {
        headers: { authorization: `Bearer ${readerToken}` },
      });
      const status = a.answer?.status;
      if (status === 200) {
        stats.reads.ok++;
        readIds.push(a.answer.headers.get('x-request-id'));
      } else if (status === 503) stats.reads.status503++;
      else if (status === 500) stats.reads.status500++;
      else if (status !== undefined) stats.reads.other++;
      if (status !== 200) await sleep(200);
    }
  }

  const primaryBefore = await leader(l);
  if (!primaryBefore) throw new Error('no primary before the drill');
  log(
    `drill ${runId}: ${WRITERS} writers, ${READERS} readers on ${base}; primary ${primaryBefore.name}`,
  );
  const loops = [
    ...Array.from({ length: WRITERS }, (_, w) => writer(w)),
    ...Array.from({ length: READERS }, (_, r) => reader(r)),
  ];
  const controller = (async () => {
    await sleep(warmMs);
    // The postmaster's pid is the first line of its pid file.
    const pid = pidIn(join(primaryBefore.data, 'postmaster.pid'));
    if (!pid) throw new Error(`no postmaster.pid in ${primaryBefore.data}`);
    killAt = Date.now();
    process.kill(pid, 'SIGKILL');
    log(
      `SIGKILL to the postmaster of ${primaryBefore.name} (pid ${pid}) after ${seconds(warmMs)} s`,
    );
    // Until writes have succeeded again for afterMs, at most 60 s after the kill.
    const until = killAt + 60_000;
    for (;;) {
      await sleep(250);
      const lastFailure = Math.max(0, ...failures);
      const okSince = acks.some((a) => a.start > lastFailure && a.start > killAt);
      if ((okSince && Date.now() - lastFailure > afterMs) || Date.now() > until) break;
    }
    stopAt = Date.now();
  })();
  await Promise.all([controller, ...loops]);

  const lastFailure = Math.max(0, ...failures.filter((t) => t >= killAt));
  const after = acks
    .filter((a) => a.start >= Math.max(lastFailure, killAt))
    .sort((a, b) => a.end - b.end);
  const recoveredMs = after.length ? after[0].end - killAt : undefined;

  // The new primary, then what it holds.
  await waitFor(
    'the portal to be ready again',
    async () => (await request(`${base}/ready`, { timeoutMs: 3000 })).status === 200,
    60_000,
    500,
  );
  const primaryAfter = await waitFor('a primary', () => leader(l), 30_000);
  const rows = await query(
    l,
    primaryAfter.pgPort,
    `select detail, count(*)::int as n from medical_history where detail like $1 group by detail`,
    [`drill ${runId} %`],
  );
  const stored = new Map(rows.map((r) => [r.detail, r.n]));
  const lost = acknowledged.filter((m) => !stored.has(m)).length;
  const duplicated = rows.filter((r) => r.n > 1).length;
  const audited = new Set(
    (
      await query(
        l,
        primaryAfter.pgPort,
        `select request_id::text as id from audit_event where action = 'patient.read' and request_id::text = any($1::text[])`,
        [readIds],
      )
    ).map((r) => r.id),
  );
  const readsWithoutAudit = readIds.filter((id) => !audited.has(id)).length;
  const chain = verifyAudit(portalDatabaseUrl(l), l);
  const list = await members(l);

  const result = {
    runId,
    short,
    primaryBefore: primaryBefore.name,
    primaryAfter: primaryAfter.name,
    members: list.map((m) => `${m.name} ${m.role} ${m.state}`),
    recoverySeconds: recoveredMs === undefined ? null : recoveredMs / 1000,
    acknowledgedWrites: acknowledged.length,
    lost,
    duplicated,
    readsAnswered: readIds.length,
    readsWithoutAudit,
    auditChain: chain,
    ...stats,
  };
  const goals = [
    [
      'writes succeed again within 30 s',
      recoveredMs !== undefined && recoveredMs <= GOAL_SECONDS * 1000,
    ],
    ['no acknowledged write lost', lost === 0],
    ['no write stored twice', duplicated === 0],
    ['no answer 500', stats.writes.status500 + stats.reads.status500 === 0],
    ['no other refusal', stats.writes.other + stats.reads.other === 0],
    ['no answer slower than 10 s', stats.writes.slow + stats.reads.slow === 0],
    ['every 503 has Retry-After', stats.retryAfterMissing === 0],
    ['no audited read answered without its audit row', readsWithoutAudit === 0],
    ['the audit chain verifies', chain.ok],
    ['every write finished', stats.writes.unfinished === 0],
  ];
  result.goals = Object.fromEntries(goals);
  writeFileSync(join(l.dir, 'drill.json'), JSON.stringify(result, null, 2));

  log('');
  log(
    `Failover drill ${runId}${short ? ' (short)' : ''}: primary ${primaryBefore.name} → ${primaryAfter.name}`,
  );
  log(
    `  seconds until writes succeed again  ${recoveredMs === undefined ? 'never' : seconds(recoveredMs)} (goal ≤ ${GOAL_SECONDS})`,
  );
  log(
    `  acknowledged writes                 ${acknowledged.length}; lost ${lost} (goal 0), stored twice ${duplicated} (goal 0)`,
  );
  log(
    `  write attempts                      ${stats.writes.attempts}: 503 ${stats.writes.status503}, 500 ${stats.writes.status500}, 409 ${stats.writes.status409}, other ${stats.writes.other}, connection errors ${stats.writes.networkErrors}`,
  );
  log(
    `  writes given up by their client     ${stats.writes.abandoned} (cut by the kill, outcome unknown to the client; each stored at most once)`,
  );
  log(
    `  reads answered                      ${stats.reads.ok}: 503 ${stats.reads.status503}, 500 ${stats.reads.status500}, other ${stats.reads.other}; without audit row ${readsWithoutAudit}`,
  );
  log(
    `  slowest answer                      ${seconds(stats.maxAnswerMs)} s (bound 10 s); 503 without Retry-After ${stats.retryAfterMissing}`,
  );
  log(`  audit chain (verify-audit)          ${chain.ok ? 'verified' : 'BROKEN'}: ${chain.text}`);
  log(`  members now                         ${result.members.join(', ')}`);
  for (const [goal, met] of goals) log(`  ${met ? 'met   ' : 'MISSED'} ${goal}`);
  return goals.every(([, met]) => met);
}
