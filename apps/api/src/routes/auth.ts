import { createHash } from 'node:crypto';
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
  sessionStatusSchema,
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
        request.body.proof,
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

  // Beyond the spec: every open tab asks this every 4 s, so a session ended elsewhere leaves its
  // screens within 5 s. The per-request session check (one prepared read of the session row by
  // its primary key, with the account) is the whole work; nothing is audited. Its own rate
  // limit counts per session rather than per address: a ward's computers share one address,
  // and their tabs' checks must not use up everyone's allowance.
  const route = fromEndpoint(ENDPOINTS.sessionStatus, {
    response: { 200: sessionStatusSchema },
  });
  app.route({
    ...route,
    config: {
      ...route.config,
      rateLimit: {
        max: 120,
        timeWindow: 60_000,
        keyGenerator: (request) => sessionKey(request.headers.authorization) ?? request.ip,
      },
    },
    handler: async (request) => ({
      active: true as const,
      ends_at: (request.sessionEndsAt ?? new Date()).toISOString(),
    }),
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

/** A rate-limit key per bearer token (hashed: the limiter's store never holds a token). */
function sessionKey(authorization: string | undefined): string | undefined {
  if (!authorization?.startsWith('Bearer ')) return undefined;
  return `session:${createHash('sha256').update(authorization).digest('base64url').slice(0, 22)}`;
}
