import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  type Endpoint,
  ENDPOINTS,
  IDEMPOTENT_ENDPOINTS,
  MESSAGE_ERROR_ENDPOINTS,
  MFA_ENROLMENT_ENDPOINTS,
  QUERY_ENDPOINTS,
  NEXT_CURSOR_HEADER,
  problemSchema,
  TOTAL_COUNT_CAPPED_HEADER,
  TOTAL_COUNT_HEADER,
} from '@portal/contract';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { forbidden } from '../errors';
import { audit } from '../repositories/audit';
import type { JsonText, Page } from '../repositories/paging';
import type { AppointmentMail } from '../mail/appointment-mail';
import type { AuthService } from '../services/auth-service';

/** What every route plugin is given. */
export interface RouteDeps {
  readonly db: Db;
  readonly config: Config;
  readonly auth: AuthService;
  /** Booking and cancellation mails, sent once a write has committed. */
  readonly appointmentMail: AppointmentMail;
}

/**
 * A patient asking for another patient's record (a list of it, a read of it): refused and
 * audited as the record read is. Staff pass; their access is the endpoint's.
 */
export async function refuseOtherPatient(
  db: Db,
  request: FastifyRequest,
  patientId: string,
): Promise<void> {
  const actor = request.actor!;
  if (actor.role === 'patient' && actor.patientId !== patientId) {
    await audit(db, request.context(), {
      action: 'patient.read',
      recordType: 'patient',
      recordIds: [patientId],
      outcome: 'denied',
    });
    throw forbidden('Patients may only open their own record');
  }
}

/** The error answers every route may give, for the OpenAPI document and the serializer. */
const problemResponses = { '4xx': problemSchema, '5xx': problemSchema };

/** The same for a call whose failures may be a bare message (MESSAGE_ERROR_ENDPOINTS). */
const messageOrProblemResponses = {
  '4xx': z.union([problemSchema, z.string()]),
  '5xx': z.union([problemSchema, z.string()]),
};

/**
 * Method, path and access of a route straight from the contract's endpoint table, and its
 * schemas with the problem answers added, so no route can forget who may call it. A public
 * call says so in the OpenAPI document too (`security: []` over the document's bearer default).
 */
export function fromEndpoint<S extends { response?: Record<string, unknown> }>(
  endpoint: Endpoint,
  schema: S,
) {
  const messageErrors = MESSAGE_ERROR_ENDPOINTS.some((name) => ENDPOINTS[name] === endpoint);
  return {
    method: endpoint.method,
    url: endpoint.path,
    config: {
      access: endpoint.access,
      ...(endpoint.action ? { action: endpoint.action } : {}),
      mfaEnrolment: MFA_ENROLMENT_ENDPOINTS.some((name) => ENDPOINTS[name] === endpoint),
      messageErrors,
      readsOnly: QUERY_ENDPOINTS.some((name) => ENDPOINTS[name] === endpoint),
      idempotent: IDEMPOTENT_ENDPOINTS.some((name) => ENDPOINTS[name] === endpoint),
    },
    schema: {
      ...schema,
      ...securityOf(endpoint),
      response: {
        ...schema.response,
        ...(messageErrors ? messageOrProblemResponses : problemResponses),
      },
    },
  };
}

/**
 * The security the OpenAPI document gives a call, where it is not the bearer token: none for a
 * public call; for an operator's, the metrics token or nothing (from the server's own machine).
 */
function securityOf(endpoint: Endpoint): { security?: Record<string, string[]>[] } {
  if (endpoint.access === 'public') return { security: [] };
  if (endpoint.access === 'operator') return { security: [{ metricsToken: [] }, {}] };
  return {};
}

/** Sends a JSON text PostgreSQL built as it is: not parsed, validated and serialised again. */
export function sendJson(reply: FastifyReply, text: JsonText): FastifyReply {
  return reply
    .type('application/json; charset=utf-8')
    .serializer((json: string) => json)
    .send(text);
}

/**
 * Sends a page whose items are JSON texts (see `patientsRepository.list`) as one JSON array,
 * with {@link sendPage}'s headers, without parsing them or serialising them again.
 */
export function sendJsonPage(reply: FastifyReply, page: Page<JsonText>): FastifyReply {
  return sendJson(reply, `[${sendPage(reply, page).join(',')}]` as JsonText);
}

/** Puts a page's total and next cursor in the response headers; returns the page's items. */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  void reply.header(TOTAL_COUNT_HEADER, String(page.total));
  if (page.more) void reply.header(TOTAL_COUNT_CAPPED_HEADER, 'true');
  if (page.nextCursor) {
    void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    const url = new URL(reply.request.url, 'http://portal');
    url.searchParams.set('cursor', page.nextCursor);
    void reply.header('link', `<${url.pathname}${url.search}>; rel="next"`);
  }
  return page.items;
}
