import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paperExportBodySchema, paperExportQuerySchema } from '@shared/schemas/exports.ts';
import type { FastifyReply } from 'fastify';
import { requireAdmin } from '@server/plugins/auth.ts';
import { paperFilterFor } from '../admin-dashboard/dashboard.service.ts';
import { exportPapers, type PaperExport } from './paper-export.service.ts';

const admin = { access: 'admin' as const };

function sendExport(reply: FastifyReply, file: PaperExport) {
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Length', file.bytes)
    .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
    .header('Cache-Control', 'private, no-store')
    .send(file.body);
}

/** Downloads of the paper list, under /api/admin/papers/export. */
export const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/', { schema: { querystring: paperExportQuerySchema }, config: admin }, async (request, reply) => {
    const { format, ...query } = request.query;
    const filter = paperFilterFor(query, requireAdmin(request)._id);
    return sendExport(reply, await exportPapers(ctx, format, { filter }));
  });

  app.post('/', { schema: { body: paperExportBodySchema }, config: admin }, async (request, reply) =>
    sendExport(reply, await exportPapers(ctx, request.body.format, { paperIds: request.body.paperIds })),
  );
};
