import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '@shared/constants.ts';
import { PAPER_MESSAGES } from '@shared/schemas/paper.ts';
import {
  bookPreflightResponseSchema,
  pageLimitsResponseSchema,
  paperPreflightResponseSchema,
  PAGE_LIMIT_MESSAGES,
  PREFLIGHT_KINDS,
  preflightResponseSchema,
  updatePageLimitsBodySchema,
  updatePageLimitsResponseSchema,
} from '@shared/schemas/preflight.ts';
import { pdfUploadRules } from '@server/lib/multipart-upload.ts';
import { perAccount } from '@server/lib/rate-limits.ts';
import { requireAdmin, requireUser } from '@server/plugins/auth.ts';
import * as service from './preflight.service.ts';
import { bookPreflight } from './book-preflight.service.ts';
import { checkChosenFile, paperPreflight } from './paper-preflight.service.ts';

const CHOSEN_FILE = pdfUploadRules(
  'pdf',
  { onlyPdf: PAPER_MESSAGES.onlyPdf, tooLarge: PAPER_MESSAGES.reuploadTooLarge },
  LIMITS.paperPdfBytes,
);

/** POST /api/papers/preflight: a file the author has chosen, checked before "Submit" by the upload's own code. */
export const authorPreflightRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    '/preflight',
    {
      schema: {
        querystring: z.object({ kind: z.enum(PREFLIGHT_KINDS).default('abstract') }),
        response: { 200: preflightResponseSchema },
      },
      // Limited like the uploads themselves: every check reads a whole file.
      config: { access: 'user', rateLimit: perAccount(30, '1 hour') },
    },
    async (request) => ({
      success: true,
      report: await checkChosenFile(ctx, requireUser(request), request, CHOSEN_FILE, request.query.kind),
    }),
  );
};

/** The organiser's side: a paper's reports, and the page limits (under /api/admin). */
export const adminPreflightRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const admin = { access: 'admin' as const };
  app.get(
    '/papers/:paperId/preflight',
    {
      schema: {
        params: z.object({ paperId: z.uuid('Paper not found.') }),
        response: { 200: paperPreflightResponseSchema },
      },
      config: admin,
    },
    async (request) => ({ success: true, ...(await paperPreflight(ctx, request.params.paperId)) }),
  );
  app.get(
    '/book-preflight',
    { schema: { response: { 200: bookPreflightResponseSchema } }, config: admin },
    async () => ({ success: true, ...(await bookPreflight(ctx)) }),
  );
  app.get(
    '/settings/page-limits',
    { schema: { response: { 200: pageLimitsResponseSchema } }, config: admin },
    async () => ({
      success: true,
      limits: await service.pageLimits(ctx),
    }),
  );
  app.put(
    '/settings/page-limits',
    {
      schema: { body: updatePageLimitsBodySchema, response: { 200: updatePageLimitsResponseSchema } },
      config: { ...admin, rateLimit: perAccount(60, '1 hour') },
    },
    async (request) => ({
      success: true,
      message: PAGE_LIMIT_MESSAGES.saved,
      limits: await service.updatePageLimits(ctx, requireAdmin(request), request.body),
    }),
  );
};
