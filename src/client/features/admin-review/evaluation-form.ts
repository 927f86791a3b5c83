import { ADMIN_MESSAGES, evaluationBodySchema } from '../../../shared/schemas/admin-paper.ts';

export type EvaluationBody = { marks: number | null; confidentialComments: string };

/**
 * Reads the editor's fields into the PUT evaluate body with the server's own schema:
 * an empty score is sent as null (spec 5), anything else must be a whole number 0-100.
 */
export function parseEvaluation(marksText: string, confidentialComments: string): { body: EvaluationBody } | { error: string } {
  const trimmed = marksText.trim();
  const marks = trimmed === '' ? null : Number(trimmed);
  const parsed = evaluationBodySchema.safeParse({ marks, confidentialComments });
  if (parsed.success) return { body: parsed.data };
  return { error: parsed.error.issues[0]?.message ?? ADMIN_MESSAGES.marksRange };
}
