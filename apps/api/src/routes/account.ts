import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountLocaleRequestSchema,
  accountMfaCodeRequestSchema,
  accountSessionListSchema,
  accountSessionParamsSchema,
  accountSummarySchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  endSessionsResponseSchema,
  ENDPOINTS,
  mfaConfirmResponseSchema,
} from '@portal/contract';
import type { AccountService } from '../services/account-service';
import { fromEndpoint, type RouteDeps } from './route-kit';

/**
 * My account: the signed-in person's own password, sessions and second factor (turning it on
 * is the enrolment's /mfa/setup and /mfa/confirm). Each call acts on the caller's account only.
 */
export const accountRoutes: FastifyPluginAsyncZod<RouteDeps & { account: AccountService }> = async (
  app,
  { account },
) => {
  // Every route here is for signed-in callers: the authentication hook has set the actor.
  const signedIn = (request: FastifyRequest) => ({ ...request.context(), actor: request.actor! });

  app.route({
    ...fromEndpoint(ENDPOINTS.accountSummary, { response: { 200: accountSummarySchema } }),
    handler: async (request) => account.summary(signedIn(request)),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.changePassword, {
      body: changePasswordRequestSchema,
      response: { 200: changePasswordResponseSchema },
    }),
    handler: async (request) =>
      account.changePassword(
        signedIn(request),
        request.body.current_password,
        request.body.new_password,
      ),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.listAccountSessions, {
      response: { 200: accountSessionListSchema },
    }),
    handler: async (request) => account.listSessions(signedIn(request)),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.endAccountSession, {
      params: accountSessionParamsSchema,
      response: { 204: z.null() },
    }),
    handler: async (request, reply) => {
      await account.endSession(signedIn(request), request.params.session_id);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.endOtherSessions, {
      body: z.object({}).nullish(),
      response: { 200: endSessionsResponseSchema },
    }),
    handler: async (request) => account.endOtherSessions(signedIn(request)),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.setAccountLocale, {
      body: accountLocaleRequestSchema,
      response: { 204: z.null() },
    }),
    handler: async (request, reply) => {
      await account.setLocale(signedIn(request), request.body.locale);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.disableMfa, {
      body: accountMfaCodeRequestSchema,
      response: { 204: z.null() },
    }),
    handler: async (request, reply) => {
      await account.disableMfa(signedIn(request), request.body.code);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.regenerateRecoveryCodes, {
      body: accountMfaCodeRequestSchema,
      response: { 200: mfaConfirmResponseSchema },
    }),
    handler: async (request) =>
      account.regenerateRecoveryCodes(signedIn(request), request.body.code),
  });
};
