import { randomBytes } from 'node:crypto';

export interface FilePart {
  field: string;
  name: string;
  type?: string;
  content: Buffer;
}

/** Builds a multipart/form-data body by hand, so tests control every byte an attacker could. */
export function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * A small but real PDF: one blank A4 page, which the preflight takes (with its "no text" warning).
 * The label makes each file's content, and so its hash, its own.
 */
export function pdfBytes(label = 'test'): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj\n' +
      `% ${label}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}
