// Copies one uploaded abstract into the book. Uploads are whatever authors sent, so every way a
// file can fail becomes a problem to report, never an error that stops the book.
import { PDFDocument, type PDFPage } from 'pdf-lib';
import { type BookEntry } from './book-types.ts';

export type AppendedAbstract = { pages: PDFPage[] } | { problem: string };

/** Readers accept the header anywhere in the first kilobyte, and some tools write bytes before it. */
function hasPdfHeader(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024));
  return head.includes('%PDF-', 0, 'latin1');
}

async function loadBytes(entry: BookEntry): Promise<Uint8Array | undefined> {
  try {
    return await entry.load();
  } catch {
    return undefined;
  }
}

async function copyPages(book: PDFDocument, bytes: Uint8Array): Promise<AppendedAbstract> {
  try {
    // Loaded despite encryption only to ask: pdf-lib's EncryptedPDFError fails instanceof checks.
    const source = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    if (source.isEncrypted) return { problem: 'The PDF is encrypted.' };
    if (source.getPageCount() === 0) return { problem: 'The PDF has no pages.' };
    const pages = await book.copyPages(source, source.getPageIndices());
    for (const page of pages) book.addPage(page);
    return { pages };
  } catch {
    return { problem: 'The PDF could not be read.' };
  }
}

/** Appends the entry's abstract pages to the book; the source document is dropped on return. */
export async function appendAbstract(book: PDFDocument, entry: BookEntry): Promise<AppendedAbstract> {
  const bytes = await loadBytes(entry);
  if (!bytes) return { problem: 'The file could not be read.' };
  if (!hasPdfHeader(bytes)) return { problem: 'Not a PDF file.' };
  return copyPages(book, bytes);
}
