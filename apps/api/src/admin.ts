import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  addEmployeeRequestSchema,
  employeeIdSchema,
  normaliseUsername,
  patientIdSchema,
} from '@portal/contract';
import { loadConfig, resolveCheckpointKey } from './config';
import type { Db } from './db/database';
import { migrate } from './db/migrate';
import { ProblemError, describeFailure } from './errors';
import {
  addBackendClient,
  listBackendClients,
  MAX_CLIENT_NAME,
  setBackendClientDisabled,
} from './fhir/smart/clients';
import { checkJwks } from './fhir/smart/jwks';
import { REVOKE_REASONS, accountsRepository } from './repositories/accounts';
import { audit, type RequestContext } from './repositories/audit';
import { CHECKPOINT_FILE, checkCheckpoints, verifyAuditChain } from './repositories/audit-chain';
import {
  archiveAuditPartitions,
  AUDIT_PARTITIONS_AHEAD,
  ensureAuditPartitions,
  listAuditPartitions,
  MAX_PARTITIONS_AHEAD,
  partitionsDueForArchive,
  restoreAuditArchive,
} from './repositories/audit-partitions';
import { employeesRepository } from './repositories/employees';
import { mfaRepository } from './repositories/mfa';
import { patientsRepository } from './repositories/patients';
import { type OutboxMail, readOutbox } from './mail/mailer';
import { openConfiguredDatabase } from './server';

const USAGE = `Administrator's tool for the hospital portal (works on the embedded database and on DATABASE_URL).

  npm run admin -- create-employee --id E100 --first-name Ada --last-name Lovelace --position P011 \\
                   --email ada@gmail.com --phone 0812345678 --salary 50000 --hire-date 2026-01-05
  npm run admin -- activation-code <E... or P...>   issue a new activation code for a record
  npm run admin -- approve-access <E...>             approve an employee's portal access (the
                                                     two-person rule's second person, for the
                                                     first accounts when no second HR exists)
  npm run admin -- list-accounts
  npm run admin -- outbox                            the mails kept in DATA_DIR/outbox (no
                                                     SMTP_URL), oldest first; the database is not
                                                     opened, so it works beside a running server
  npm run admin -- lock <username>                   refuse logins and end open sessions
  npm run admin -- unlock <username>
  npm run admin -- reset-mfa <username>              remove the second factor (lost phone); the
                                                     user enrols a new one at the next login
  npm run admin -- add-backend-client <name> --jwks-file <file>
                                                     register a system for FHIR bulk export (SMART
                                                     Backend Services) with its public keys (RS384
                                                     or ES384); prints its client_id last
  npm run admin -- list-backend-clients
  npm run admin -- disable-backend-client <client_id>
                                                     its tokens stop working at once (to rotate
                                                     keys: add the system again with the new
                                                     JWKS, then disable the old client)
  npm run admin -- enable-backend-client <client_id>
  npm run admin -- audit-partitions [--ahead N]      make the audit trail's partitions of this
                                                     month and the next N (default 3), then list
                                                     them (the server does it at start and daily)
  npm run admin -- archive-audit --before YYYY-MM --out DIR
                                                     write each audit partition older than that
                                                     month to DIR (gzip NDJSON and .sha256), read
                                                     it back, then drop it from the database
  npm run admin -- restore-audit --file F            bring an archived month back (checksum first)
  npm run admin -- verify-audit [--from T] [--to T] [--checkpoints FILE]
                                                     recompute the audit trail's hash chain (the
                                                     batches holding events of [from, to), dates
                                                     or ISO instants; default all) and name the
                                                     first batch that does not match; with
                                                     --checkpoints, also check a checkpoint file
                                                     (default the one in AUDIT_CHECKPOINT_DIR)
`;

/** The command-line option behind each field of the add-employee schema. */
const OPTION_OF_FIELD: Record<string, string> = {
  employee_id: 'id',
  first_name: 'first-name',
  last_name: 'last-name',
  position_id: 'position',
  email: 'email',
  phone_number: 'phone',
  salary: 'salary',
  hire_date: 'hire-date',
};

/** The admin tool acts with no signed-in user; the audit trail names it. */
const CLI_CONTEXT: RequestContext = {
  actor: null,
  address: 'admin-cli',
  requestId: `admin-cli-${process.pid}`,
};

/** Parses a command's options, or answers its usage line as a 400. */
function optionsOf<T extends Record<string, { type: 'string' }>>(
  args: string[],
  options: T,
  usage: string,
): { [K in keyof T]?: string } {
  try {
    return parseArgs({ args, options, strict: true }).values;
  } catch {
    throw new ProblemError(400, 'Bad Request', usage);
  }
}

/** The commands that take exactly one argument, and those that take none: more is a mistake. */
const ONE_ARGUMENT = new Set([
  'activation-code',
  'approve-access',
  'lock',
  'unlock',
  'reset-mfa',
  'disable-backend-client',
  'enable-backend-client',
]);
const NO_ARGUMENT = new Set(['list-accounts', 'list-backend-clients']);

/** What the admin commands read from the settings beyond the database. */
export interface AdminSettings {
  readonly auditRetentionMonths?: number | undefined;
  /** The checkpoint file verify-audit checks by default, and the key that signs it. */
  readonly checkpoints?: { readonly file: string; readonly key: () => string } | undefined;
}

/** A --from or --to of verify-audit as an ISO instant, or a 400 naming the option. */
function instantOption(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime()))
    throw new ProblemError(
      400,
      'Bad Request',
      `--${name}: write a date YYYY-MM-DD or an ISO instant (2026-01-31T12:00:00Z)`,
    );
  return date.toISOString();
}

/** Runs one admin command; returns the text to print. Exported for tests. */
export async function runAdminCommand(
  db: Db,
  argv: string[],
  codeTtlDays: number,
  settings: AdminSettings = {},
): Promise<string> {
  const [command, ...rest] = argv;
  const positionals = ONE_ARGUMENT.has(command ?? '') ? 1 : NO_ARGUMENT.has(command ?? '') ? 0 : -1;
  if (positionals >= 0 && rest.length > positionals)
    throw new ProblemError(
      400,
      'Bad Request',
      `${command} takes ${positionals ? 'one argument' : 'no argument'}; got: ${rest.join(' ')}`,
    );
  switch (command) {
    case 'create-employee': {
      let values;
      try {
        ({ values } = parseArgs({
          args: rest,
          options: Object.fromEntries(
            Object.values(OPTION_OF_FIELD).map((o) => [o, { type: 'string' as const }]),
          ),
        }));
      } catch (error) {
        // parseArgs names the option it did not know.
        throw new ProblemError(400, 'Bad Request', (error as Error).message);
      }
      const input = addEmployeeRequestSchema.safeParse({
        employee_id: values.id,
        first_name: values['first-name'],
        last_name: values['last-name'],
        position_id: values.position ?? '',
        email: values.email,
        phone_number: values.phone,
        salary: values.salary,
        hire_date: values['hire-date'],
      });
      if (!input.success) {
        const problems = input.error.issues.map(
          (i) => `--${OPTION_OF_FIELD[String(i.path[0])] ?? String(i.path[0])}: ${i.message}`,
        );
        throw new ProblemError(400, 'Bad Request', problems.join('\n'));
      }
      const created = await employeesRepository.add(db, CLI_CONTEXT, input.data, codeTtlDays);
      const message = created.activation_code
        ? `Created employee ${created.employee_id}. Activation code: ${created.activation_code} (valid until ${created.activation_code_expires_at}).\nHand it to the employee: they register at /login with their Employee ID and this code.`
        : `Created employee ${created.employee_id}. Their position grants no portal access, so no activation code was issued.`;
      // The two-person rule: the tool asked, so another person (or approve-access) approves.
      return created.access_pending
        ? `${message}\nTheir portal access waits for approval by an HR person, or: npm run admin -- approve-access ${created.employee_id}`
        : message;
    }
    case 'activation-code': {
      const patientId = patientIdSchema.safeParse(rest[0] ?? '');
      const employeeId = employeeIdSchema.safeParse(rest[0] ?? '');
      const issued = patientId.success
        ? await patientsRepository.reissueCode(db, CLI_CONTEXT, patientId.data, codeTtlDays)
        : employeeId.success
          ? await employeesRepository.reissueCode(db, CLI_CONTEXT, employeeId.data, codeTtlDays)
          : undefined;
      if (!issued)
        throw new ProblemError(
          400,
          'Bad Request',
          'Usage: npm run admin -- activation-code <E001 or P001>',
        );
      return `Activation code for ${(patientId.data ?? employeeId.data)!}: ${issued.activation_code} (valid until ${issued.activation_code_expires_at}).`;
    }
    case 'approve-access': {
      const employeeId = employeeIdSchema.safeParse(rest[0] ?? '');
      if (!employeeId.success)
        throw new ProblemError(400, 'Bad Request', 'Usage: npm run admin -- approve-access <E001>');
      const approved = await employeesRepository.approveAccess(db, CLI_CONTEXT, employeeId.data);
      return `Approved the portal access of ${approved.employee_id} (${approved.position_name ?? 'no position'}): they can sign in once registered.`;
    }
    case 'list-accounts': {
      const rows = await accountsRepository.listAccounts(db);
      if (!rows.length) return 'No accounts yet.';
      const header = `${'USERNAME'.padEnd(24)} ${'ROLE'.padEnd(18)} ${'RECORD'.padEnd(8)} ${'STATE'.padEnd(12)} ${'2FA'.padEnd(4)} ${'LAST LOGIN (UTC)'.padEnd(18)} OPEN SESSIONS`;
      return [
        header,
        ...rows.map((r) => {
          const state = r.locked ? 'locked' : r.work_status === 'no' ? 'left' : 'active';
          const secondFactor = r.second_factor ? 'on' : 'off';
          return `${r.username.padEnd(24)} ${r.role.padEnd(18)} ${(r.record_id ?? '-').padEnd(8)} ${state.padEnd(12)} ${secondFactor.padEnd(4)} ${(r.last_login ?? 'never').padEnd(18)} ${r.open_sessions}`;
        }),
      ].join('\n');
    }
    case 'lock':
    case 'unlock': {
      // Any spelling names the account, as at login.
      const username = rest[0] && normaliseUsername(rest[0]);
      if (!username)
        throw new ProblemError(400, 'Bad Request', `Usage: npm run admin -- ${command} <username>`);
      return db.transaction(async (tx) => {
        const userId = await accountsRepository.setAccountLocked(tx, username, command === 'lock');
        if (!userId) throw new ProblemError(404, 'Not Found', `No account named ${username}.`);
        if (command === 'unlock') return `Unlocked ${username}.`;
        const ended = await accountsRepository.revokeUserSessions(
          tx,
          userId,
          REVOKE_REASONS.locked,
        );
        return `Locked ${username}; ended ${ended} open session(s).`;
      });
    }
    case 'reset-mfa': {
      const username = rest[0] && normaliseUsername(rest[0]);
      if (!username)
        throw new ProblemError(400, 'Bad Request', 'Usage: npm run admin -- reset-mfa <username>');
      return db.transaction(async (tx) => {
        const reset = await mfaRepository.resetMfa(tx, username);
        if (!reset) throw new ProblemError(404, 'Not Found', `No account named ${username}.`);
        await audit(tx, CLI_CONTEXT, {
          action: 'mfa.reset',
          outcome: 'success',
          recordType: 'account',
          username,
        });
        return reset.hadFactor
          ? `Removed the second factor of ${username}; they set up a new one at their next login.`
          : `${username} had no second factor; nothing to remove.`;
      });
    }
    case 'add-backend-client': {
      const usage = 'Usage: npm run admin -- add-backend-client <name> --jwks-file <file>';
      let parsed;
      try {
        parsed = parseArgs({
          args: rest,
          options: { 'jwks-file': { type: 'string' } },
          allowPositionals: true,
        });
      } catch {
        throw new ProblemError(400, 'Bad Request', usage);
      }
      const name = parsed.positionals.join(' ').trim();
      const file = parsed.values['jwks-file'];
      if (!name || !file) throw new ProblemError(400, 'Bad Request', usage);
      if (name.length > MAX_CLIENT_NAME)
        throw new ProblemError(
          400,
          'Bad Request',
          `The name is longer than ${MAX_CLIENT_NAME} characters`,
        );
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch {
        throw new ProblemError(400, 'Bad Request', `--jwks-file: cannot read ${file}`);
      }
      let jwks;
      try {
        jwks = await checkJwks(JSON.parse(text));
      } catch (error) {
        const reason = error instanceof SyntaxError ? 'not JSON' : (error as Error).message;
        throw new ProblemError(400, 'Bad Request', `--jwks-file: ${reason}`);
      }
      const clientId = await addBackendClient(db, CLI_CONTEXT, name, jwks);
      return [
        `Registered backend client "${name}" with ${jwks.keys.length} key(s).`,
        'Its assertions use this client_id as iss and sub; the token endpoint is /fhir/R4/auth/token.',
        clientId,
      ].join('\n');
    }
    case 'list-backend-clients': {
      const clients = await listBackendClients(db);
      if (!clients.length) return 'No backend clients yet.';
      return [
        `${'CLIENT_ID'.padEnd(26)} ${'STATE'.padEnd(9)} ${'KEYS'.padEnd(5)} ${'REGISTERED'.padEnd(18)} NAME`,
        ...clients.map(
          (c) =>
            `${c.client_id.padEnd(26)} ${(c.disabled ? 'disabled' : 'active').padEnd(9)} ${String(c.keys).padEnd(5)} ${c.created_at.padEnd(18)} ${c.name}`,
        ),
      ].join('\n');
    }
    case 'disable-backend-client':
    case 'enable-backend-client': {
      const clientId = rest[0];
      if (!clientId || rest.length > 1)
        throw new ProblemError(
          400,
          'Bad Request',
          `Usage: npm run admin -- ${command} <client_id>`,
        );
      const disable = command === 'disable-backend-client';
      if (!(await setBackendClientDisabled(db, CLI_CONTEXT, clientId, disable)))
        throw new ProblemError(404, 'Not Found', `No backend client ${clientId}.`);
      return disable
        ? `Disabled backend client ${clientId}: its tokens and exports are refused from now on.`
        : `Enabled backend client ${clientId}.`;
    }
    case 'audit-partitions': {
      const usage = 'Usage: npm run admin -- audit-partitions [--ahead N]';
      const values = optionsOf(rest, { ahead: { type: 'string' } }, usage);
      const ahead = values.ahead === undefined ? AUDIT_PARTITIONS_AHEAD : Number(values.ahead);
      if (!Number.isInteger(ahead) || ahead < 0 || ahead > MAX_PARTITIONS_AHEAD)
        throw new ProblemError(
          400,
          'Bad Request',
          `--ahead: a whole number of months from 0 to ${MAX_PARTITIONS_AHEAD}`,
        );
      const made = await ensureAuditPartitions(db, ahead);
      const partitions = await listAuditPartitions(db);
      const retention = settings.auditRetentionMonths;
      const due = retention === undefined ? [] : await partitionsDueForArchive(db, retention);
      return [
        `Made ${made} audit partition(s); ${partitions.length} monthly partition(s): ${partitions.map((p) => p.month).join(', ')}.`,
        retention === undefined
          ? 'AUDIT_RETENTION_MONTHS is not set: everything is kept.'
          : due.length
            ? `Due for archive (older than ${retention} months): ${due.map((p) => p.month).join(', ')}.`
            : `None is older than ${retention} months.`,
      ].join('\n');
    }
    case 'archive-audit': {
      const usage = 'Usage: npm run admin -- archive-audit --before YYYY-MM --out DIR';
      const values = optionsOf(
        rest,
        { before: { type: 'string' }, out: { type: 'string' } },
        usage,
      );
      if (!values.before || !values.out) throw new ProblemError(400, 'Bad Request', usage);
      const done = await archiveAuditPartitions(db, CLI_CONTEXT, values.before, values.out);
      if (!done.length) return `No audit partition before ${values.before}; nothing archived.`;
      return done
        .map(
          (a) =>
            `Archived ${a.month}: ${a.rows} event(s) to ${a.file} (sha256 ${a.sha256}), verified, and dropped ${a.name}.`,
        )
        .join('\n');
    }
    case 'restore-audit': {
      const usage = 'Usage: npm run admin -- restore-audit --file F';
      const values = optionsOf(rest, { file: { type: 'string' } }, usage);
      if (!values.file) throw new ProblemError(400, 'Bad Request', usage);
      const restored = await restoreAuditArchive(db, CLI_CONTEXT, values.file);
      return `Restored ${restored.month}: ${restored.rows} event(s) into ${restored.name}.`;
    }
    case 'verify-audit': {
      const usage =
        'Usage: npm run admin -- verify-audit [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--checkpoints FILE]';
      const values = optionsOf(
        rest,
        { from: { type: 'string' }, to: { type: 'string' }, checkpoints: { type: 'string' } },
        usage,
      );
      const from = instantOption('from', values.from);
      const to = instantOption('to', values.to);
      if (from && to && from >= to)
        throw new ProblemError(400, 'Bad Request', '--to: must be after --from');
      const found = await verifyAuditChain(db, { from, to });
      const lines: string[] = [];
      if (found.broken)
        throw new ProblemError(
          409,
          'Conflict',
          found.broken.seq > 0
            ? `The audit chain does not hold from batch ${found.broken.seq}: ${found.broken.reason}. (${found.batches} batch(es) before it matched.)`
            : `The audit chain does not hold: ${found.broken.reason}. (${found.batches} batch(es) matched.)`,
        );
      lines.push(
        found.batches
          ? `The audit chain holds: batches ${found.fromSeq} to ${found.throughSeq}, ${found.events} event(s) recomputed, events of ${found.fromAt} to ${found.throughAt}.`
          : 'No batch of the audit chain in that period; nothing to check.',
      );
      if (found.archivedBatches)
        lines.push(
          `${found.archivedBatches} batch(es) of archived months checked by their links only (their events are in the archive; restore-audit brings them back to be recomputed).`,
        );
      lines.push(`Head: batch ${found.head.seq}, sha256 ${found.head.hash}.`);
      const file = values.checkpoints ?? settings.checkpoints?.file;
      if (file && settings.checkpoints && (values.checkpoints || existsSync(file))) {
        let checked;
        try {
          checked = await checkCheckpoints(db, file, settings.checkpoints.key());
        } catch (error) {
          if (error instanceof ProblemError) throw error;
          throw new ProblemError(400, 'Bad Request', `--checkpoints: cannot read ${file}`);
        }
        if (checked.broken)
          throw new ProblemError(
            409,
            'Conflict',
            `${lines.join('\n')}\nThe checkpoints of ${file} do not match: ${checked.broken}.`,
          );
        lines.push(`${checked.checked} checkpoint(s) of ${file} match.`);
      }
      return lines.join('\n');
    }
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      return USAGE;
    default:
      throw new ProblemError(400, 'Bad Request', `Unknown command: ${command}`);
  }
}

/**
 * What the admin tool prints for a failure, and its exit status: a wrong command or argument
 * (400) prints the usage too and exits 2, as command-line tools do; anything else exits 1.
 */
export function adminFailure(error: unknown): { readonly text: string; readonly status: number } {
  if (error instanceof ProblemError && error.status === 400)
    return { text: `${error.message}\n\n${USAGE}`, status: 2 };
  return { text: describeFailure(error), status: 1 };
}

/** The outbox's mails as the admin tool prints them: headers, text, attachments' names. */
export function formatOutbox(mails: readonly OutboxMail[]): string {
  if (mails.length === 0) return 'The outbox is empty.';
  return mails
    .map((mail) =>
      [
        `Date: ${mail.created_at}`,
        `From: ${mail.from}`,
        `To: ${mail.to}`,
        `Subject: ${mail.subject}`,
        ...mail.attachments.map((a) => `Attachment: ${a.filename} (${a.contentType})`),
        '',
        mail.text,
      ].join('\n'),
    )
    .join('\n\n----------------------------------------\n\n');
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (process.argv[2] === 'outbox') {
    if (process.argv.length > 3)
      throw new ProblemError(400, 'Bad Request', 'outbox takes no argument');
    console.log(formatOutbox(await readOutbox(join(config.dataDir, 'outbox'))));
    return;
  }
  const database = await openConfiguredDatabase(config);
  try {
    await migrate(database.db);
    console.log(
      await runAdminCommand(database.db, process.argv.slice(2), config.activationCodeTtlDays, {
        auditRetentionMonths: config.auditRetentionMonths,
        checkpoints: {
          file: join(config.auditCheckpointDir, CHECKPOINT_FILE),
          key: () => resolveCheckpointKey(config),
        },
      }),
    );
  } finally {
    await database.close();
  }
}

// Only when run as the admin tool, not when a test imports runAdminCommand.
if (process.argv[1]?.endsWith('admin.js')) {
  main().catch((error: unknown) => {
    // The admin tool's refusals say what they say; a database error only its class and code.
    const failure = adminFailure(error);
    console.error(failure.text);
    process.exit(failure.status);
  });
}
