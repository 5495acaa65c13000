import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type ActivationCodeResponse,
  activationCodeResponseSchema,
  RECORD_KIND_ANSWERS,
  RECORD_KIND_REQUESTS,
  RECORD_KINDS,
  type RecordKind,
} from '@portal/contract';
import type { Db } from '../db/database';
import type { RequestContext } from '../repositories/audit';
import type { JsonText, Page } from '../repositories/paging';
import { fromEndpoint, type RouteDeps, sendJsonPage } from './route-kit';

type Requests<K extends RecordKind> = (typeof RECORD_KIND_REQUESTS)[K];
type Input<K extends RecordKind, R extends keyof Requests<K>> = z.output<Requests<K>[R]>;
type Answers<K extends RecordKind> = (typeof RECORD_KIND_ANSWERS)[K];
type Answer<K extends RecordKind, A extends keyof Answers<K>> = z.input<Answers<K>[A]>;

/** What the calls every record kind answers alike need of the kind's repository. */
export interface RecordKindRepository<K extends RecordKind> {
  nextId(db: Db): Promise<string>;
  list(
    db: Db,
    context: RequestContext,
    query: Input<K, 'listQuery'> | Input<K, 'searchQuery'>,
    criteria?: Input<K, 'search'>,
  ): Promise<Page<JsonText>>;
  add(
    db: Db,
    context: RequestContext,
    input: Input<K, 'add'>,
    codeTtlDays: number,
  ): Promise<Answer<K, 'added'>>;
  update(db: Db, context: RequestContext, input: Input<K, 'update'>): Promise<Answer<K, 'updated'>>;
  reissueCode(
    db: Db,
    context: RequestContext,
    id: string,
    codeTtlDays: number,
  ): Promise<ActivationCodeResponse>;
}

/**
 * The calls a record kind answers the same way whatever the kind, each from the kind's entry in
 * the contract (`RECORD_KINDS`: endpoint; `RECORD_KIND_REQUESTS` and `RECORD_KIND_ANSWERS`:
 * schemas): its list and search (a page of records as the JSON texts PostgreSQL built), the add
 * form's next free id (beyond the spec), add (201 with the activation code), update, and a new
 * activation code (201). The kind's own calls (a record read, the patient's chart, the
 * employee's access approvals) stay in its route file.
 */
export function recordKindRoutes<K extends RecordKind>(
  app: Parameters<FastifyPluginAsyncZod<RouteDeps>>[0],
  { db, config }: RouteDeps,
  kind: K,
  records: RecordKindRepository<K>,
): void {
  const calls = RECORD_KINDS[kind];
  // One type for both kinds below: each schema is the kind's own, checked where it is declared.
  const requests: Requests<RecordKind> = RECORD_KIND_REQUESTS[kind];
  const answers: Record<keyof Answers<RecordKind>, z.ZodType> = RECORD_KIND_ANSWERS[kind];
  type Query = Parameters<typeof records.list>[2];

  app.route({
    ...fromEndpoint(calls.list, {
      querystring: requests.listQuery,
      response: { 200: answers.list },
    }),
    handler: async (request, reply) =>
      sendJsonPage(reply, await records.list(db, request.context(), request.query as Query)),
  });

  app.route({
    ...fromEndpoint(calls.nextId, { response: { 200: answers.nextId } }),
    handler: async () => ({ [calls.id]: await records.nextId(db) }),
  });

  app.route({
    ...fromEndpoint(calls.search, {
      querystring: requests.searchQuery,
      body: requests.search,
      response: { 200: answers.list },
    }),
    handler: async (request, reply) =>
      sendJsonPage(
        reply,
        await records.list(
          db,
          request.context(),
          request.query as Query,
          request.body as Input<K, 'search'>,
        ),
      ),
  });

  app.route({
    ...fromEndpoint(calls.add, { body: requests.add, response: { 201: answers.added } }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await records.add(
            db,
            request.context(),
            request.body as Input<K, 'add'>,
            config.activationCodeTtlDays,
          ),
        ),
  });

  app.route({
    ...fromEndpoint(calls.update, { body: requests.update, response: { 200: answers.updated } }),
    handler: async (request) =>
      records.update(db, request.context(), request.body as Input<K, 'update'>),
  });

  app.route({
    ...fromEndpoint(calls.reissueCode, {
      params: requests.params,
      body: z.object({}).nullish(),
      response: { 201: activationCodeResponseSchema },
    }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await records.reissueCode(
            db,
            request.context(),
            (request.params as Record<string, string>)[calls.id]!,
            config.activationCodeTtlDays,
          ),
        ),
  });
}
