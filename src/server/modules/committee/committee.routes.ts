import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMMITTEE_TEXTS } from '@shared/domain/committee.ts';
import {
  acceptInvitationBodySchema,
  committeeListingBodySchema,
  committeeListingResponseSchema,
  committeeListingSavedResponseSchema,
  committeeInvitationBodySchema,
  committeeInvitationResponseSchema,
  committeeListResponseSchema,
  committeeMemberResponseSchema,
  declineInvitationBodySchema,
  invitationAnsweredResponseSchema,
} from '@shared/schemas/committee.ts';
import { publicCommitteeResponseSchema } from '@shared/schemas/site-content.ts';
import { perAddress } from '@server/lib/rate-limits.ts';
import { originOf } from '@server/lib/request-origin.ts';
import { requireAdmin, requireUser } from '@server/plugins/auth.ts';
import { setSessionCookie } from '@server/plugins/session-cookie.ts';
import * as committee from './committee.service.ts';

const admin = { access: 'admin' as const };
const memberParams = z.object({ memberId: z.uuid(COMMITTEE_TEXTS.memberNotFound) });

/** The organisers' committee table and invitations, under /api/admin/committee. */
export const adminCommitteeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/', { schema: { response: { 200: committeeListResponseSchema } }, config: admin }, async () => ({
    success: true,
    members: await committee.listMembers(ctx),
  }));

  app.post(
    '/invitations',
    {
      schema: { body: committeeInvitationBodySchema, response: { 201: committeeMemberResponseSchema } },
      config: admin,
    },
    async (request, reply) => {
      const member = await committee.inviteMember(ctx, requireAdmin(request), request.body);
      const message = ctx.outbox.canSend
        ? COMMITTEE_TEXTS.invitationSent(member.email)
        : COMMITTEE_TEXTS.invitationUnsent(member.email);
      return reply.status(201).send({ success: true, message, member });
    },
  );

  app.post(
    '/:memberId/resend',
    { schema: { params: memberParams, response: { 200: committeeMemberResponseSchema } }, config: admin },
    async (request) => {
      const member = await committee.resendInvitation(ctx, requireAdmin(request), request.params.memberId);
      const message = ctx.outbox.canSend
        ? COMMITTEE_TEXTS.invitationResent(member.email)
        : COMMITTEE_TEXTS.invitationRewrittenUnsent(member.email);
      return { success: true, message, member };
    },
  );

  app.post(
    '/:memberId/revoke',
    { schema: { params: memberParams, response: { 200: committeeMemberResponseSchema } }, config: admin },
    async (request) => ({ success: true, ...(await committee.revokeMember(ctx, request.params.memberId)) }),
  );
};

/**
 * The programme committee members named on the public Committee page, under /api/committee, and
 * each member's own consent to be named there (/listing: the signed-in member's, no one else's).
 */
export const publicCommitteeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const member = { access: 'member' as const };
  app.get(
    '/public',
    { schema: { response: { 200: publicCommitteeResponseSchema } }, config: { access: 'public' } },
    async (_request, reply) => {
      // A member who accepts shows at the next visit.
      reply.header('Cache-Control', 'no-cache');
      return { success: true, members: await committee.publicCommittee(ctx) };
    },
  );

  app.get(
    '/listing',
    { schema: { response: { 200: committeeListingResponseSchema } }, config: member },
    async (request) => ({
      success: true,
      listing: await committee.ownListing(ctx, requireUser(request)),
    }),
  );

  app.put(
    '/listing',
    {
      schema: { body: committeeListingBodySchema, response: { 200: committeeListingSavedResponseSchema } },
      config: member,
    },
    async (request) => {
      const listing = await committee.setOwnListing(ctx, requireUser(request), request.body.listedPublicly);
      return {
        success: true,
        message: listing.listedPublicly ? COMMITTEE_TEXTS.listedNow : COMMITTEE_TEXTS.unlistedNow,
        listing,
      };
    },
  );
};

const tokenParams = z.object({ token: z.string().min(1).max(100) });

/** The invitee's side, under /api/committee/invitations: the link's token is the credential. */
export const committeeInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const publicLimited = { access: 'public' as const, rateLimit: perAddress(ctx.config, 60, '1 hour') };

  app.get(
    '/:token',
    { schema: { params: tokenParams, response: { 200: committeeInvitationResponseSchema } }, config: publicLimited },
    async (request) => ({ success: true, invitation: await committee.readInvitation(ctx, request.params.token) }),
  );

  app.post(
    '/:token/accept',
    {
      schema: {
        params: tokenParams,
        body: acceptInvitationBodySchema,
        response: { 200: invitationAnsweredResponseSchema },
      },
      config: publicLimited,
    },
    async (request, reply) => {
      const signedIn = await committee.acceptInvitation(
        ctx,
        request.params.token,
        request.user ?? undefined,
        request.body,
        originOf(request),
      );
      if (signedIn) setSessionCookie(ctx.config, request, reply, signedIn);
      return { success: true, message: COMMITTEE_TEXTS.accepted, signedIn: signedIn !== undefined };
    },
  );

  app.post(
    '/:token/decline',
    {
      schema: {
        params: tokenParams,
        body: declineInvitationBodySchema,
        response: { 200: invitationAnsweredResponseSchema },
      },
      config: publicLimited,
    },
    async (request) => {
      await committee.declineInvitation(ctx, request.params.token, request.body.reason);
      return { success: true, message: COMMITTEE_TEXTS.declined, signedIn: false };
    },
  );
};
