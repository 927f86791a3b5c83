import { z } from 'zod';
import { LIMITS } from '@shared/constants.ts';
import { PAPER_MESSAGES } from '@shared/schemas/paper.ts';

/**
 * A first check before uploading, by declared type or name; the server decides by the file's
 * content. Some systems give a PDF no MIME type, hence the name as a second chance.
 */
export function looksLikePdf(file: File): boolean {
  return file.type === 'application/pdf' || (file.type === '' && file.name.toLowerCase().endsWith('.pdf'));
}

/** Abstract re-upload after an admin reset (spec 5): the size must stay under 10 MB. */
export function reuploadFileError(file: File | null): string | undefined {
  if (!file) return PAPER_MESSAGES.reuploadNoFile;
  if (!looksLikePdf(file)) return PAPER_MESSAGES.reuploadOnlyPdf;
  if (file.size >= LIMITS.paperPdfBytes) return PAPER_MESSAGES.reuploadTooLarge;
  return undefined;
}

/** Full-paper upload (spec 5): at most 10 MB. */
export function fullPaperFileError(file: File | null): string | undefined {
  if (!file) return PAPER_MESSAGES.fullPaperNoFile;
  if (!looksLikePdf(file)) return PAPER_MESSAGES.onlyPdf;
  if (file.size > LIMITS.paperPdfBytes) return PAPER_MESSAGES.fullPaperTooLarge;
  return undefined;
}

/**
 * A form of one PDF for react-hook-form, judged by one of the checks above (the spec's messages
 * for that upload). The field holds null until a file is chosen; what the form sends is a file.
 */
export function pdfFormSchema(problemOf: (file: File | null) => string | undefined) {
  return z.object({
    file: z
      .custom<File | null>((value) => value === null || value instanceof File)
      .superRefine((file, context) => {
        const problem = problemOf(file);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      })
      .transform((file) => file as File),
  });
}
export type PdfFormFields = z.input<ReturnType<typeof pdfFormSchema>>;
export type PdfFormValues = z.output<ReturnType<typeof pdfFormSchema>>;
