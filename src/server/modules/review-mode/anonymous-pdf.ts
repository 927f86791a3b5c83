import { PDFDocument, PDFName } from 'pdf-lib';
import { REVIEW_MODE_TEXTS } from '@shared/domain/review-mode.ts';
import { AppError } from '@server/lib/app-error.ts';

/**
 * A copy of a PDF without its document information: the Info dictionary (Author, Creator,
 * Producer, Title, Subject, Keywords and any custom entry) replaced by an empty one, and the XMP
 * metadata stream, which repeats them, removed. The pages are copied as they are. A file that
 * cannot be read is refused rather than sent as it is.
 */
export async function withoutDocumentInformation(bytes: Uint8Array): Promise<Uint8Array> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { updateMetadata: false });
  } catch {
    throw new AppError('conflict', REVIEW_MODE_TEXTS.notAnonymisable);
  }
  document.context.trailerInfo.Info = document.context.register(document.context.obj({}));
  document.catalog.delete(PDFName.of('Metadata'));
  return document.save({ updateFieldAppearances: false });
}
