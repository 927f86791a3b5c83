import { type Author, PAPER_MESSAGES, paperSubmissionSchema } from '@shared/schemas/paper.ts';
import { looksLikePdf } from '@client/lib/pdf-file.ts';

/** The wizard's fields as typed: plain strings until the shared schema has checked them. */
export interface WizardValues {
  title: string;
  theme: string;
  ictacemId: string;
  modeOfPresentation: string;
  authors: Author[];
}

export const DETAIL_FIELDS = ['title', 'theme', 'ictacemId', 'modeOfPresentation'] as const;
export const AUTHOR_FIELDS = ['name', 'affiliation', 'address'] as const;

export const isBlank = (value: string) => value.trim() === '';

const paperDetailsSchema = paperSubmissionSchema.pick({
  title: true,
  theme: true,
  ictacemId: true,
  modeOfPresentation: true,
});

/** Step 1: the spec's text when a field is empty, else the shared schema's own complaint (e.g. the ID's characters). */
export function paperDetailsError(values: WizardValues): string | undefined {
  if (DETAIL_FIELDS.some((field) => isBlank(values[field]))) return PAPER_MESSAGES.stepOneIncomplete;
  const result = paperDetailsSchema.safeParse(values);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** Step 2: at least one author, each with name, affiliation and address. */
export function authorsError(authors: Author[]): string | undefined {
  if (authors.length === 0 || authors.some((author) => AUTHOR_FIELDS.some((field) => isBlank(author[field])))) {
    return PAPER_MESSAGES.authorsIncomplete;
  }
  const result = paperSubmissionSchema.shape.authors.safeParse(authors);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The final check before sending, in the spec's order (section 5). */
export function submissionError(values: WizardValues, file: File | null, confirmed: boolean): string | undefined {
  if (DETAIL_FIELDS.some((field) => isBlank(values[field])) || !file) return PAPER_MESSAGES.allFieldsRequired;
  if (
    values.authors.length === 0 ||
    values.authors.some((author) => AUTHOR_FIELDS.some((field) => isBlank(author[field])))
  ) {
    return PAPER_MESSAGES.allAuthorFieldsRequired;
  }
  if (!looksLikePdf(file)) return PAPER_MESSAGES.onlyPdf;
  if (!confirmed) return PAPER_MESSAGES.confirmationRequired;
  const result = paperSubmissionSchema.safeParse(values);
  return result.success ? undefined : result.error.issues[0]?.message;
}
