import { Transform } from 'node:stream';
import { AppError } from './app-error.ts';

const PDF_SIGNATURE = Buffer.from('%PDF-');

/**
 * Passes a stream through only if it starts with the PDF signature: the type is judged by the
 * bytes, never by the file name or the declared content type.
 */
export function requirePdfSignature(message: string): Transform {
  let head = Buffer.alloc(0);
  let checked = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (checked) {
        callback(null, chunk);
        return;
      }
      head = Buffer.concat([head, chunk]);
      if (head.length < PDF_SIGNATURE.length) {
        callback();
        return;
      }
      checked = true;
      if (!head.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE)) {
        callback(new AppError('bad_request', message));
        return;
      }
      callback(null, head);
    },
    flush(callback) {
      // Shorter than the signature: not a PDF (an empty upload included).
      if (!checked) callback(new AppError('bad_request', message));
      else callback();
    },
  });
}
