import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CERTIFICATE_KINDS, CERTIFICATE_TEXTS } from '@shared/domain/certificates.ts';
import {
  certificateChangedResponseSchema,
  certificateHoldersResponseSchema,
  certificateReissueBodySchema,
  ownCertificatesResponseSchema,
} from '@shared/schemas/certificates.ts';
import { requireAdmin, requireUser } from '@server/plugins/auth.ts';
import { sendLetterFile } from '../letters/letter-reply.ts';
import { PAPER_NOT_FOUND } from '../papers/paper-workflow.ts';
import * as certificates from './certificates.service.ts';

const paperParams = z.object({ id: z.uuid(PAPER_NOT_FOUND) });
const certificateKind = z.enum(CERTIFICATE_KINDS, CERTIFICATE_TEXTS.notFound);

/** The author's certificates on the profile, under /api/papers. */
export const paperCertificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const user = { access: 'user' as const };
  app.get(
    '/:id/certificates',
    { schema: { params: paperParams, response: { 200: ownCertificatesResponseSchema } }, config: user },
    async (request) => ({
      success: true,
      ...(await certificates.listOwnCertificates(ctx, requireUser(request), request.params.id)),
    }),
  );
  app.get(
    '/:id/certificates/:certificateKind',
    { schema: { params: paperParams.extend({ certificateKind }) }, config: user },
    async (request, reply) =>
      sendLetterFile(
        reply,
        await certificates.getOwnCertificate(
          ctx,
          requireUser(request),
          request.params.id,
          request.params.certificateKind,
        ),
      ),
  );
};

/** The organisers' certificates, under /api/admin (in bulk: the "certificates_zip" and "certificates_mail" jobs). */
export const adminCertificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const admin = { access: 'admin' as const };
  const letterParams = z.object({ letterId: z.uuid(CERTIFICATE_TEXTS.notFound) });
  app.get(
    '/certificates',
    { schema: { response: { 200: certificateHoldersResponseSchema } }, config: admin },
    async () => ({ success: true, ...(await certificates.listHolders(ctx)) }),
  );
  app.get(
    '/participants/:participantId/certificates/:certificateKind',
    {
      schema: {
        params: z.object({ participantId: z.uuid(CERTIFICATE_TEXTS.participantNotFound), certificateKind }),
      },
      config: admin,
    },
    async (request, reply) =>
      sendLetterFile(
        reply,
        await certificates.getParticipantCertificate(
          ctx,
          requireAdmin(request),
          request.params.participantId,
          request.params.certificateKind,
        ),
      ),
  );
  app.post(
    '/certificates/:letterId/withdraw',
    { schema: { params: letterParams, response: { 200: certificateChangedResponseSchema } }, config: admin },
    async (request) => ({
      success: true,
      message: CERTIFICATE_TEXTS.withdrawnDone,
      certificate: await certificates.withdrawCertificate(ctx, requireAdmin(request), request.params.letterId),
    }),
  );
  app.post(
    '/certificates/:letterId/reissue',
    {
      schema: {
        params: letterParams,
        body: certificateReissueBodySchema,
        response: { 200: certificateChangedResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true,
      message: CERTIFICATE_TEXTS.reissued,
      certificate: await certificates.reissueCertificate(
        ctx,
        requireAdmin(request),
        request.params.letterId,
        request.body.holderName,
      ),
    }),
  );
};
