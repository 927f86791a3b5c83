import { z } from 'zod';
import { ADMIN_MESSAGES, type EvaluationBody, evaluationBodySchema } from '@shared/schemas/admin-paper.ts';

export type { EvaluationBody };

/**
 * The editor's fields, read into the PUT evaluate body with the server's own schema. An empty
 * field means "no score" only while the paper has none: saved marks are removed by the explicit
 * "Clear marks" choice alone, so a typo can never erase them. Every refusal is the marks field's.
 */
export function evaluationFormSchema(savedMarks: number | null) {
  return z
    .object({
      /** The marks input's text. */
      marks: z.string(),
      /** The browser could not read the typed text as a number (`e`, `1e`, `-`): it reports ''. */
      marksUnreadable: z.boolean(),
      clearMarks: z.boolean(),
      confidentialComments: z.string(),
    })
    .transform((fields, ctx): EvaluationBody => {
      const { confidentialComments } = fields;
      const refuse = (message: string) => {
        ctx.addIssue({ code: 'custom', message, path: ['marks'] });
        return z.NEVER;
      };
      if (fields.clearMarks) return { clearMarks: true, confidentialComments };
      if (fields.marksUnreadable) return refuse(ADMIN_MESSAGES.marksWhole);
      const typed = fields.marks.trim();
      if (typed === '' && savedMarks !== null) return refuse(ADMIN_MESSAGES.marksWouldErase);
      const body = evaluationBodySchema.safeParse({ marks: typed === '' ? null : Number(typed), confidentialComments });
      if (body.success) return body.data;
      return refuse(body.error.issues[0]?.message ?? ADMIN_MESSAGES.marksRange);
    });
}
