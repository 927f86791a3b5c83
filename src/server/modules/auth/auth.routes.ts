import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forgotPasswordBodySchema,
  loginBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  captchaResponseSchema,
  profileResponseSchema,
  registrationStatusResponseSchema,
  resetRequestedResponseSchema,
  sessionResponseSchema,
  signedInResponseSchema,
} from '@shared/schemas/auth.ts';
import { perAddress } from '@server/lib/rate-limits.ts';
import { originOf } from '@server/lib/request-origin.ts';
import { setSessionCookie } from '@server/plugins/session-cookie.ts';
import { SESSION_COOKIE, requireUser } from '@server/plugins/auth.ts';
import { AUTH_MESSAGES, login, register, requestPasswordReset, resetPassword, siteSession } from './auth.service.ts';
import type { SignedIn } from '../sessions/sessions.service.ts';
import { recordAuthEvent } from '../auth-events/auth-events.service.ts';
import { newChallenge } from '../sign-in-guard/sign-in-guard.service.ts';
import { mustEnrolTwoFactor } from '../two-factor/two-factor.service.ts';
import { endSession } from '../sessions/sessions.service.ts';
import { messageResponseSchema } from '@shared/schemas/responses.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  // Per-address limits; per-account limits live in the service. Generous: a campus shares one address.
  const IP_LIMITS = {
    login: perAddress(config, 60, '15 minutes'),
    captcha: perAddress(config, 120, '15 minutes'),
    register: perAddress(config, 20, '1 hour'),
    forgotPassword: perAddress(config, 20, '1 hour'),
    resetPassword: perAddress(config, 30, '1 hour'),
  };
  // Says at once whether the new session must set up two-factor sign-in first, so the page never
  // asks, in between, for what the server would refuse it.
  const signedInAnswer = (signedIn: SignedIn) => ({
    success: true as const,
    user: signedIn.user,
    token: signedIn.token,
    mustEnrolTwoFactor: mustEnrolTwoFactor(app.ctx, signedIn.user),
  });

  app.post(
    '/register',
    {
      schema: { response: { 201: signedInResponseSchema }, body: registerBodySchema },
      config: { access: 'public', rateLimit: IP_LIMITS.register },
    },
    async (request, reply) => {
      const signedIn = await register(app.ctx, request.body, originOf(request));
      setSessionCookie(config, request, reply, signedIn);
      return reply.status(201).send(signedInAnswer(signedIn));
    },
  );

  app.post(
    '/login',
    {
      schema: { response: { 200: signedInResponseSchema }, body: loginBodySchema },
      config: { access: 'public', rateLimit: IP_LIMITS.login },
    },
    async (request, reply) => {
      const signedIn = await login(app.ctx, request.body, originOf(request));
      setSessionCookie(config, request, reply, signedIn);
      return signedInAnswer(signedIn);
    },
  );

  // A fresh arithmetic problem for the sign-in form; its answer stays on the server, used once.
  app.get(
    '/captcha',
    {
      schema: { response: { 200: captchaResponseSchema } },
      config: { access: 'public', rateLimit: IP_LIMITS.captcha },
    },
    async () => ({
      success: true,
      ...(await newChallenge(app.ctx)),
    }),
  );

  app.get(
    '/registration-status',
    { schema: { response: { 200: registrationStatusResponseSchema } }, config: { access: 'public' } },
    async () => ({
      success: true,
      registrationOpen: config.registrationOpen,
    }),
  );

  app.post(
    '/logout',
    { schema: { response: { 200: messageResponseSchema } }, config: { access: 'public' } },
    async (request, reply) => {
      if (request.sessionToken) await endSession(app.ctx, request.sessionToken);
      if (request.user)
        await recordAuthEvent(app.ctx.db, 'signed_out', {
          account: request.user.email,
          userId: request.user._id,
          ...originOf(request),
        });
      reply.clearCookie(SESSION_COOKIE, { path: config.basePath });
      return { success: true, message: AUTH_MESSAGES.loggedOut };
    },
  );

  // What every page needs at load: a visitor gets 200 with user null instead of a 401 in the console.
  app.get(
    '/session',
    { schema: { response: { 200: sessionResponseSchema } }, config: { access: 'public' } },
    async (request) => siteSession(app.ctx, request.user),
  );

  app.get(
    '/profile',
    { schema: { response: { 200: profileResponseSchema } }, config: { access: 'user' } },
    async (request) => ({
      success: true,
      user: requireUser(request),
    }),
  );

  app.post(
    '/forgot-password',
    {
      schema: { response: { 200: resetRequestedResponseSchema }, body: forgotPasswordBodySchema },
      config: { access: 'public', rateLimit: IP_LIMITS.forgotPassword },
    },
    async (request) => {
      const { devMode } = await requestPasswordReset(app.ctx, request.body, originOf(request));
      return { success: true, message: AUTH_MESSAGES.resetRequested, devMode };
    },
  );

  app.put(
    '/reset-password/:token',
    {
      schema: {
        response: { 200: messageResponseSchema },
        params: z.object({ token: z.string().min(1).max(200) }),
        body: resetPasswordBodySchema,
      },
      config: { access: 'public', rateLimit: IP_LIMITS.resetPassword },
    },
    async (request) => {
      await resetPassword(app.ctx, request.params.token, request.body.password, originOf(request));
      return { success: true, message: AUTH_MESSAGES.resetDone };
    },
  );
};
