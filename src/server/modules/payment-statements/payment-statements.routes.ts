import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  columnMappingBodySchema,
  columnMappingResponseSchema,
  confirmStatementBodySchema,
  confirmStatementResponseSchema,
  importStatementResponseSchema,
  resolveStatementRowBodySchema,
  resolveStatementRowResponseSchema,
  saveColumnMappingResponseSchema,
  statementListResponseSchema,
  statementReportResponseSchema,
} from '@shared/schemas/payment-statements.ts';
import { perAccount } from '@server/lib/rate-limits.ts';
import { requireAdmin } from '@server/plugins/auth.ts';
import * as service from './payment-statements.service.ts';

const statementParams = z.object({ statementId: z.uuid('Statement not found.') });
const rowParams = statementParams.extend({ rowId: z.uuid('Statement row not found.') });

/** "Import payments" in the organisers' Financial records, under /api/admin/payment-statements. */
export const adminPaymentStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const admin = { access: 'admin' } as const;
  app.get('/mapping', { schema: { response: { 200: columnMappingResponseSchema } }, config: admin }, async () => ({
    success: true,
    mapping: await service.columnMapping(ctx),
  }));
  app.put(
    '/mapping',
    { schema: { body: columnMappingBodySchema, response: { 200: saveColumnMappingResponseSchema } }, config: admin },
    async (request) => ({
      success: true,
      ...(await service.saveColumnMapping(ctx, requireAdmin(request), request.body)),
    }),
  );
  app.get('/', { schema: { response: { 200: statementListResponseSchema } }, config: admin }, async () => ({
    success: true,
    statements: await service.listStatements(ctx),
  }));
  app.post(
    '/',
    {
      schema: { response: { 200: importStatementResponseSchema } },
      // Each import reads a whole file in a thread of its own.
      config: { ...admin, rateLimit: perAccount(60, '1 hour') },
    },
    async (request) => service.importStatement(ctx, requireAdmin(request), request),
  );
  app.get(
    '/:statementId',
    { schema: { params: statementParams, response: { 200: statementReportResponseSchema } }, config: admin },
    async (request) => ({ success: true, report: await service.statementReport(ctx, request.params.statementId) }),
  );
  app.post(
    '/:statementId/confirm',
    {
      schema: {
        params: statementParams,
        body: confirmStatementBodySchema,
        response: { 200: confirmStatementResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true,
      ...(await service.confirmStatement(ctx, requireAdmin(request), request.params.statementId, request.body.rowIds)),
    }),
  );
  app.post(
    '/:statementId/rows/:rowId/resolve',
    {
      schema: {
        params: rowParams,
        body: resolveStatementRowBodySchema,
        response: { 200: resolveStatementRowResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true,
      ...(await service.resolveRow(
        ctx,
        requireAdmin(request),
        request.params.statementId,
        request.params.rowId,
        request.body,
      )),
    }),
  );
};
