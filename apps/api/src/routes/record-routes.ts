import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type ActivationCodeResponse,
  activationCodeResponseSchema,
  type Endpoint,
} from '@portal/contract';
import type { Db } from '../db/database';
import type { RequestContext } from '../repositories/audit';
import type { JsonText, Page } from '../repositories/paging';
import { fromEndpoint, type RouteDeps, sendJsonPage } from './route-kit';

/** A call's endpoint and its schemas: what `fromEndpoint` is given. */
type Call<S> = readonly [Endpoint, S];

/**
 * What the calls every record kind answers alike (patients, employees) need of the kind: its
 * id field, its repository, and each call's endpoint and schemas from the contract.
 */
export interface RecordKindRoutes<
  Id extends string,
  Query,
  Criteria,
  Add extends z.ZodType,
  Update extends z.ZodType,
> {
  readonly id: Id;
  readonly repository: {
    nextId(db: Db): Promise<string>;
    list(
      db: Db,
      context: RequestContext,
      query: Query,
      criteria: Criteria,
    ): Promise<Page<JsonText>>;
    add(db: Db, context: RequestContext, input: z.output<Add>, ttlDays: number): Promise<unknown>;
    update(db: Db, context: RequestContext, input: z.output<Update>): Promise<unknown>;
    reissueCode(
      db: Db,
      context: RequestContext,
      id: string,
      ttlDays: number,
    ): Promise<ActivationCodeResponse>;
  };
  /** `{id}` in a path (a new activation code's). */
  readonly params: z.ZodType<Record<Id, string>>;
  /** Answers `{ [id]: the next free id }`. */
  readonly nextId: Call<z.ZodType>;
  readonly search: Call<{ querystring: z.ZodType; body: z.ZodType; answer: z.ZodType }>;
  readonly add: Call<{ body: Add; answer: z.ZodType }>;
  readonly update: Call<{ body: Update; answer: z.ZodType }>;
  readonly reissueCode: Endpoint;
}

/**
 * The calls a record kind answers the same way whatever the kind: the add form's next free id
 * (beyond the spec), the search (a page of records as the JSON texts PostgreSQL built), add
 * (201 with the activation code), update, and a new activation code (201). The kind's own
 * calls (its list, a record read, the patient's chart, the employee's access approvals) stay
 * in its route file.
 */
export function recordKindRoutes<
  Id extends string,
  Query,
  Criteria,
  Add extends z.ZodType,
  Update extends z.ZodType,
>(
  app: Parameters<FastifyPluginAsyncZod<RouteDeps>>[0],
  { db, config }: RouteDeps,
  kind: RecordKindRoutes<Id, Query, Criteria, Add, Update>,
): void {
  const { repository: records } = kind;
  const [nextIdCall, nextIdAnswer] = kind.nextId;
  app.route({
    ...fromEndpoint(nextIdCall, { response: { 200: nextIdAnswer } }),
    handler: async () => ({ [kind.id]: await records.nextId(db) }),
  });

  const [searchCall, search] = kind.search;
  app.route({
    ...fromEndpoint(searchCall, {
      querystring: search.querystring,
      body: search.body,
      response: { 200: search.answer },
    }),
    handler: async (request, reply) =>
      sendJsonPage(
        reply,
        await records.list(db, request.context(), request.query as Query, request.body as Criteria),
      ),
  });

  const [addCall, add] = kind.add;
  app.route({
    ...fromEndpoint(addCall, { body: add.body, response: { 201: add.answer } }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await records.add(
            db,
            request.context(),
            request.body as z.output<Add>,
            config.activationCodeTtlDays,
          ),
        ),
  });

  const [updateCall, update] = kind.update;
  app.route({
    ...fromEndpoint(updateCall, { body: update.body, response: { 200: update.answer } }),
    handler: async (request) =>
      records.update(db, request.context(), request.body as z.output<Update>),
  });

  app.route({
    ...fromEndpoint(kind.reissueCode, {
      params: kind.params,
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
            (request.params as Record<Id, string>)[kind.id],
            config.activationCodeTtlDays,
          ),
        ),
  });
}
