import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ENDPOINTS,
  passwordResetAcceptedSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
} from '@portal/contract';
import type { PasswordResetService } from '../services/password-reset-service';
import { fromEndpoint, type RouteDeps } from './route-kit';

/** A forgotten password by e-mail: the request (202, no account oracle) and the link's reset. */
export const passwordResetRoutes: FastifyPluginAsyncZod<
  RouteDeps & { passwordReset: PasswordResetService }
> = async (app, { passwordReset }) => {
  app.route({
    ...fromEndpoint(ENDPOINTS.requestPasswordReset, {
      body: passwordResetRequestSchema,
      response: { 202: passwordResetAcceptedSchema },
    }),
    handler: async (request, reply) => {
      await passwordReset.request(request.context(), request.body.username);
      return reply.code(202).send({ accepted: true });
    },
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.confirmPasswordReset, {
      body: passwordResetConfirmSchema,
      response: { 204: z.null() },
    }),
    handler: async (request, reply) => {
      await passwordReset.confirm(request.context(), request.body.token, request.body.new_password);
      return reply.code(204).send(null);
    },
  });
};
