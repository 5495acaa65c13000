import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { PATIENT_CANCEL_NOTICE_HOURS } from '@portal/contract';
import { defaultPoolSize } from './security/hash-pool';
import type { HashParams } from './security/passwords';

/**
 * The least argon2id work (KiB × passes) the server accepts: OWASP's five equivalent settings
 * run from m=47104 t=1 to m=7168 t=5 (35,840), so nothing weaker than those is allowed.
 */
const MIN_HASH_WORK = 7168 * 5;

/** Whether a string is exactly an origin: `https://portal.example` or `http://127.0.0.1:8080`. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Every setting the server reads from its environment, with its default. */
const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().url().optional(),
    JWT_SECRET: z
      .string()
      .min(32, { error: 'JWT_SECRET must be at least 32 characters' })
      .optional(),
    /**
     * Whether staff must sign in with a second factor (TOTP). Default: `required` with
     * DATABASE_URL (a real deployment), `optional` on the embedded database (the demo).
     */
    STAFF_MFA: z.enum(['required', 'optional']).optional(),
    /** The key (any text of 32+ characters) that encrypts second-factor secrets at rest. */
    MFA_ENCRYPTION_KEY: z
      .string()
      .min(32, { error: 'MFA_ENCRYPTION_KEY must be at least 32 characters' })
      .optional(),
    TOKEN_TTL_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    SESSION_MAX_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 7)
      .default(12),
    ACTIVATION_CODE_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** How many upcoming appointments a patient may hold that they booked or were booked. */
    BOOKING_MAX_UPCOMING: z.coerce.number().int().min(1).max(100).default(3),
    /** How far ahead a patient may book, and GET /slots offers, in days (eight weeks). */
    BOOKING_HORIZON_DAYS: z.coerce.number().int().min(1).max(366).default(56),
    /** Hours before its start until which a patient may cancel their own appointment online. */
    PATIENT_CANCEL_NOTICE_HOURS: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 30)
      .default(PATIENT_CANCEL_NOTICE_HOURS),
    /** How long a finished bulk export's files stay downloadable before they are swept. */
    BULK_EXPORT_TTL_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(60),
    /**
     * Months of audit trail kept online; older monthly partitions are reported as due for
     * archive (log and metric), never deleted by the server. Unset: keep everything.
     */
    AUDIT_RETENTION_MONTHS: z.coerce.number().int().min(1).max(1200).optional(),
    /**
     * The key (32+ characters) that signs the audit chain's hourly checkpoints; on the embedded
     * database one is generated in DATA_DIR (`audit-checkpoint-key`) when unset.
     */
    AUDIT_CHECKPOINT_KEY: z
      .string()
      .min(32, { error: 'AUDIT_CHECKPOINT_KEY must be at least 32 characters' })
      .optional(),
    /** Where the signed checkpoints of the audit chain are appended; default DATA_DIR. */
    AUDIT_CHECKPOINT_DIR: z.string().optional(),
    /** `auto`: demo data on an empty embedded database only; `always`/`never` force it. */
    DEMO_DATA: z.enum(['auto', 'always', 'never']).default('auto'),
    /** argon2id's memory (KiB) and passes; OWASP's recommendation is m=19456, t=2 (p is 1). */
    PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(7168).max(1_048_576).default(19456),
    PASSWORD_HASH_ITERATIONS: z.coerce.number().int().min(1).max(20).default(2),
    /** The scrypt setting argon2id replaced: refused, so that an old setting is not silently ignored. */
    PASSWORD_HASH_COST: z
      .never({
        error:
          'PASSWORD_HASH_COST (scrypt) was removed; passwords are hashed with argon2id: set PASSWORD_HASH_MEMORY_KIB and PASSWORD_HASH_ITERATIONS instead, or nothing',
      })
      .optional(),
    /** Hashes at once (default: one per spare core) and how many more may wait before a 503. */
    HASH_POOL_SIZE: z.coerce.number().int().min(1).max(64).optional(),
    HASH_POOL_QUEUE: z.coerce.number().int().min(0).max(1000).default(8),
    /**
     * The proof of work asked of logins without a device cookie while their queue is full: the
     * average tries a browser makes (each a PBKDF2-SHA256 of 500 iterations).
     */
    LOGIN_CHALLENGE_TRIES: z.coerce.number().int().min(1).max(1_000_000).default(2000),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
    LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
    LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
    LOGIN_BLOCK_MINUTES: z.coerce.number().int().min(1).default(15),
    /** Each failure past the second adds this much delay to the answer, up to 4 s. */
    LOGIN_SLOWDOWN_MS: z.coerce.number().int().min(0).max(2000).default(500),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    TRUST_PROXY: flag.default(false),
    /**
     * The portal's address as its users and integrators reach it (scheme://host[:port]): the
     * audience SMART client assertions must name. Required with DATABASE_URL.
     */
    PUBLIC_URL: z
      .string()
      .transform((value) => value.trim().replace(/\/$/, ''))
      .refine(isOrigin, {
        error: 'PUBLIC_URL must be an origin: scheme://host[:port], without a path',
      })
      .optional(),
    /** A bearer token that lets a caller other than this machine read GET /api/metrics. */
    METRICS_TOKEN: z
      .string()
      .min(32, { error: 'METRICS_TOKEN must be at least 32 characters' })
      .optional(),
    /**
     * Origins (scheme://host[:port], comma-separated) whose pages may call the API from another
     * origin, e.g. the apps on a CDN; none by default: no CORS headers at all.
     */
    CORS_ORIGINS: z
      .string()
      .default('')
      .transform((value, ctx) => {
        const origins = value
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean);
        for (const origin of origins) {
          if (!isOrigin(origin)) {
            ctx.addIssue({
              code: 'custom',
              message: `"${origin}" is not an origin: write scheme://host[:port], without a path or a slash at the end`,
            });
          }
        }
        return origins;
      }),
    /**
     * The SMTP server mails go through (`smtp://user:pass@host:587`, `smtps://…:465`); unset:
     * mails are kept in DATA_DIR/outbox (`npm run admin -- outbox`), never sent.
     */
    SMTP_URL: z
      .string()
      .refine((v) => /^smtps?:\/\/[^\s]+$/.test(v), {
        error: 'SMTP_URL must be smtp://[user:password@]host[:port] or smtps://…',
      })
      .optional(),
    /** The sender of the portal's mails. */
    MAIL_FROM: z
      .email({ error: 'MAIL_FROM must be an e-mail address' })
      .default('no-reply@portal.invalid'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    STATIC_DIR: z.string().optional(),
    /** Development: serve the apps from Vite dev servers with hot reload instead of their builds. */
    DEV_FRONTENDS: flag.default(false),
  })
  .refine((e) => e.PASSWORD_HASH_MEMORY_KIB * e.PASSWORD_HASH_ITERATIONS >= MIN_HASH_WORK, {
    path: ['PASSWORD_HASH_ITERATIONS'],
    error: `PASSWORD_HASH_MEMORY_KIB × PASSWORD_HASH_ITERATIONS must be at least ${MIN_HASH_WORK} (OWASP's weakest recommended argon2id setting, m=7168 t=5); the default is 19456 × 2`,
  });

/** The server's settings, resolved from the environment. */
export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly jwtSecret: string | undefined;
  /** Whether staff without a second factor are sent to enrol it before anything else. */
  readonly staffMfa: 'required' | 'optional';
  readonly mfaEncryptionKey: string | undefined;
  readonly tokenTtlSeconds: number;
  readonly sessionMaxSeconds: number;
  readonly activationCodeTtlDays: number;
  /** A patient's own bookings: upcoming ones held at most, and days ahead (docs/operations.md). */
  readonly booking: { readonly maxUpcoming: number; readonly horizonDays: number };
  /** Hours before its start until which a patient may cancel their own appointment online. */
  readonly patientCancelNoticeHours: number;
  readonly bulkExportTtlSeconds: number;
  /** Months of audit trail kept online before a partition is due for archive; none: forever. */
  readonly auditRetentionMonths: number | undefined;
  readonly auditCheckpointKey: string | undefined;
  /** The directory of the audit chain's checkpoint file. */
  readonly auditCheckpointDir: string;
  readonly demoData: 'auto' | 'always' | 'never';
  /** argon2id's cost for new hashes (old hashes keep theirs until the next login). */
  readonly passwordHashing: HashParams;
  /** Hashes at once and the queue before a 503 (see security/hash-pool.ts). */
  readonly hashPool: { readonly size: number; readonly queue: number };
  /** The average tries of a login's proof of work (see security/login-challenges.ts). */
  readonly loginChallengeTries: number;
  readonly throttle: {
    readonly maxFailuresPerAccount: number;
    readonly maxFailuresPerAddress: number;
    readonly windowSeconds: number;
    readonly blockSeconds: number;
    readonly slowdownMs: number;
  };
  readonly rateLimitPerMinute: number;
  readonly trustProxy: boolean;
  /** PUBLIC_URL as set; {@link resolvePublicUrl} gives the one in force. */
  readonly publicUrl: string | undefined;
  /** The bearer token for GET /api/metrics from elsewhere than loopback; none: loopback only. */
  readonly metricsToken: string | undefined;
  /** Origins allowed to call the API from another origin (CORS); empty: none. */
  readonly corsOrigins: readonly string[];
  /** Where mails go; none: the outbox in the data directory. */
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly logLevel: string;
  readonly staticDir: string | undefined;
  readonly devFrontends: boolean;
}

/** Reads the settings; throws one message listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    staffMfa: e.STAFF_MFA ?? (e.DATABASE_URL ? 'required' : 'optional'),
    mfaEncryptionKey: e.MFA_ENCRYPTION_KEY,
    tokenTtlSeconds: e.TOKEN_TTL_MINUTES * 60,
    sessionMaxSeconds: e.SESSION_MAX_HOURS * 3600,
    activationCodeTtlDays: e.ACTIVATION_CODE_TTL_DAYS,
    booking: { maxUpcoming: e.BOOKING_MAX_UPCOMING, horizonDays: e.BOOKING_HORIZON_DAYS },
    patientCancelNoticeHours: e.PATIENT_CANCEL_NOTICE_HOURS,
    bulkExportTtlSeconds: e.BULK_EXPORT_TTL_MINUTES * 60,
    auditRetentionMonths: e.AUDIT_RETENTION_MONTHS,
    auditCheckpointKey: e.AUDIT_CHECKPOINT_KEY,
    auditCheckpointDir: resolve(e.AUDIT_CHECKPOINT_DIR ?? e.DATA_DIR),
    demoData: e.DEMO_DATA,
    passwordHashing: {
      memoryKib: e.PASSWORD_HASH_MEMORY_KIB,
      iterations: e.PASSWORD_HASH_ITERATIONS,
    },
    hashPool: { size: e.HASH_POOL_SIZE ?? defaultPoolSize(), queue: e.HASH_POOL_QUEUE },
    loginChallengeTries: e.LOGIN_CHALLENGE_TRIES,
    throttle: {
      maxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowSeconds: e.LOGIN_FAILURE_WINDOW_MINUTES * 60,
      blockSeconds: e.LOGIN_BLOCK_MINUTES * 60,
      slowdownMs: e.LOGIN_SLOWDOWN_MS,
    },
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    publicUrl: e.PUBLIC_URL,
    metricsToken: e.METRICS_TOKEN,
    corsOrigins: e.CORS_ORIGINS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    staticDir: e.STATIC_DIR ? resolve(e.STATIC_DIR) : undefined,
    devFrontends: e.DEV_FRONTENDS,
  };
}

/**
 * The token-signing secret: JWT_SECRET when set; otherwise, for the embedded database only,
 * one generated at first start and kept (mode 0600) in the data directory. Several instances
 * on a PostgreSQL server must share a secret, so there it has to be set.
 */
export function resolveJwtSecret(config: Config): string {
  return resolveSecret(config, config.jwtSecret, 'JWT_SECRET', 'jwt-secret');
}

/**
 * The portal's public origin: PUBLIC_URL when set; otherwise, for the embedded database only,
 * the address it listens on (HOST and PORT; a wildcard host as localhost). Never the Host
 * header of a request, which the caller chooses: SMART assertions are checked against it.
 */
export function resolvePublicUrl(
  config: Pick<Config, 'publicUrl' | 'databaseUrl' | 'host' | 'port'>,
): string {
  if (config.publicUrl) return config.publicUrl;
  if (config.databaseUrl) {
    throw new Error(
      "PUBLIC_URL must be set (the portal's address, e.g. https://portal.example) when DATABASE_URL is used.",
    );
  }
  const host = ['', '0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
  return new URL(`http://${host.includes(':') ? `[${host}]` : host}:${config.port}`).origin;
}

/**
 * The key that encrypts second-factor secrets at rest, found like the signing secret:
 * MFA_ENCRYPTION_KEY when set; otherwise, for the embedded database only, one generated at first
 * start and kept in the data directory (`mfa-key`). Losing it loses every enrolled second factor
 * (each user then needs `reset-mfa`), so it is backed up with the data directory.
 */
export function resolveMfaKey(config: Config): string {
  return resolveSecret(config, config.mfaEncryptionKey, 'MFA_ENCRYPTION_KEY', 'mfa-key');
}

/**
 * The key that signs the audit chain's checkpoints, found like the signing secret:
 * AUDIT_CHECKPOINT_KEY, or one generated in the data directory (`audit-checkpoint-key`) on the
 * embedded database. Whoever checks a checkpoint file needs it, so the operator keeps a copy
 * with the checkpoints, away from the database.
 */
export function resolveCheckpointKey(config: Config): string {
  return resolveSecret(
    config,
    config.auditCheckpointKey,
    'AUDIT_CHECKPOINT_KEY',
    'audit-checkpoint-key',
  );
}

function resolveSecret(
  config: Config,
  fromEnv: string | undefined,
  name: string,
  fileName: string,
): string {
  if (fromEnv) return fromEnv;
  if (config.databaseUrl) {
    throw new Error(`${name} must be set (at least 32 characters) when DATABASE_URL is used.`);
  }
  const file = join(config.dataDir, fileName);
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length < 32) {
      throw new Error(
        `${file} holds no usable secret (under 32 characters); delete it to generate a new one, or set ${name}.`,
      );
    }
    return kept;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}
