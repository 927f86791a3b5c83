import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireUser } from '@server/plugins/auth.ts';
import { PAPER_NOT_FOUND } from '../papers/paper-workflow.ts';
import { sendLetterFile } from '../letters/letter-reply.ts';
import * as receipts from './receipts.service.ts';

/** The author's "Payment receipt (PDF)", under /api/papers. */
export const paperReceiptRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/:id/receipt',
    { schema: { params: z.object({ id: z.uuid(PAPER_NOT_FOUND) }) }, config: { access: 'user' } },
    async (request, reply) =>
      sendLetterFile(reply, await receipts.getReceipt(ctx, requireUser(request), request.params.id)),
  );
};

/** One paper's receipt for the organisers, under /api/admin (all of them: the "payment_receipts_zip" job). */
export const adminReceiptRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/papers/:paperId/receipt',
    { schema: { params: z.object({ paperId: z.uuid(PAPER_NOT_FOUND) }) }, config: { access: 'admin' } },
    async (request, reply) =>
      sendLetterFile(reply, await receipts.getReceipt(ctx, requireAdmin(request), request.params.paperId)),
  );
};
