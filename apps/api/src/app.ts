import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { DEFAULT_API_BASE, FHIR_BASE } from '@portal/contract';
import { type Config, resolvePublicUrl } from './config';
import type { Db, PoolStats } from './db/database';
import { Metrics } from './metrics';
import { tooManyRequests } from './errors';
import { auditChainPlugin } from './plugins/audit-chain';
import { auditPartitionsPlugin } from './plugins/audit-partitions';
import { authenticationPlugin } from './plugins/authentication';
import { idempotencyPlugin } from './plugins/idempotency';
import type { SessionCache } from './security/session-cache';
import {
  answerClientError,
  isApiPath,
  MAX_PARAM_LENGTH,
  problemsPlugin,
  refuseScreenedUrl,
  screenUrl,
} from './plugins/problems';
import { corsPlugin } from './plugins/cors';
import { addSecurityHeaders } from './plugins/security-headers';
import { devFrontendsPlugin } from './plugins/dev-frontends';
import { bulkExportPlugin } from './fhir/bulk/plugin';
import { fhirPlugin } from './fhir/plugin';
import { staticAppsPlugin } from './plugins/static-apps';
import { accountRoutes } from './routes/account';
import { authRoutes } from './routes/auth';
import { catalogueRoutes } from './routes/catalogues';
import { clinicHoursRoutes } from './routes/clinic-hours';
import { employeeRoutes } from './routes/employees';
import { metricsRoutes } from './routes/metrics';
import { myRecordRoutes } from './routes/my-record';
import { operationsRoutes } from './routes/operations';
import { patientRoutes } from './routes/patients';
import { visitRoutes } from './routes/visit';
import { prescriptionRoutes } from './routes/prescriptions';
import { clinicalListRoutes } from './routes/clinical-lists';
import { AccountService } from './services/account-service';
import { AuthService } from './services/auth-service';
import { PasswordResetService } from './services/password-reset-service';
import { AppointmentMail } from './mail/appointment-mail';
import { Mailer } from './mail/mailer';
import { passwordResetRoutes } from './routes/password-reset';
import { DeviceCookies } from './security/device-cookies';
import { LoginChallenges } from './security/login-challenges';
import { HashPool } from './security/hash-pool';
import { PasswordHasher } from './security/password-hasher';
import { SecondFactor } from './security/second-factor';
import { TokenService } from './security/tokens';

/** What the app is built from; the database is opened (and closed) by the caller. */
export interface AppOptions {
  readonly config: Config;
  readonly db: Db;
  readonly jwtSecret: string;
  /** Pino options, or false for no logs (tests). */
  readonly logger?: boolean | object;
  /** The folder holding the three built frontends (dist/apps), served on the same origin. */
  readonly staticRoot?: string;
  /** How throttled logins wait; tests pass one that records the delay. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** The database's connection-pool figures, for the metrics (a PostgreSQL server only). */
  readonly databasePool?: () => PoolStats;
  /**
   * The key that encrypts second-factor secrets (resolveMfaKey: MFA_ENCRYPTION_KEY or the data
   * directory's). Without it (tests and the bench only) one is derived from the signing secret.
   */
  readonly mfaKey?: string;
  /** The session checks' answers kept in memory (startServer makes one on a PostgreSQL server). */
  readonly sessionCache?: SessionCache;
  /**
   * The clock second-factor codes and password reset links are checked against; tests may pass
   * one, the server never does.
   */
  readonly clock?: () => number;
  /** Where mails go (tests pass one on their own outbox or SMTP server); default from config. */
  readonly mailer?: Mailer;
}

/** One API route as registered: method, full path and who may call it. */
export interface RegisteredRoute {
  readonly method: string;
  readonly url: string;
  readonly access: unknown;
}

const MAX_BODY_BYTES = 1024 * 1024;

/** Logs say which route was called, never the URL itself: it can hold a patient id. */
const logSerializers = {
  req: (request: FastifyRequest) => ({
    id: request.id,
    method: request.method,
    route: request.routeOptions?.url ?? '(no route)',
  }),
  res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
};

/** The portal's API as a Fastify instance, ready to listen or to be injected into. */
export async function buildApp(options: AppOptions) {
  const { config, db } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: logSerializers,
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    return503OnClosing: true,
    // A URL the router cannot take is answered as a problem under the usual headers.
    rewriteUrl: screenUrl,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // A request Node's HTTP parser refuses is answered as a problem too, with one warn line.
    clientErrorHandler: answerClientError,
    // Node answers an HTTP/1.1 request without Host with a bare 400 of its own; screenUrl
    // refuses it instead, as a problem like every other refusal.
    http: { requireHostHeader: false },
  }).withTypeProvider<ZodTypeProvider>();

  // The peer's address is read when the connection opens: Node keeps it once read, and a
  // socket already destroyed has none. A request whose headers parsed but whose body did not
  // (a bad chunk size) is still in its hooks when the parser's error destroys the socket, and
  // `request.ip` read then was undefined: the rate limiter's key threw (a 500 and an error-level
  // stack in the log), and the audit's address would have been lost.
  app.server.on('connection', (socket: Socket) => void socket.remoteAddress);

  // The API speaks JSON only: anything else is a 415, not a string handed to a handler.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const routes: RegisteredRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(DEFAULT_API_BASE) || route.method === 'HEAD') return;
    if (route.config?.access === undefined) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} does not declare who may call it`,
      );
    }
    for (const method of [route.method].flat())
      routes.push({ method, url: route.url, access: route.config.access });
  });

  // Set when shutdown begins: answers then close their connection, so a client's kept-alive
  // connection cannot hold the server open once its request in flight is answered.
  let shuttingDown = false;
  app.decorate('beginShutdown', () => {
    shuttingDown = true;
  });

  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    if (shuttingDown) void reply.header('connection', 'close');
    // Answers about patients and staff must not be kept by browsers or proxies.
    if (isApiPath(request.url.split('?')[0] ?? '')) void reply.header('cache-control', 'no-store');
  });

  await app.register(problemsPlugin);
  addSecurityHeaders(app, {
    // Vite's dev server injects an inline refresh script and talks to its HMR port: the strict
    // policy holds everywhere but in development mode.
    contentSecurityPolicy: config.devFrontends
      ? false
      : {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'"],
            styleSrc: ["'self'"],
            imgSrc: ["'self'", 'data:'],
            fontSrc: ["'self'"],
            connectSrc: ["'self'"],
            objectSrc: ["'none'"],
            frameAncestors: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            // The embedded default serves plain HTTP on loopback; TLS is the front proxy's job.
            upgradeInsecureRequests: null,
          },
        },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    // Agrees with frame-ancestors 'none' for browsers that only know X-Frame-Options.
    frameguard: { action: 'deny' },
  });
  // After helmet's hooks, so the refusal of a malformed URL carries the security headers.
  app.addHook('onRequest', refuseScreenedUrl);
  // Before the rate limit and the routes: a preflight from a listed origin is answered here.
  await app.register(corsPlugin, { origins: config.corsOrigins });
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) =>
      tooManyRequests('Too many requests. Please slow down.', context.ttl / 1000),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Hospital portal API',
        version: '1.0.0',
        description: 'The JSON API of the hospital portal.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          metricsToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'The operators’ METRICS_TOKEN (GET /api/metrics only)',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  const tokens = new TokenService(options.jwtSecret, config.tokenTtlSeconds);
  const hashPool = new HashPool(config.hashPool.size, config.hashPool.queue);
  const passwordHasher = new PasswordHasher(config.passwordHashing, hashPool);
  app.decorate('passwordHasher', passwordHasher);

  // This instance's figures, in a registry of its own (GET /api/metrics).
  const metrics = new Metrics({
    hashPool,
    ...(options.databasePool ? { databasePool: options.databasePool } : {}),
  });
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the URL (it can hold a patient id); a path no route matched
    // (a 404, a refused URL) is counted under one label.
    const route = request.routeOptions?.url ?? '(no route)';
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.addHook('onClose', async () => metrics.stop());
  // The audit trail's monthly partitions, made ahead at start and daily.
  await app.register(auditPartitionsPlugin, { db, config, metrics });
  // The audit chain's head, checked, published and checkpointed hourly.
  await app.register(auditChainPlugin, { db, config, metrics });

  const secondFactor = new SecondFactor(
    options.mfaKey ?? `derived-from-signing-secret:${options.jwtSecret}`,
    options.clock,
  );
  const auth = new AuthService({
    db,
    tokens,
    config,
    sleep: options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))),
    passwords: passwordHasher,
    secondFactor,
    devices: new DeviceCookies(options.jwtSecret),
    challenges: new LoginChallenges(options.jwtSecret, config.loginChallengeTries),
    onThrottled: metrics.throttledAttempt,
  });
  await app.register(authenticationPlugin, {
    db,
    tokens,
    staffMfa: config.staffMfa,
    audited: metrics.audited,
    ...(options.sessionCache ? { sessions: options.sessionCache } : {}),
  });

  // After the session check: a key belongs to the signed-in account.
  await app.register(idempotencyPlugin, { db, secret: options.jwtSecret });

  const account = new AccountService(db, config, auth, passwordHasher, secondFactor);
  const mailer =
    options.mailer ??
    new Mailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: join(config.dataDir, 'outbox'),
      log: (level, message, fields) => app.log[level](fields, message),
    });
  // A mailer given by the caller is the caller's to close; this one waits for its queue.
  if (!options.mailer) app.addHook('onClose', async () => mailer.close());
  app.decorate('mailer', mailer);
  const appointmentMail = new AppointmentMail(db, mailer, config.mailFrom, (message) =>
    app.log.error(message),
  );
  app.decorate('appointmentMail', appointmentMail);
  const passwordReset = new PasswordResetService({
    db,
    config,
    passwords: passwordHasher,
    mailer,
    publicUrl: resolvePublicUrl(config),
    clock: options.clock ?? Date.now,
    onThrottled: () => metrics.throttledAttempt('password-reset'),
  });
  const deps = { db, config, auth, appointmentMail };
  await app.register(
    async (api) => {
      await api.register(operationsRoutes, deps);
      await api.register(metricsRoutes, { ...deps, metrics });
      await api.register(authRoutes, deps);
      await api.register(passwordResetRoutes, { ...deps, passwordReset });
      await api.register(accountRoutes, { ...deps, account });
      await api.register(myRecordRoutes, deps);
      await api.register(patientRoutes, deps);
      await api.register(visitRoutes, deps);
      await api.register(prescriptionRoutes, deps);
      await api.register(clinicalListRoutes, deps);
      await api.register(employeeRoutes, deps);
      await api.register(catalogueRoutes, deps);
      await api.register(clinicHoursRoutes, deps);
    },
    { prefix: DEFAULT_API_BASE },
  );
  // FHIR R4 on the same sessions; its own error and 404 answers (OperationOutcome).
  await app.register(fhirPlugin, { prefix: FHIR_BASE, db, config });
  // SMART Backend Services and Bulk Data export, for backend clients' tokens only.
  await app.register(bulkExportPlugin, { db, config, jwtSecret: options.jwtSecret });
  if (config.devFrontends) {
    await app.register(devFrontendsPlugin, { workspaceRoot: process.cwd() });
  } else if (options.staticRoot) {
    await app.register(staticAppsPlugin, { root: options.staticRoot });
  }
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its access rule, for the authorization matrix test. */
    apiRoutes: RegisteredRoute[];
    /** Marks the start of a graceful shutdown (call before `close()`). */
    beginShutdown(): void;
    /** Every password hash and check, through the bounded hashing pool. */
    passwordHasher: PasswordHasher;
    /** This instance's operators' figures (GET /api/metrics). */
    metrics: Metrics;
    /** The mail queue (SMTP_URL or the outbox). */
    mailer: Mailer;
    /** Booking and cancellation mails: `sendAppointmentMail(kind, appointment)`. */
    appointmentMail: AppointmentMail;
  }
}
