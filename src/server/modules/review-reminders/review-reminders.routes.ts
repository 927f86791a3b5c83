import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  automaticRemindersResponseSchema,
  automaticRemindersSavedResponseSchema,
  setAutomaticRemindersBodySchema,
} from '@shared/schemas/review-reminders.ts';
import { requireAdmin } from '@server/plugins/auth.ts';
import { getAutomaticReminders, setAutomaticReminders } from './review-reminders.service.ts';

const admin = { access: 'admin' as const };

/** Automatic reminders before the review deadline, under /api/admin/committee/automatic-reminders. */
export const automaticRemindersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/', { schema: { response: { 200: automaticRemindersResponseSchema } }, config: admin }, async () => ({
    success: true,
    reminders: await getAutomaticReminders(ctx),
  }));

  app.put(
    '/',
    {
      schema: { body: setAutomaticRemindersBodySchema, response: { 200: automaticRemindersSavedResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true,
      ...(await setAutomaticReminders(ctx, requireAdmin(request), request.body.automatic)),
    }),
  );
};
