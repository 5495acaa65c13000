import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, resolveJwtSecret, resolveMfaKey, resolvePublicUrl } from './config';
import { defaultPoolSize } from './security/hash-pool';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      jwtSecret: undefined,
      tokenTtlSeconds: 30 * 60,
      sessionMaxSeconds: 12 * 3600,
      activationCodeTtlDays: 30,
      booking: { maxUpcoming: 3, horizonDays: 56 },
      bulkExportTtlSeconds: 3600,
      demoData: 'auto',
      staffMfa: 'optional',
      mfaEncryptionKey: undefined,
      auditCheckpointKey: undefined,
      auditCheckpointDir: path.resolve('./data'),
      passwordHashing: { memoryKib: 19456, iterations: 2 },
      hashPool: { size: defaultPoolSize(), queue: 8 },
      loginChallengeTries: 2000,
      trustProxy: false,
      corsOrigins: [],
      logLevel: 'info',
      staticDir: undefined,
      devFrontends: false,
    });
    expect(config.tokenTtlSeconds).toBe(1800);
    expect(path.isAbsolute(config.dataDir)).toBe(true);
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://, and a MAIL_FROM that is no address', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://relay.example' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM/);
  });

  it('reads every override', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: 'some/where',
      DATABASE_URL: 'postgres://portal@db.example:5432/portal',
      JWT_SECRET: 's'.repeat(40),
      STAFF_MFA: 'optional',
      MFA_ENCRYPTION_KEY: 'k'.repeat(32),
      AUDIT_CHECKPOINT_KEY: 'c'.repeat(32),
      AUDIT_CHECKPOINT_DIR: 'kept/elsewhere',
      TOKEN_TTL_MINUTES: '15',
      SESSION_MAX_HOURS: '8',
      ACTIVATION_CODE_TTL_DAYS: '7',
      BOOKING_MAX_UPCOMING: '5',
      BOOKING_HORIZON_DAYS: '28',
      PATIENT_CANCEL_NOTICE_HOURS: '48',
      AUDIT_RETENTION_MONTHS: '120',
      BULK_EXPORT_TTL_MINUTES: '90',
      DEMO_DATA: 'never',
      PASSWORD_HASH_MEMORY_KIB: '47104',
      PASSWORD_HASH_ITERATIONS: '1',
      HASH_POOL_SIZE: '3',
      HASH_POOL_QUEUE: '20',
      LOGIN_CHALLENGE_TRIES: '500',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '50',
      LOGIN_FAILURE_WINDOW_MINUTES: '10',
      LOGIN_BLOCK_MINUTES: '20',
      LOGIN_SLOWDOWN_MS: '250',
      RATE_LIMIT_PER_MINUTE: '120',
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'https://portal.riverside.example/',
      METRICS_TOKEN: 'm'.repeat(32),
      CORS_ORIGINS: 'https://apps.cdn.example',
      SMTP_URL: 'smtps://portal:secret@relay.riverside.example:465',
      MAIL_FROM: 'portal@riverside.example',
      LOG_LEVEL: 'warn',
      STATIC_DIR: 'dist/static',
      DEV_FRONTENDS: 'true',
    });
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('some/where'),
      databaseUrl: 'postgres://portal@db.example:5432/portal',
      jwtSecret: 's'.repeat(40),
      staffMfa: 'optional',
      mfaEncryptionKey: 'k'.repeat(32),
      auditCheckpointKey: 'c'.repeat(32),
      auditCheckpointDir: path.resolve('kept/elsewhere'),
      tokenTtlSeconds: 900,
      sessionMaxSeconds: 8 * 3600,
      activationCodeTtlDays: 7,
      booking: { maxUpcoming: 5, horizonDays: 28 },
      patientCancelNoticeHours: 48,
      auditRetentionMonths: 120,
      bulkExportTtlSeconds: 90 * 60,
      demoData: 'never',
      passwordHashing: { memoryKib: 47104, iterations: 1 },
      hashPool: { size: 3, queue: 20 },
      loginChallengeTries: 500,
      throttle: {
        maxFailuresPerAccount: 3,
        maxFailuresPerAddress: 50,
        windowSeconds: 600,
        blockSeconds: 1200,
        slowdownMs: 250,
      },
      rateLimitPerMinute: 120,
      trustProxy: true,
      publicUrl: 'https://portal.riverside.example',
      metricsToken: 'm'.repeat(32),
      corsOrigins: ['https://apps.cdn.example'],
      smtpUrl: 'smtps://portal:secret@relay.riverside.example:465',
      mailFrom: 'portal@riverside.example',
      logLevel: 'warn',
      staticDir: path.resolve('dist/static'),
      devFrontends: true,
    });
  });

  it('PUBLIC_URL: required with DATABASE_URL; on the embedded database, HOST and PORT', () => {
    const server = 'postgres://u@127.0.0.1:5432/db';
    expect(() => resolvePublicUrl(loadConfig({ DATABASE_URL: server }))).toThrow(
      /PUBLIC_URL must be set/,
    );
    expect(
      resolvePublicUrl(loadConfig({ DATABASE_URL: server, PUBLIC_URL: 'https://portal.example' })),
    ).toBe('https://portal.example');
    expect(resolvePublicUrl(loadConfig({}))).toBe('http://127.0.0.1:3000');
    expect(resolvePublicUrl(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }))).toBe(
      'http://localhost:8080',
    );
    expect(resolvePublicUrl(loadConfig({ HOST: '::1', PORT: '80' }))).toBe('http://[::1]');
    for (const bad of ['portal.example', 'https://portal.example/portal', 'ftp://portal.example'])
      expect(() => loadConfig({ PUBLIC_URL: bad })).toThrow(/PUBLIC_URL must be an origin/);
  });

  it('STAFF_MFA defaults to required with DATABASE_URL and optional on the embedded database', () => {
    expect(loadConfig({}).staffMfa).toBe('optional');
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/portal' }).staffMfa).toBe('required');
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db.example/portal', STAFF_MFA: 'optional' }).staffMfa,
    ).toBe('optional');
    expect(loadConfig({ STAFF_MFA: 'required' }).staffMfa).toBe('required');
    expect(() => loadConfig({ STAFF_MFA: 'sometimes' })).toThrow(/STAFF_MFA/);
    expect(() => loadConfig({ MFA_ENCRYPTION_KEY: 'short' })).toThrow(
      /MFA_ENCRYPTION_KEY must be at least 32 characters/,
    );
  });

  it('accepts PORT 0 (any free port)', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
  });

  it('reads process.env when given nothing', () => {
    const saved = process.env['ACTIVATION_CODE_TTL_DAYS'];
    process.env['ACTIVATION_CODE_TTL_DAYS'] = '9';
    try {
      expect(loadConfig().activationCodeTtlDays).toBe(9);
    } finally {
      if (saved === undefined) delete process.env['ACTIVATION_CODE_TTL_DAYS'];
      else process.env['ACTIVATION_CODE_TTL_DAYS'] = saved;
    }
  });

  it('throws one error naming every bad variable', () => {
    const bad = {
      PORT: 'eighty',
      DATABASE_URL: 'not a url',
      JWT_SECRET: 'too-short',
      TOKEN_TTL_MINUTES: '0',
      DEMO_DATA: 'sometimes',
      PASSWORD_HASH_COST: '17',
      TRUST_PROXY: 'yes',
      LOG_LEVEL: 'loud',
    };
    let message = '';
    try {
      loadConfig(bad);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid environment:/);
    for (const name of Object.keys(bad)) expect(message).toContain(`${name}:`);
    expect(message).toContain('JWT_SECRET must be at least 32 characters');
    // Each bad variable on its own line, after the heading.
    expect(message.split('\n')).toHaveLength(Object.keys(bad).length + 1);
  });

  it.each([
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['TOKEN_TTL_MINUTES', '1.5'],
    ['TOKEN_TTL_MINUTES', String(24 * 60 + 1)],
    ['ACTIVATION_CODE_TTL_DAYS', '366'],
    ['PASSWORD_HASH_MEMORY_KIB', '4096'],
    ['PASSWORD_HASH_ITERATIONS', '0'],
    ['HASH_POOL_SIZE', '0'],
    ['HASH_POOL_QUEUE', '-1'],
    ['LOGIN_SLOWDOWN_MS', '2001'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});

describe('password hashing settings', () => {
  it('refuses the removed scrypt setting PASSWORD_HASH_COST, saying what replaced it', () => {
    expect(() => loadConfig({ PASSWORD_HASH_COST: '17' })).toThrow(
      /PASSWORD_HASH_COST: .*removed.*PASSWORD_HASH_MEMORY_KIB and PASSWORD_HASH_ITERATIONS/,
    );
  });

  it.each([
    ['19456', '2'],
    ['47104', '1'],
    ['7168', '5'],
    ['65536', '3'],
  ])("accepts OWASP's settings and stronger (m=%s t=%s)", (m, t) => {
    const config = loadConfig({ PASSWORD_HASH_MEMORY_KIB: m, PASSWORD_HASH_ITERATIONS: t });
    expect(config.passwordHashing).toEqual({ memoryKib: Number(m), iterations: Number(t) });
  });

  it.each([
    ['19456', '1'],
    ['7168', '4'],
    ['12288', '2'],
  ])('refuses argon2id weaker than OWASP recommends (m=%s t=%s)', (m, t) => {
    expect(() => loadConfig({ PASSWORD_HASH_MEMORY_KIB: m, PASSWORD_HASH_ITERATIONS: t })).toThrow(
      /PASSWORD_HASH_ITERATIONS: PASSWORD_HASH_MEMORY_KIB × PASSWORD_HASH_ITERATIONS must be at least 35840/,
    );
  });

  it('sizes the pool at one hash per spare core, at least one, and under the libuv threads', () => {
    expect(defaultPoolSize(1, 4)).toBe(1);
    expect(defaultPoolSize(2, 4)).toBe(1);
    expect(defaultPoolSize(4, 4)).toBe(3);
    expect(defaultPoolSize(16, 4)).toBe(3);
    expect(defaultPoolSize(16, 16)).toBe(15);
  });
});

describe('resolveJwtSecret', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uses JWT_SECRET when it is set, and writes no file', () => {
    const dir = tempDir();
    const secret = 'configured-secret-that-is-long-enough-012345';
    expect(resolveJwtSecret(loadConfig({ DATA_DIR: dir, JWT_SECRET: secret }))).toBe(secret);
    expect(fs.existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
  });

  it('prefers JWT_SECRET to a secret file already in the data directory', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'jwt-secret'), 'file-secret-that-is-long-enough-0123456789');
    const secret = 'configured-secret-that-is-long-enough-012345';
    expect(resolveJwtSecret(loadConfig({ DATA_DIR: dir, JWT_SECRET: secret }))).toBe(secret);
  });

  it('throws with DATABASE_URL and no JWT_SECRET, and writes no file', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' });
    expect(() => resolveJwtSecret(config)).toThrow(/JWT_SECRET must be set/);
    expect(fs.existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
  });

  it('uses JWT_SECRET with DATABASE_URL', () => {
    const secret = 'shared-secret-for-all-instances-0123456789';
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
      JWT_SECRET: secret,
    });
    expect(resolveJwtSecret(config)).toBe(secret);
  });

  it('generates a secret once for the embedded database, kept in DATA_DIR/jwt-secret (0600)', () => {
    const dir = path.join(tempDir(), 'not', 'yet', 'there');
    const config = loadConfig({ DATA_DIR: dir });
    const first = resolveJwtSecret(config);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, 'jwt-secret');
    expect(fs.readFileSync(file, 'utf8')).toBe(first);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret(config)).toBe(first);
    expect(resolveJwtSecret(loadConfig({ DATA_DIR: dir }))).toBe(first);
  });

  it('refuses a kept secret file that is empty or too short', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'jwt-secret'), 'short');
    expect(() => resolveJwtSecret(loadConfig({ DATA_DIR: dir }))).toThrow(/no usable secret/);
  });

  it('generates a different secret for each data directory', () => {
    const a = resolveJwtSecret(loadConfig({ DATA_DIR: tempDir() }));
    const b = resolveJwtSecret(loadConfig({ DATA_DIR: tempDir() }));
    expect(a).not.toBe(b);
  });
});

describe('resolveMfaKey', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-mfa-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uses MFA_ENCRYPTION_KEY when it is set, and writes no file', () => {
    const dir = tempDir();
    const key = 'configured-mfa-key-that-is-long-enough-0123';
    expect(resolveMfaKey(loadConfig({ DATA_DIR: dir, MFA_ENCRYPTION_KEY: key }))).toBe(key);
    expect(fs.existsSync(path.join(dir, 'mfa-key'))).toBe(false);
  });

  it('throws with DATABASE_URL and no MFA_ENCRYPTION_KEY', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://u@127.0.0.1/db' });
    expect(() => resolveMfaKey(config)).toThrow(/MFA_ENCRYPTION_KEY must be set/);
  });

  it('generates a key once for the embedded database, in DATA_DIR/mfa-key (0600), apart from the signing secret', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    const key = resolveMfaKey(config);
    expect(key.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, 'mfa-key');
    expect(fs.readFileSync(file, 'utf8')).toBe(key);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveMfaKey(config)).toBe(key);
    expect(resolveJwtSecret(config)).not.toBe(key);
  });
});
