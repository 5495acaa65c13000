import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  type Access,
  actionNotAllowedMessage,
  type ClinicalAction,
  mayPerform,
  SESSION_ENDED_BY_HOSPITAL,
  SESSION_SIGNED_OUT,
  SESSION_ENDED_BY_HOSPITAL_MESSAGE,
} from '@portal/contract';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { forbidden, ProblemError, unauthorized } from '../errors';
import {
  revokedByHospital,
  accountsRepository,
  accountIsActive,
  mustEnrolSecondFactor,
} from '../repositories/accounts';
import { type Actor, audit, type RequestContext } from '../repositories/audit';
import { actorOf } from '../services/auth-service';
import type { SessionCache } from '../security/session-cache';
import type { TokenService } from '../security/tokens';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every API route must say. */
    access?: Access;
    /** The clinical action the call is: the caller's position must allow it (beyond the role). */
    action?: ClinicalAction;
    /** Whether a session limited to enrolling its second factor may call the route. */
    mfaEnrolment?: boolean;
    /** Whether a failure goes to a client not asking for problems as a bare message (sendProblem). */
    messageErrors?: boolean;
    /** Whether a call of a writing method changes nothing (QUERY_ENDPOINTS: the searches). */
    readsOnly?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user, set for every non-public route before its handler runs. */
    actor: Actor | null;
    /** When the signed-in user's session ends for good (renewal cannot pass it). */
    sessionEndsAt: Date | null;
    /** Who is asking, from where: what repositories audit. */
    context(): RequestContext;
  }
}

/** The methods no call of the API writes with. */
const READING_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

const SESSION_ENDED = 'Your session has ended. Please log in again.';

/** The answer to a session limited to enrolment (STAFF_MFA=required) calling anything else. */
export const MFA_ENROLMENT_FIRST = 'Set up your second factor before anything else.';

/**
 * Checks, before anything else runs, that the caller may make the call: a valid signed token
 * for a live, unrevoked session of an active account, with a role the route allows. The role
 * comes from the database (the employee's current position), not the token, so a change takes
 * effect at once; a token that names another role than the position's now is refused. A
 * session opened for enrolment only (STAFF_MFA=required, no second factor yet) reaches the
 * enrolment calls and logout, and nothing else (403). The policy is the one in force now, not
 * the one the session was opened under: staff without a second factor, under STAFF_MFA=required,
 * are held to enrolment even in a session opened while it was optional (the same one query
 * tells whether the account has a second factor).
 */
export const authenticationPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      db: Db;
      tokens: TokenService;
      staffMfa: Config['staffMfa'];
      audited?: RequestContext['audited'];
      /** The session checks' answers kept in memory (a PostgreSQL server only); none: ask each time. */
      sessions?: SessionCache;
    },
  ) => {
    const sessions = options.sessions;
    if (sessions) {
      // A write through this instance may have changed a session (a logout, a revocation, a
      // leaver): its own cache forgets before the answer goes out, so the very next request
      // here asks the database; the other instances hear the triggers' notification.
      // A refused write (a wrong password, a 4xx or 5xx) changed no session: a flood of failed
      // logins must not empty the cache for everyone else, nor must a search (a POST that
      // reads, QUERY_ENDPOINTS) empty it for everyone at every search.
      app.addHook('onSend', async (request, reply) => {
        const reads = READING_METHODS.has(request.method) || request.routeOptions.config.readsOnly;
        if (!reads && reply.statusCode < 400) sessions.clear();
      });
    }

    app.decorateRequest('actor', null);
    app.decorateRequest('sessionEndsAt', null);
    app.decorateRequest('context', function context() {
      return {
        actor: this.actor,
        address: this.ip,
        requestId: this.id,
        ...(this.headers['user-agent'] ? { userAgent: this.headers['user-agent'] } : {}),
        ...(options.audited ? { audited: options.audited } : {}),
        ...(this.idempotencyClaim ? { idempotencyClaim: this.idempotencyClaim } : {}),
      };
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      // An operator's call is checked by its route (loopback or the metrics token), not here.
      if (access === undefined || access === 'public' || access === 'operator') return;
      const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (!token) throw unauthorized('Sign in to continue');
      const claims = await options.tokens.verify(token);
      if (!claims) throw unauthorized(SESSION_ENDED);
      const session = sessions
        ? await sessions.lookup(claims.sid, () =>
            accountsRepository.findSession(options.db, claims.sid),
          )
        : await accountsRepository.findSession(options.db, claims.sid);
      if (!session || session.id !== claims.sub) throw unauthorized(SESSION_ENDED);
      // Past here the token is correctly signed, unexpired and of this session: its holder may
      // learn that the hospital ended it (access revoked, account disabled, role changed).
      const endedByHospital = session.revoked
        ? revokedByHospital(session.revokedReason)
        : !accountIsActive(session) ||
          // The role now follows the position: a token issued for another role is not honoured.
          session.role !== claims.role;
      if (endedByHospital) {
        throw unauthorized(SESSION_ENDED_BY_HOSPITAL_MESSAGE, {
          session_ended: SESSION_ENDED_BY_HOSPITAL,
        });
      }
      // Revoked by its own person elsewhere (a logout, a new password, "sign out everywhere"):
      // the tab still holding it says so instead of 'Token expired'.
      if (session.revoked) throw unauthorized(SESSION_ENDED, { session_ended: SESSION_SIGNED_OUT });
      if (session.ended) throw unauthorized(SESSION_ENDED);
      request.actor = actorOf(session, session.sessionId);
      request.sessionEndsAt = session.absoluteExpiresAt;
      const enrolmentOnly =
        session.mfaEnrolmentOnly || mustEnrolSecondFactor(options.staffMfa, session);
      if (enrolmentOnly && !request.routeOptions.config.mfaEnrolment) {
        await audit(options.db, request.context(), { action: 'access.denied', outcome: 'denied' });
        throw forbidden(MFA_ENROLMENT_FIRST);
      }
      if (access === 'authenticated') return;
      if (!access.includes(session.role)) {
        await audit(options.db, request.context(), { action: 'access.denied', outcome: 'denied' });
        throw forbidden();
      }
      const action = request.routeOptions.config.action;
      if (action && !mayPerform(session.positionId, action)) {
        await audit(options.db, request.context(), { action: 'access.denied', outcome: 'denied' });
        throw new ProblemError(
          403,
          'Forbidden',
          actionNotAllowedMessage(action),
          undefined,
          undefined,
          { action },
        );
      }
    });
  },
);
