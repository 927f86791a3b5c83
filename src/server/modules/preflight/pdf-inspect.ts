import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRef,
  PDFStream,
  type PDFPage,
} from 'pdf-lib';
import { type PdfFacts, UNREADABLE } from '@shared/schemas/preflight.ts';
import decodeStreamModule from 'pdf-lib/cjs/core/streams/DecodeStream.js';

export { type PdfFacts, UNREADABLE };

/** Actions that only move within or out of the document: a link in an abstract is ordinary. */
const NAVIGATION_ACTIONS = new Set(['GoTo', 'URI', 'Named', 'Thread', 'SetOCGState', 'Trans']);
/** Bounds on what one file may make the walk visit, beside the worker's own time and memory limits. */
const MAX_VISITED = 200_000;
const MAX_FONTS_LISTED = 200;

class Walk {
  readonly seen = new Set<PDFObject>();
  visits = 0;
  constructor(readonly doc: PDFDocument) {}

  resolve(object: PDFObject | undefined): PDFObject | undefined {
    if (++this.visits > MAX_VISITED) throw new Error('Too many objects to inspect.');
    return object instanceof PDFRef ? this.doc.context.lookup(object) : object;
  }
  dict(object: PDFObject | undefined): PDFDict | undefined {
    const value = this.resolve(object);
    if (value instanceof PDFDict) return value;
    if (value instanceof PDFStream) return value.dict;
    return undefined;
  }
  array(object: PDFObject | undefined): PDFArray | undefined {
    const value = this.resolve(object);
    return value instanceof PDFArray ? value : undefined;
  }
  /** True the first time an object is met: shared resources and cycles are walked once. */
  first(object: PDFObject): boolean {
    if (this.seen.has(object)) return false;
    this.seen.add(object);
    return true;
  }
}

function nameOf(object: PDFObject | undefined): string | undefined {
  return object instanceof PDFName ? object.decodeText() : undefined;
}

/** A stream that inflates past this is a compression bomb, not a paper (object streams are kilobytes). */
const MAX_DECODED_STREAM_BYTES = 128 * 1024 * 1024;

/**
 * Makes pdf-lib stop decoding a stream that inflates past MAX_DECODED_STREAM_BYTES. Its decoded
 * bytes live outside the V8 heap, where the worker's memory limit does not reach; called once by
 * the preflight's worker thread only (the book's PDF building in the server keeps pdf-lib as is).
 */
export function capDecodedStreams(): void {
  // A CommonJS module whose class is its `default` export, seen from ESM as the module object.
  const DecodeStream = ((decodeStreamModule as unknown as { default?: typeof decodeStreamModule }).default ??
    decodeStreamModule) as typeof decodeStreamModule;
  const proto = DecodeStream.prototype as unknown as { ensureBuffer(requested: number): Uint8Array };
  const ensureBuffer = proto.ensureBuffer;
  proto.ensureBuffer = function capped(this: unknown, requested: number) {
    if (requested > MAX_DECODED_STREAM_BYTES) throw new Error('A stream inflates past the limit.');
    return ensureBuffer.call(this, requested);
  };
}

export async function inspectPdf(bytes: Uint8Array): Promise<PdfFacts> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
  } catch {
    return UNREADABLE;
  }
  if (doc.isEncrypted) return { ...UNREADABLE, readable: true, encrypted: true };
  let pages: PDFPage[];
  try {
    pages = doc.getPages();
  } catch {
    return UNREADABLE;
  }
  if (pages.length === 0) return UNREADABLE;

  const walk = new Walk(doc);
  const fonts = new Map<string, { name: string; type: string; embedded: boolean }>();
  const actions: PdfFacts['actions'] = [];
  const sizes = new Map<string, { width: number; height: number; pages: number }>();
  let embeddedFiles = 0;
  let pagesWithText = 0;
  let pagesWithImages = 0;

  const noteAction = (object: PDFObject | undefined, where: string, depth = 0): void => {
    const action = walk.dict(object);
    if (!action || depth > 50 || !walk.first(action)) return;
    const type = nameOf(walk.resolve(action.get(PDFName.of('S'))));
    if (type && !NAVIGATION_ACTIONS.has(type)) actions.push({ type, where });
    // An action may chain others (/Next: one or an array).
    const next = walk.resolve(action.get(PDFName.of('Next')));
    if (next instanceof PDFArray) for (const item of next.asArray()) noteAction(item, where, depth + 1);
    else if (next) noteAction(next, where, depth + 1);
  };
  const noteAdditionalActions = (object: PDFObject | undefined, where: string): void => {
    const aa = walk.dict(object);
    if (!aa) return;
    for (const [, value] of aa.entries()) noteAction(value, where);
  };

  const noteFont = (object: PDFObject | undefined): void => {
    const font = walk.dict(object);
    if (!font || !walk.first(font)) return;
    const type = nameOf(walk.resolve(font.get(PDFName.of('Subtype')))) ?? 'Unknown';
    let name = nameOf(walk.resolve(font.get(PDFName.of('BaseFont')))) ?? nameOf(font.get(PDFName.of('Name')));
    let embedded: boolean;
    if (type === 'Type3') {
      // Its glyphs are drawings inside the PDF: present, but not a font a printer can use.
      embedded = true;
      name ??= 'Type 3 font';
    } else {
      let described = font;
      if (type === 'Type0') {
        const descendant = walk.dict(walk.array(font.get(PDFName.of('DescendantFonts')))?.get(0));
        if (descendant) described = descendant;
      }
      const descriptor = walk.dict(described.get(PDFName.of('FontDescriptor')));
      embedded =
        !!descriptor &&
        ['FontFile', 'FontFile2', 'FontFile3'].some(
          (key) => walk.resolve(descriptor.get(PDFName.of(key))) !== undefined,
        );
    }
    const label = name ?? 'Unnamed font';
    const key = `${label}\u0000${type}\u0000${embedded}`;
    if (!fonts.has(key) && fonts.size < MAX_FONTS_LISTED) fonts.set(key, { name: label, type, embedded });
  };

  /** Walks a resource dictionary and the forms it draws; says what the page shows. */
  const walkResources = (object: PDFObject | undefined, found: { text: boolean; images: boolean }, depth: number) => {
    const resources = walk.dict(object);
    if (!resources || depth > 30 || !walk.first(resources)) return;
    const fontDict = walk.dict(resources.get(PDFName.of('Font')));
    if (fontDict) {
      for (const [, font] of fontDict.entries()) {
        found.text = true;
        noteFont(font);
      }
    }
    const xobjects = walk.dict(resources.get(PDFName.of('XObject')));
    if (!xobjects) return;
    for (const [, ref] of xobjects.entries()) {
      const xobject = walk.resolve(ref);
      const dict = xobject instanceof PDFStream ? xobject.dict : undefined;
      if (!dict) continue;
      const subtype = nameOf(walk.resolve(dict.get(PDFName.of('Subtype'))));
      if (subtype === 'Image') found.images = true;
      else if (subtype === 'Form') walkResources(dict.get(PDFName.of('Resources')), found, depth + 1);
    }
  };

  const catalog = doc.catalog;
  noteAction(catalog.get(PDFName.of('OpenAction')), 'when the document opens');
  noteAdditionalActions(catalog.get(PDFName.of('AA')), 'on document events');
  const names = walk.dict(catalog.get(PDFName.of('Names')));
  if (names) {
    if (names.get(PDFName.of('JavaScript'))) actions.push({ type: 'JavaScript', where: 'in the document scripts' });
    const files = walk.dict(names.get(PDFName.of('EmbeddedFiles')));
    if (files) embeddedFiles += countNameTree(walk, files);
  }
  const acroForm = walk.dict(catalog.get(PDFName.of('AcroForm')));
  if (acroForm) {
    for (const field of walk.array(acroForm.get(PDFName.of('Fields')))?.asArray() ?? []) {
      const dict = walk.dict(field);
      if (dict) noteAdditionalActions(dict.get(PDFName.of('AA')), 'in a form field');
    }
  }

  pages.forEach((page, index) => {
    const where = `on page ${index + 1}`;
    const { width, height } = visibleSize(page);
    const [short, long] = width <= height ? [width, height] : [height, width];
    const key = `${short.toFixed(0)}x${long.toFixed(0)}`;
    const size = sizes.get(key) ?? { width: round(short), height: round(long), pages: 0 };
    size.pages += 1;
    sizes.set(key, size);

    const found = { text: false, images: false };
    walkResources(page.node.get(PDFName.of('Resources')) ?? page.node.Resources(), found, 0);
    if (found.text) pagesWithText += 1;
    if (found.images) pagesWithImages += 1;
    noteAdditionalActions(page.node.get(PDFName.of('AA')), where);
    for (const annotRef of walk.array(page.node.get(PDFName.of('Annots')))?.asArray() ?? []) {
      const annot = walk.dict(annotRef);
      if (!annot) continue;
      noteAction(annot.get(PDFName.of('A')), where);
      noteAdditionalActions(annot.get(PDFName.of('AA')), where);
      if (nameOf(walk.resolve(annot.get(PDFName.of('Subtype')))) === 'FileAttachment') embeddedFiles += 1;
    }
  });

  return {
    readable: true,
    encrypted: false,
    pageCount: pages.length,
    pageSizes: [...sizes.values()].sort((a, b) => b.pages - a.pages),
    fonts: [...fonts.values()],
    actions: dedupeActions(actions),
    embeddedFiles,
    pagesWithText,
    pagesWithImages,
  };
}

/** The page as printed: its crop box (the media box when none), turned by /Rotate. */
function visibleSize(page: PDFPage): { width: number; height: number } {
  const box = page.getCropBox();
  const rotation = page.node.get(PDFName.of('Rotate'));
  const turned = rotation instanceof PDFNumber && Math.abs(rotation.asNumber()) % 180 === 90;
  const width = Math.abs(box.width);
  const height = Math.abs(box.height);
  return turned ? { width: height, height: width } : { width, height };
}

function round(points: number): number {
  return Math.round(points * 100) / 100;
}

function countNameTree(walk: Walk, node: PDFDict, depth = 0): number {
  if (depth > 20 || !walk.first(node)) return 0;
  const leaves = walk.array(node.get(PDFName.of('Names')));
  let count = leaves ? Math.floor(leaves.size() / 2) : 0;
  for (const kid of walk.array(node.get(PDFName.of('Kids')))?.asArray() ?? []) {
    const dict = walk.dict(kid);
    if (dict) count += countNameTree(walk, dict, depth + 1);
  }
  return count;
}

function dedupeActions(actions: PdfFacts['actions']): PdfFacts['actions'] {
  const seen = new Set<string>();
  return actions.filter((a) => {
    const key = `${a.type}\u0000${a.where}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
