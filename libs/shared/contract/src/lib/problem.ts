import { z } from 'zod';
import { SESSION_ENDED_BY_HOSPITAL, SESSION_SIGNED_OUT } from './messages';

/** One invalid field of a request. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });

/** Every error the API answers: RFC 9457 problem details, with field errors on a 400. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
  /**
   * On a 401 only, and only to a correctly signed token of that session: `by_hospital` when the
   * hospital ended the session (access revoked, account disabled, role changed); `signed_out`
   * when it was revoked otherwise (a logout elsewhere, a new password, "sign out everywhere"),
   * so that the tab still showing it can say why. Absent when the token expired, the session
   * outlived its 12 hours, or the token is not valid.
   */
  session_ended: z.enum([SESSION_ENDED_BY_HOSPITAL, SESSION_SIGNED_OUT]).optional(),
  /**
   * On a 503 of POST /login only: the proof of work that lets this login through while the
   * server is flooded with logins (login-challenge.ts, as text); send the login again with its
   * `proof`.
   */
  challenge: z.string().optional(),
});

/** The media type of error answers. */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type Problem = z.infer<typeof problemSchema>;

/**
 * What the portal's own client sends as `Accept`: JSON answers, and problems for failures (a
 * call of {@link MESSAGE_ERROR_ENDPOINTS} answers a bare message to a client that does not ask).
 */
export const PORTAL_ACCEPT = `application/json, ${PROBLEM_CONTENT_TYPE}`;

/**
 * Whether an `Accept` header asks for problem details by name (a wildcard does not: the spec's
 * client sends `application/json, text/plain, *\/*` and shows the failure's data as it is).
 */
export function asksForProblem(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((range) => {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const quality = params.find((p) => /^q\s*=/.test(p));
    return (
      type === PROBLEM_CONTENT_TYPE && (quality === undefined || Number(quality.split('=')[1]) > 0)
    );
  });
}
