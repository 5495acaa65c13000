import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ENDPOINTS,
  loginRequestSchema,
  loginResponseSchema,
  mfaConfirmRequestSchema,
  mfaConfirmResponseSchema,
  mfaLoginRequestSchema,
  mfaSetupRequestSchema,
  mfaSetupResponseSchema,
  profileResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  tokenResponseSchema,
} from '@portal/contract';
import { deviceJar } from '../security/device-cookies';
import { fromEndpoint, type RouteDeps } from './route-kit';

/** Registration, login (with its second factor), renewal, logout and the signed-in user's profile. */
export const authRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { auth }) => {
  app.route({
    ...fromEndpoint(ENDPOINTS.register, {
      body: registerRequestSchema,
      response: { 201: registerResponseSchema },
    }),
    handler: async (request, reply) =>
      reply.code(201).send(await auth.register(request.context(), request.body)),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.login, {
      body: loginRequestSchema,
      response: { 200: loginResponseSchema },
    }),
    handler: async (request, reply) =>
      auth.login(
        { ...request.context(), device: deviceJar(request, reply) },
        request.body.username,
        request.body.password,
      ),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.loginMfa, {
      body: mfaLoginRequestSchema,
      response: { 200: tokenResponseSchema },
    }),
    handler: async (request, reply) =>
      auth.loginMfa(
        { ...request.context(), device: deviceJar(request, reply) },
        request.body.mfa_token,
        request.body.code,
      ),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.mfaSetup, {
      body: mfaSetupRequestSchema,
      response: { 200: mfaSetupResponseSchema },
    }),
    handler: async (request) =>
      auth.setupMfa({ ...request.context(), actor: request.actor! }, request.body.password),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.mfaConfirm, {
      body: mfaConfirmRequestSchema,
      response: { 200: mfaConfirmResponseSchema },
    }),
    handler: async (request) =>
      auth.confirmMfa({ ...request.context(), actor: request.actor! }, request.body.code),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.renew, {
      body: z.object({}).nullish(),
      response: { 200: tokenResponseSchema },
    }),
    handler: async (request) =>
      auth.renew({ ...request.context(), actor: request.actor! }, request.sessionEndsAt!),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.logout, {
      body: z.object({}).nullish(),
      response: { 204: z.null() },
    }),
    handler: async (request, reply) => {
      await auth.logout({ ...request.context(), actor: request.actor! });
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.profile, { response: { 200: profileResponseSchema } }),
    handler: async (request) => {
      const actor = request.actor!;
      return {
        username: actor.username,
        role: actor.role,
        patient_id: actor.patientId,
        employee_id: actor.employeeId,
      };
    },
  });
};
