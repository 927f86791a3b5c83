import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPaymentsQuerySchema,
  adminPaymentsResponseSchema,
  authorFeesResponseSchema,
  chooseFeeCategoryBodySchema,
  chooseFeeCategoryResponseSchema,
  confirmPaymentBodySchema,
  paperPaymentSchema,
  paymentDecisionResponseSchema,
  rejectPaymentBodySchema,
} from '@shared/schemas/fees.ts';
import { okResponse } from '@shared/schemas/responses.ts';
import { requireAdmin, requireUser } from '@server/plugins/auth.ts';
import * as service from './payments.service.ts';

const paperParams = z.object({ id: z.uuid() });
const adminPaperParams = z.object({ paperId: z.uuid() });

/** The author's fees and payment, under /api/papers. */
export const authorPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/:id/fees',
    { schema: { params: paperParams, response: { 200: authorFeesResponseSchema } }, config: { access: 'user' } },
    async (request) => ({ success: true, ...(await service.authorFees(ctx, requireUser(request), request.params.id)) }),
  );
  app.put(
    '/:id/fee-category',
    {
      schema: {
        params: paperParams,
        body: chooseFeeCategoryBodySchema,
        response: { 200: chooseFeeCategoryResponseSchema },
      },
      config: { access: 'user' },
    },
    async (request) => ({
      success: true,
      ...(await service.chooseOwnCategory(ctx, requireUser(request), request.params.id, request.body.categoryId)),
    }),
  );
};

/** The organisers' payments: the list with its filter, and Confirm / Reject on one paper. */
export const adminPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const admin = { access: 'admin' } as const;
  app.get(
    '/payments',
    {
      schema: { querystring: adminPaymentsQuerySchema, response: { 200: adminPaymentsResponseSchema } },
      config: admin,
    },
    async (request) => ({ success: true, ...(await service.listPayments(ctx, request.query.state)) }),
  );
  app.get(
    '/papers/:paperId/payment',
    {
      schema: { params: adminPaperParams, response: { 200: okResponse({ payment: paperPaymentSchema }) } },
      config: admin,
    },
    async (request) => ({ success: true, payment: await service.adminPaperPayment(ctx, request.params.paperId) }),
  );
  app.post(
    '/papers/:paperId/payment/confirm',
    {
      schema: {
        params: adminPaperParams,
        body: confirmPaymentBodySchema,
        response: { 200: paymentDecisionResponseSchema },
      },
      config: admin,
    },
    async (request) => {
      const { paymentId, receivedOn, amount, currency } = request.body;
      return {
        success: true,
        ...(await service.confirmByOrganiser(ctx, requireAdmin(request), request.params.paperId, {
          paymentId,
          receivedOn,
          amountMinor: amount,
          currency,
        })),
      };
    },
  );
  app.post(
    '/papers/:paperId/payment/reject',
    {
      schema: {
        params: adminPaperParams,
        body: rejectPaymentBodySchema,
        response: { 200: paymentDecisionResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true,
      ...(await service.rejectPayment(ctx, requireAdmin(request), request.params.paperId, request.body)),
    }),
  );
};
