import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFStream } from 'pdf-lib';
import { REVIEW_MODE_TEXTS } from '@shared/domain/review-mode.ts';
import { AppError } from '@server/lib/app-error.ts';

/**
 * What a page keeps: its drawing and its boxes. Everything else a page can carry may name the
 * author or lead to what does: annotations (a comment's /T is its author), page XMP and
 * /PieceInfo (a word processor's private data), /StructParents and /B (into the structure tree
 * and article threads), /AF (attached files), /AA (actions).
 */
const PAGE_KEYS = new Set(
  [
    'Type',
    'Parent',
    'Resources',
    'MediaBox',
    'CropBox',
    'BleedBox',
    'TrimBox',
    'ArtBox',
    'Rotate',
    'Contents',
    'Group',
    'UserUnit',
  ].map((key) => PDFName.of(key)),
);

/** Keys that carry document information on any object a page draws (an image's XMP, a form's private data). */
const INFORMATION_KEYS = ['Metadata', 'PieceInfo', 'AF', 'LastModified'].map((key) => PDFName.of(key));

/** Removes the information keys from a dictionary and the dictionaries and arrays written inside it. */
function withoutInformationKeys(object: PDFObject): void {
  const dict = object instanceof PDFStream ? object.dict : object;
  if (dict instanceof PDFDict) {
    for (const key of INFORMATION_KEYS) dict.delete(key);
    for (const value of dict.values()) withoutInformationKeys(value);
  } else if (dict instanceof PDFArray) {
    for (const value of dict.asArray()) withoutInformationKeys(value);
  }
}

/**
 * A new PDF holding only the pages of the given one, as they are drawn: nothing of the original
 * document (Info dictionary, XMP, custom keys, outlines, attached files, structure tree, form,
 * objects no page uses) is written, and no object a page draws keeps its own metadata. Saved
 * without object streams, so that the served bytes can be checked with any text search. Names
 * printed on the pages remain: authors are asked to leave them out.
 */
async function pagesOnly(bytes: Uint8Array): Promise<Uint8Array> {
  const source = await PDFDocument.load(bytes, { updateMetadata: false });
  // Pruned in the source, which is dropped after: the copy then reaches only what the pages draw.
  for (const page of source.getPages()) {
    for (const key of page.node.keys()) if (!PAGE_KEYS.has(key)) page.node.delete(key);
  }
  for (const [, object] of source.context.enumerateIndirectObjects()) withoutInformationKeys(object);
  // No Info dictionary at all: not even the Producer and dates pdf-lib would write.
  const copy = await PDFDocument.create({ updateMetadata: false });
  for (const page of await copy.copyPages(source, source.getPageIndices())) copy.addPage(page);
  return copy.save({ useObjectStreams: false, updateFieldAppearances: false });
}

/** The blind copy of an abstract; a file that cannot be read is refused rather than sent as it is. */
export async function withoutDocumentInformation(bytes: Uint8Array): Promise<Uint8Array> {
  try {
    return await pagesOnly(bytes);
  } catch {
    throw new AppError('conflict', REVIEW_MODE_TEXTS.notAnonymisable);
  }
}
