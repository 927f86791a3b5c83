import { ADMIN_MESSAGES, type EvaluationBody, evaluationBodySchema } from '../../../shared/schemas/admin-paper.ts';

export type { EvaluationBody };

export interface MarksField {
  text: string;
  /** The browser could not read the typed text as a number (`e`, `1e`, `-`): it reports ''. */
  badInput: boolean;
}

/**
 * Reads the editor's fields into the PUT evaluate body with the server's own schema. An empty
 * field means "no score" only while the paper has none: saved marks are removed by the explicit
 * "Clear marks" choice alone, so a typo can never erase them.
 */
export function parseEvaluation(
  marks: MarksField,
  confidentialComments: string,
  options: { savedMarks: number | null; clearMarks?: boolean },
): { body: EvaluationBody } | { error: string } {
  if (options.clearMarks) return { body: { clearMarks: true, confidentialComments } };
  if (marks.badInput) return { error: ADMIN_MESSAGES.marksWhole };
  const trimmed = marks.text.trim();
  if (trimmed === '' && options.savedMarks !== null) return { error: ADMIN_MESSAGES.marksWouldErase };
  const parsed = evaluationBodySchema.safeParse({
    marks: trimmed === '' ? null : Number(trimmed),
    confidentialComments,
  });
  if (parsed.success) return { body: parsed.data };
  return { error: parsed.error.issues[0]?.message ?? ADMIN_MESSAGES.marksRange };
}
