import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bothFactorsBodySchema,
  enableTwoFactorBodySchema,
  TWO_FACTOR_MESSAGES,
  recoveryCodesResponseSchema,
  twoFactorEnrolmentResponseSchema,
  twoFactorStatusResponseSchema,
} from '@shared/schemas/two-factor.ts';
import { perAddress } from '@server/lib/rate-limits.ts';
import { originOf } from '@server/lib/request-origin.ts';
import { requireUser } from '@server/plugins/auth.ts';
import * as service from './two-factor.service.ts';
import { messageResponseSchema } from '@shared/schemas/responses.ts';

/** The signed-in person's second factor: status, enrolment, recovery codes, turning it off. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const user = { access: 'user' } as const;
  // Each change needs the current password (and code); these bound the guesses on top of the sign-in throttle.
  const limited = { ...user, rateLimit: perAddress(ctx.config, 30, '1 hour') };

  app.get('/', { schema: { response: { 200: twoFactorStatusResponseSchema } }, config: user }, async (request) => ({
    success: true,
    ...(await service.twoFactorStatus(ctx, requireUser(request))),
  }));

  app.post(
    '/enrolment',
    { schema: { response: { 200: twoFactorEnrolmentResponseSchema } }, config: limited },
    async (request) => ({
      success: true,
      ...(await service.startEnrolment(ctx, requireUser(request))),
    }),
  );

  app.post(
    '/enable',
    { schema: { response: { 200: recoveryCodesResponseSchema }, body: enableTwoFactorBodySchema }, config: limited },
    async (request) => ({
      success: true,
      message: TWO_FACTOR_MESSAGES.enabled,
      ...(await service.enableTwoFactor(ctx, requireUser(request), request.body, {
        token: request.sessionToken!,
        ...originOf(request),
      })),
    }),
  );

  app.post(
    '/disable',
    { schema: { response: { 200: messageResponseSchema }, body: bothFactorsBodySchema }, config: limited },
    async (request) => {
      await service.disableTwoFactor(ctx, requireUser(request), request.body, originOf(request));
      return { success: true, message: TWO_FACTOR_MESSAGES.disabled };
    },
  );

  app.post(
    '/recovery-codes',
    { schema: { response: { 200: recoveryCodesResponseSchema }, body: bothFactorsBodySchema }, config: limited },
    async (request) => ({
      success: true,
      message: TWO_FACTOR_MESSAGES.codesRenewed,
      ...(await service.renewRecoveryCodes(ctx, requireUser(request), request.body, originOf(request))),
    }),
  );
};
