import { Transform, type TransformCallback } from 'node:stream';
import { AppError } from './app-error.ts';

export interface FileSignature {
  contentType: string;
  kind: 'image' | 'pdf';
  /** File name endings of this type, the usual one first. */
  extensions: string[];
  matches(head: Buffer): boolean;
}

const startsWith = (bytes: number[] | string) => {
  const prefix = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return (head: Buffer) => head.length >= prefix.length && head.subarray(0, prefix.length).equals(prefix);
};

export const PDF: FileSignature = {
  contentType: 'application/pdf',
  kind: 'pdf',
  extensions: ['pdf'],
  matches: startsWith('%PDF-'),
};
export const IMAGES: FileSignature[] = [
  { contentType: 'image/jpeg', kind: 'image', extensions: ['jpg', 'jpeg'], matches: startsWith([0xff, 0xd8, 0xff]) },
  {
    contentType: 'image/png',
    kind: 'image',
    extensions: ['png'],
    matches: startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  {
    contentType: 'image/gif',
    kind: 'image',
    extensions: ['gif'],
    matches: (h) => startsWith('GIF87a')(h) || startsWith('GIF89a')(h),
  },
  {
    contentType: 'image/webp',
    kind: 'image',
    extensions: ['webp'],
    matches: (h) => startsWith('RIFF')(h) && h.length >= 12 && h.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/**
 * The name a file is saved under: its own, with the ending of its real type added when it
 * lacks it, so "notes.html" holding a PDF is saved as "notes.html.pdf" and opens as a PDF.
 */
export function nameForType(fileName: string, contentType: string): string {
  const extensions = [PDF, ...IMAGES].find((signature) => signature.contentType === contentType)?.extensions;
  if (!extensions) return fileName;
  const ending = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return ending && extensions.includes(ending) ? fileName : `${fileName}.${extensions[0]}`;
}

/**
 * How much of the start is read before deciding. Old browsers sniffed HTML in the first 256
 * bytes whatever the declared type, and PDF readers look for %PDF- in the first 1024, so a
 * polyglot needs its tricks within this window.
 */
const SNIFF_WINDOW = 1024;

/**
 * Markup a browser would treat as a page. Files are served with their exact type, nosniff and
 * a sandboxing CSP, so such a file would not run here; it is refused anyway because a copy
 * saved and opened elsewhere, or a client that sniffs, would. Real PDFs and images do not
 * carry these tags near their start (XMP metadata uses prefixed names such as <dc:title>), and
 * no pattern is short: compressed image data would spell a one-letter tag such as "<b>" in
 * about one file in three hundred.
 */
const PAGE_MARKUP =
  /<(?:!doctype|html|head|body|script|iframe|frame|object|embed|svg|img|meta|link|style|title|base|a\s+href|table|pre|plaintext)[\s/>]/i;

/**
 * Passes a stream through only if its first bytes match one of the allowed signatures and its
 * first kilobyte holds no page markup: a type is judged by content, never by file name or
 * declared type. `detected` tells which signature matched.
 */
export class SignatureCheck extends Transform {
  detected: FileSignature | undefined;
  private head = Buffer.alloc(0);
  private decided = false;

  constructor(
    private readonly allowed: FileSignature[],
    private readonly refusal: string,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.decided) {
      callback(null, chunk);
      return;
    }
    this.head = Buffer.concat([this.head, chunk]);
    if (this.head.length < SNIFF_WINDOW) {
      callback();
      return;
    }
    this.decide(callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.decided) callback();
    else this.decide(callback);
  }

  private decide(callback: TransformCallback): void {
    this.decided = true;
    const start = this.head.subarray(0, SNIFF_WINDOW).toString('latin1');
    this.detected = PAGE_MARKUP.test(start)
      ? undefined
      : this.allowed.find((signature) => signature.matches(this.head));
    if (!this.detected) callback(new AppError('bad_request', this.refusal));
    else callback(null, this.head);
  }
}
