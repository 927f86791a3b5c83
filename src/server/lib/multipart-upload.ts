import type { FastifyRequest } from 'fastify';
import { type FileStore, type StoredObject, UploadTooLargeError } from '../storage/file-store.ts';
import { AppError } from './app-error.ts';
import { type FileSignature, PDF, SignatureCheck } from './content-type.ts';

export interface ReceivedFile extends StoredObject {
  fileName: string;
  /** What the content turned out to be, by its signature. */
  signature: FileSignature;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  files: ReceivedFile[];
}

export interface UploadRules {
  /** The multipart field name that carries files; any other file part is refused. */
  fileField: string;
  maxFiles: number;
  maxBytes: number;
  tooLargeMessage: (fileName: string) => string;
  tooManyFilesMessage: string;
  /** Checks the bytes as they stream (the file's signature) and fails the upload if wrong. */
  inspect: (fileName: string) => SignatureCheck;
}

/** One PDF of at most `maxBytes`, judged by content. */
export function pdfUploadRules(
  fileField: string,
  messages: { onlyPdf: string; tooLarge: string },
  maxBytes: number,
): UploadRules {
  return {
    fileField,
    maxFiles: 1,
    maxBytes,
    tooLargeMessage: () => messages.tooLarge,
    tooManyFilesMessage: 'Please upload a single PDF file.',
    inspect: () => new SignatureCheck([PDF], messages.onlyPdf),
  };
}

/** What the uploader may still store (their storage quota), and what to tell them when an upload passes it. */
export interface UploadAllowance {
  remainingBytes: number;
  exceededMessage: string;
}

const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 64 * 1024;
const MAX_FILE_NAME = 255;
/** RFC 2046 caps a multipart boundary at 70 characters; longer ones only serve to slow parsing. */
const MAX_BOUNDARY = 70;
const MALFORMED = 'The upload is malformed.';
/** Names only sent to probe for prototype pollution (the parser already refuses the first two alone). */
const PROTOTYPE_NAME = /__proto__|constructor|prototype/;
/** C0 and C1 controls, and the bidirectional controls that make "fdp.exe" read as "exe.pdf". */
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A client-supplied name is only ever metadata: the last path segment, nothing invisible or reordering. */
export function cleanFileName(name: string): string {
  const lastSegment = name.split(/[\\/]/).pop() ?? '';
  const cleaned = lastSegment.replace(UNSAFE_NAME_CHARACTERS, '').trim();
  // Cut by code points, so a long name never ends in half of a surrogate pair.
  const bounded = Array.from(cleaned).slice(0, MAX_FILE_NAME).join('');
  return /^\.*$/.test(bounded) ? 'document.pdf' : bounded;
}

function boundaryOf(contentType: string | undefined): string | undefined {
  const match = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2]) : undefined;
}

/**
 * Reads a multipart request: text fields into a record, each file streamed through its check
 * into the file store (size enforced while streaming). If anything fails, files already stored
 * for this request are removed, so a refused upload leaves nothing behind.
 */
export async function receiveUpload(
  request: FastifyRequest,
  store: FileStore,
  rules: UploadRules,
  allowance?: UploadAllowance,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new AppError('bad_request', 'Expected a multipart/form-data upload.');
  if ((boundaryOf(request.headers['content-type'])?.length ?? 0) > MAX_BOUNDARY)
    throw new AppError('bad_request', MALFORMED);
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const files: ReceivedFile[] = [];
  try {
    const parts = request.parts({
      limits: {
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        files: rules.maxFiles + 1,
        // One byte over the limit, so the store's own check reports it with our message.
        fileSize: rules.maxBytes + 1,
        parts: MAX_FIELDS + rules.maxFiles + 1,
      },
    });
    for await (const part of parts) {
      if (PROTOTYPE_NAME.test(part.fieldname)) {
        if (part.type === 'file') part.file.resume();
        throw new AppError('bad_request', 'Invalid field name.');
      }
      if (part.type === 'field') {
        if (part.fieldnameTruncated || part.valueTruncated)
          throw new AppError('too_large', 'A form field is too long.');
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== rules.fileField) {
        part.file.resume();
        throw new AppError('bad_request', `Unexpected file field "${part.fieldname}".`);
      }
      if (files.length >= rules.maxFiles) {
        part.file.resume();
        throw new AppError('bad_request', rules.tooManyFilesMessage);
      }
      const fileName = cleanFileName(part.filename);
      const check = rules.inspect(fileName);
      // A file stops at the per-file limit, or earlier where the uploader's quota runs out.
      const quotaLeft = allowance
        ? allowance.remainingBytes - files.reduce((sum, f) => sum + f.sizeBytes, 0)
        : Infinity;
      const quotaBinds = quotaLeft < rules.maxBytes;
      const stored = await store.put(part.file, {
        maxBytes: quotaBinds ? Math.max(0, quotaLeft) : rules.maxBytes,
        tooLargeMessage: quotaBinds ? allowance!.exceededMessage : rules.tooLargeMessage(fileName),
        through: [check],
      });
      files.push({ ...stored, fileName, signature: check.detected! });
    }
  } catch (error) {
    await discardFiles(store, files);
    throw translateMultipartError(error, rules, files.length);
  }
  return { fields, files };
}

export async function discardFiles(store: FileStore, files: readonly StoredObject[]): Promise<void> {
  await Promise.all(files.map((file) => store.remove(file.key).catch(() => undefined)));
}

function translateMultipartError(error: unknown, rules: UploadRules, filesDone: number): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof UploadTooLargeError) return new AppError('too_large', error.message);
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('too_large', rules.tooLargeMessage(`#${filesDone + 1}`));
  if (code === 'FST_FILES_LIMIT') return new AppError('bad_request', rules.tooManyFilesMessage);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError('bad_request', 'Too many parts in the upload.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new AppError('bad_request', 'Expected a multipart/form-data upload.');
  if (code === 'FST_PROTO_VIOLATION') return new AppError('bad_request', 'Invalid field name.');
  if (
    error instanceof Error &&
    /Unexpected end of (form|multipart data)|Malformed part header|boundary/i.test(error.message)
  ) {
    return new AppError('bad_request', MALFORMED);
  }
  return error;
}
