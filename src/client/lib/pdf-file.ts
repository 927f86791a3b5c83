import { LIMITS } from '../../shared/constants.ts';
import { PAPER_MESSAGES } from '../../shared/schemas/paper.ts';

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
