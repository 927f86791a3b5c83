import { Transform, type TransformCallback } from 'node:stream';
import { AppError } from './app-error.ts';

export interface FileSignature {
  contentType: string;
  kind: 'image' | 'pdf';
  matches(head: Buffer): boolean;
}

const startsWith = (bytes: number[] | string) => {
  const prefix = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return (head: Buffer) => head.length >= prefix.length && head.subarray(0, prefix.length).equals(prefix);
};

export const PDF: FileSignature = { contentType: 'application/pdf', kind: 'pdf', matches: startsWith('%PDF-') };
export const IMAGES: FileSignature[] = [
  { contentType: 'image/jpeg', kind: 'image', matches: startsWith([0xff, 0xd8, 0xff]) },
  { contentType: 'image/png', kind: 'image', matches: startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { contentType: 'image/gif', kind: 'image', matches: (h) => startsWith('GIF87a')(h) || startsWith('GIF89a')(h) },
  {
    contentType: 'image/webp',
    kind: 'image',
    matches: (h) => startsWith('RIFF')(h) && h.length >= 12 && h.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** Enough bytes to tell every signature above apart. */
const HEAD_BYTES = 12;

/**
 * Passes a stream through only if its first bytes match one of the allowed signatures: a type
 * is judged by content, never by file name or declared type. `detected` tells which matched.
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
    if (this.head.length < HEAD_BYTES) {
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
    this.detected = this.allowed.find((signature) => signature.matches(this.head));
    if (!this.detected) callback(new AppError('bad_request', this.refusal));
    else callback(null, this.head);
  }
}
