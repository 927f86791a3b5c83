import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/constants.ts';
import { PAPER_MESSAGES } from '../../shared/schemas/paper.ts';
import { fullPaperFileError, looksLikePdf, reuploadFileError } from './pdf-file.ts';

const fileOf = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('looksLikePdf', () => {
  it('accepts the PDF type, or a .pdf name when the type is unknown', () => {
    expect(looksLikePdf(fileOf('a.pdf', 'application/pdf'))).toBe(true);
    expect(looksLikePdf(fileOf('A.PDF', ''))).toBe(true);
    expect(
      looksLikePdf(fileOf('a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')),
    ).toBe(false);
    expect(looksLikePdf(fileOf('a.pdf', 'image/png'))).toBe(false);
  });
});

describe('upload checks', () => {
  it('re-upload: none, not a PDF, 10 MB or more', () => {
    expect(reuploadFileError(null)).toBe(PAPER_MESSAGES.reuploadNoFile);
    expect(reuploadFileError(fileOf('a.txt', 'text/plain'))).toBe(PAPER_MESSAGES.reuploadOnlyPdf);
    expect(reuploadFileError(fileOf('a.pdf', 'application/pdf', LIMITS.paperPdfBytes))).toBe(
      PAPER_MESSAGES.reuploadTooLarge,
    );
    expect(reuploadFileError(fileOf('a.pdf', 'application/pdf', LIMITS.paperPdfBytes - 1))).toBeUndefined();
  });

  it('full paper: none, not a PDF, more than 10 MB', () => {
    expect(fullPaperFileError(null)).toBe('Please select a PDF file');
    expect(fullPaperFileError(fileOf('a.png', 'image/png'))).toBe('Only PDF files are allowed');
    expect(fullPaperFileError(fileOf('a.pdf', 'application/pdf', LIMITS.paperPdfBytes + 1))).toBe(
      'File size should not exceed 10MB',
    );
    expect(fullPaperFileError(fileOf('a.pdf', 'application/pdf', LIMITS.paperPdfBytes))).toBeUndefined();
  });
});
