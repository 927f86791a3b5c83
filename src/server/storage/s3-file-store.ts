import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  checkedKey,
  type FileStore,
  PART_SUFFIX,
  spoolUpload,
  STORAGE_KEY_PATTERN,
  StorageUnavailableError,
  StoredFileMissingError,
} from './file-store.ts';

export interface S3StoreOptions {
  /** Omitted for AWS itself; the URL of MinIO, Ceph, Garage, R2 and the like. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Omitted: the SDK's own chain (environment, instance role, ...). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
  /**
   * Local directory where an upload is received before it goes to the bucket: a slow author's
   * upload then holds no bucket request open, a refused or cut-off one never reaches it, and
   * memory stays flat however many arrive at once.
   */
  spoolDir: string;
  /** Received files up to this size go to the bucket in one request, larger ones in parts. */
  singleRequestMaxBytes?: number;
  /** Where the SDK's own warnings go (the server's log); standard error without it. */
  log?: { warn(message: string): void };
}

/** Parts of a multipart transfer; the uploader holds one in memory at a time (queueSize 1). */
const PART_BYTES = 8 * 1024 * 1024;
/**
 * A received file this size or smaller (every upload the site takes: 25 MB at most) is streamed
 * from the spool in one request and never held in memory: thirty 10 MB uploads finishing
 * together held 14 MB each, 425 MB in all, when they went through the part uploader.
 */
const SINGLE_REQUEST_MAX_BYTES = 64 * 1024 * 1024;
/** A bucket that does not answer within this is treated as down, not waited for. */
const CONNECT_TIMEOUT_MS = 3000;
/** From sending a request (a 10 MB file with it) to the answer's headers; then it fails with 503. */
const ANSWER_TIMEOUT_MS = 30_000;
/**
 * No byte either way for this long ends a bucket connection. Long, because a download streams
 * at the pace of the person receiving it, who may pause.
 */
const IDLE_TIMEOUT_MS = 5 * 60_000;

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  // A bucket that is gone is the storage's fault, not a file's: 503, never "File not found".
  if (name === 'NoSuchBucket') return false;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
}

function describe(error: unknown): string {
  const status = statusOf(error);
  const name = (error as { name?: string; code?: string }).code ?? (error as { name?: string }).name ?? 'Error';
  const message = error instanceof Error && error.message && error.message !== name ? `: ${error.message}` : '';
  return `${name}${status ? ` (HTTP ${status})` : ''}${message}`;
}

/** The SDK's warnings and errors into the server's log; its debug chatter nowhere. */
function sdkLogger(log: { warn(message: string): void }) {
  const write = (...parts: unknown[]) => log.warn(`S3 client: ${parts.map(String).join(' ')}`);
  return { trace() {}, debug() {}, info() {}, warn: write, error: write };
}

/** Files as objects named by their key in one bucket. */
export async function createS3FileStore(options: S3StoreOptions): Promise<FileStore> {
  // Imported here, like the database drivers: a site on local disk never loads the SDK (esbuild
  // hoists a static import of a package to the top of the compiled server).
  const [
    {
      DeleteObjectCommand,
      GetObjectCommand,
      HeadBucketCommand,
      HeadObjectCommand,
      ListObjectsV2Command,
      PutObjectCommand,
      S3Client,
    },
    { Upload },
  ] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  const { bucket, spoolDir } = options;
  const location = `s3://${bucket}${options.endpoint ? ` at ${options.endpoint}` : ''}`;
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // A request that could not connect is tried once more; one whose body was sent is not.
    maxAttempts: 2,
    requestHandler: {
      connectionTimeout: CONNECT_TIMEOUT_MS,
      requestTimeout: ANSWER_TIMEOUT_MS,
      throwOnRequestTimeout: true,
      socketTimeout: IDLE_TIMEOUT_MS,
    },
    // Checksums only where S3 requires them: several S3-compatible servers refuse the newer
    // default (aws-chunked bodies with trailing checksums). Our own SHA-256 covers integrity.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.log ? { logger: sdkLogger(options.log) } : {}),
  });
  const unavailable = (action: string, error: unknown) =>
    new StorageUnavailableError(`File storage ${location} could not ${action}: ${describe(error)}`, { cause: error });

  /** Sends one request; a missing object becomes StoredFileMissingError, any other failure StorageUnavailableError. */
  async function call<T>(action: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof StoredFileMissingError || isMissing(error)) throw new StoredFileMissingError();
      throw unavailable(action, error);
    }
  }

  /** A stream of unknown length (a restore, a move between stores), in parts. */
  async function upload(key: string, body: Readable, contentLength?: number): Promise<void> {
    const transfer = new Upload({
      client,
      params: { Bucket: bucket, Key: key, Body: body, ContentLength: contentLength },
      partSize: PART_BYTES,
      queueSize: 1,
      // A failed multipart transfer is aborted, so no parts are left behind.
      leavePartsOnError: false,
    });
    try {
      await transfer.done();
    } catch (error) {
      body.destroy();
      throw unavailable(`store ${key}`, error);
    }
  }

  /** A file on local disk: streamed in one request when it is not too large for that. */
  async function send(key: string, file: string, sizeBytes: number): Promise<void> {
    if (sizeBytes > (options.singleRequestMaxBytes ?? SINGLE_REQUEST_MAX_BYTES)) {
      await upload(key, createReadStream(file), sizeBytes);
      return;
    }
    const body = createReadStream(file);
    try {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentLength: sizeBytes }));
    } catch (error) {
      throw unavailable(`store ${key}`, error);
    } finally {
      body.destroy();
    }
  }

  async function download(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const answer = await call(`read ${key}`, () =>
      client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: checkedKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      ),
    );
    if (!(answer.Body instanceof Readable)) throw unavailable(`read ${key}`, new Error('no body in the answer'));
    return answer.Body;
  }

  return {
    location,

    async put(source, putOptions) {
      await mkdir(spoolDir, { recursive: true });
      const { spoolPath, ...stored } = await spoolUpload(spoolDir, source, putOptions);
      try {
        await send(stored.key, spoolPath, stored.sizeBytes);
      } finally {
        await rm(spoolPath, { force: true });
      }
      return stored;
    },

    async putAt(key, source) {
      await upload(checkedKey(key), source);
    },

    open: download,

    async stat(key) {
      try {
        const head = await call(`inspect ${key}`, () =>
          client.send(new HeadObjectCommand({ Bucket: bucket, Key: checkedKey(key) })),
        );
        return { sizeBytes: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (error instanceof StoredFileMissingError) return undefined;
        throw error;
      }
    },

    async copyToFile(key, destination) {
      await mkdir(path.dirname(destination), { recursive: true });
      const body = await download(key);
      try {
        await pipeline(body, createWriteStream(destination));
      } catch (error) {
        await rm(destination, { force: true });
        throw unavailable(`read ${key}`, error);
      }
    },

    async remove(key) {
      await call(`delete ${key}`, () => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkedKey(key) })));
    },

    async *list() {
      let token: string | undefined;
      do {
        const page = await call('list the files', () =>
          client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token })),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key || !STORAGE_KEY_PATTERN.test(object.Key)) continue;
          yield { key: object.Key, sizeBytes: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    // Only the local spool: a transfer to the bucket that fails is aborted by the uploader, and
    // the parts of one whose process was killed are removed by the bucket's lifecycle rule
    // (docs/operations.md), as not every S3-compatible server can list them.
    async sweepIncomplete(olderThanMs) {
      const removed: string[] = [];
      const kept: string[] = [];
      for (const name of await readdir(spoolDir).catch(() => [] as string[])) {
        if (!name.endsWith(PART_SUFFIX)) continue;
        const file = path.join(spoolDir, name);
        const info = await stat(file).catch(() => null);
        if (!info) continue;
        if (olderThanMs > 0 && Date.now() - info.mtimeMs < olderThanMs) {
          kept.push(file);
          continue;
        }
        await rm(file, { force: true });
        removed.push(file);
      }
      return { removed, kept };
    },

    async verify() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        const status = statusOf(error);
        if (status === 404) throw new StorageUnavailableError(`The bucket ${location} does not exist.`);
        if (status === 403 || status === 401)
          throw new StorageUnavailableError(
            `Access to ${location} was refused: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and the bucket's policy).`,
          );
        throw unavailable('be reached', error);
      }
      // Reading the bucket is not writing to it: a read-only key is found now, not at the first upload.
      const probe = `.write-check-${randomUUID()}`;
      try {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: probe, Body: '', ContentLength: 0 }));
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: probe }));
      } catch (error) {
        throw unavailable('be written to (check the key may put and delete objects)', error);
      }
    },

    close() {
      client.destroy();
    },
  };
}
