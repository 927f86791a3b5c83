import { describe, expect, it } from 'vitest';
import { LIMITS } from '@shared/constants.ts';
import { PAPER_MESSAGES } from '@shared/schemas/paper.ts';
import { fullPaperFileError, looksLikePdf, pdfFormSchema, reuploadFileError } from './pdf-file.ts';

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

describe('pdfFormSchema', () => {
  const schema = pdfFormSchema(fullPaperFileError);
  const messagesOf = (file: unknown) => {
    const result = schema.safeParse({ file });
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it("gives the check's message for an empty field and a wrong file, and passes the file on", () => {
    expect(messagesOf(null)).toEqual([PAPER_MESSAGES.fullPaperNoFile]);
    expect(messagesOf(fileOf('a.png', 'image/png'))).toEqual([PAPER_MESSAGES.onlyPdf]);
    const paper = fileOf('Łódź – Nguyễn 论文.pdf', 'application/pdf');
    expect(schema.parse({ file: paper }).file).toBe(paper);
  });

  it('refuses anything that is not a file', () => {
    expect(schema.safeParse({ file: 'a.pdf' }).success).toBe(false);
    expect(schema.safeParse({}).success).toBe(false);
  });
});
