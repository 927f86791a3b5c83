import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.ts';
import { startTestS3Server, type TestS3Server } from '../test/s3.ts';
import { type FileStore, StorageUnavailableError, StoredFileMissingError, UploadTooLargeError } from './file-store.ts';
import { createLocalFileStore } from './local-file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function listKeys(store: FileStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of store.list()) keys.push(file.key);
  return keys.sort();
}

/** Half-received uploads (`*.part`) anywhere under a directory. */
async function partFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith('.part'));
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startTestS3Server();
});
afterAll(() => s3.close());

/** Each kind of store, made fresh for each test: files on disk, or objects in a new bucket. */
const KINDS: { name: string; make: (scratch: string) => Promise<FileStore> }[] = [
  { name: 'local disk', make: async (scratch) => createLocalFileStore(path.join(scratch, 'files')) },
  {
    name: 'S3-compatible bucket',
    make: async (scratch) =>
      // Files over 4 MB in parts, so both ways to the bucket are tried.
      createS3FileStore({
        ...(await s3.newBucket()),
        spoolDir: path.join(scratch, 'spool'),
        singleRequestMaxBytes: 4 * 1024 * 1024,
      }),
  },
];

describe.each(KINDS)('file store on $name', ({ make }) => {
  let scratch: string;
  let store: FileStore;
  beforeEach(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'file-store-'));
    store = await make(scratch);
    await store.verify();
  });
  afterEach(async () => {
    store.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it('stores the bytes under a generated key with their size and SHA-256, and reads them back', async () => {
    const bytes = Buffer.from('%PDF-1.7 hello');
    const stored = await store.put(Readable.from([bytes]), { maxBytes: 100, tooLargeMessage: 'too large' });
    expect(stored.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored.sizeBytes).toBe(bytes.length);
    expect(stored.sha256).toBe(sha256(bytes));
    expect(await readAll(await store.open(stored.key))).toEqual(bytes);
    expect(await store.stat(stored.key)).toMatchObject({ sizeBytes: bytes.length });
    expect(await listKeys(store)).toEqual([stored.key]);
    expect(await partFiles(scratch)).toEqual([]);
  });

  it('reads a range of bytes, both ends included', async () => {
    const bytes = randomBytes(10_000);
    const stored = await store.put(Readable.from([bytes]), { maxBytes: 20_000, tooLargeMessage: 'x' });
    expect(await readAll(await store.open(stored.key, { start: 100, end: 1099 }))).toEqual(bytes.subarray(100, 1100));
    expect(await readAll(await store.open(stored.key, { start: 9_999, end: 9_999 }))).toEqual(bytes.subarray(9_999));
  });

  it('stores a file of several transfer parts intact', async () => {
    const bytes = randomBytes(9 * 1024 * 1024 + 123);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, i) =>
      bytes.subarray(i * 65_536, (i + 1) * 65_536),
    );
    const stored = await store.put(Readable.from(chunks), { maxBytes: 20 * 1024 * 1024, tooLargeMessage: 'x' });
    expect(stored.sha256).toBe(sha256(bytes));
    expect(sha256(await readAll(await store.open(stored.key)))).toBe(sha256(bytes));
  });

  it('stops a stream as soon as it passes the limit and leaves nothing behind', async () => {
    const chunks = Array.from({ length: 10 }, () => Buffer.alloc(64, 1));
    const put = store.put(Readable.from(chunks), {
      maxBytes: 500,
      tooLargeMessage: 'File size must be less than 10MB.',
    });
    await expect(put).rejects.toThrow(UploadTooLargeError);
    await expect(put).rejects.toThrow('File size must be less than 10MB.');
    expect(await listKeys(store)).toEqual([]);
    expect(await partFiles(scratch)).toEqual([]);
  });

  it('leaves nothing when the upload is cut off half-way', async () => {
    const source = new Readable({ read() {} });
    source.push(Buffer.alloc(1000, 7));
    const put = store.put(source, { maxBytes: 10_000, tooLargeMessage: 'x' });
    setTimeout(() => source.destroy(new Error('aborted')), 20);
    await expect(put).rejects.toThrow('aborted');
    expect(await listKeys(store)).toEqual([]);
    expect(await partFiles(scratch)).toEqual([]);
  });

  it('leaves nothing when the very first bytes are refused, before the file is open', async () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const refuseAtOnce = new Transform({
        transform: (_chunk, _encoding, callback) => callback(new AppError('bad_request', 'Not a PDF')),
      });
      await expect(
        store.put(Readable.from([Buffer.from('<html>')]), {
          maxBytes: 100,
          tooLargeMessage: 'x',
          through: [refuseAtOnce],
        }),
      ).rejects.toThrow('Not a PDF');
    }
    expect(await listKeys(store)).toEqual([]);
    expect(await partFiles(scratch)).toEqual([]);
  });

  it('accepts exactly the limit', async () => {
    const stored = await store.put(Readable.from([Buffer.alloc(500)]), { maxBytes: 500, tooLargeMessage: 'x' });
    expect(stored.sizeBytes).toBe(500);
  });

  it('puts bytes under a given key, copies them to a file, and removes them', async () => {
    const key = randomUUID();
    await store.putAt(key, Readable.from([Buffer.from('restored bytes')]));
    expect(await store.stat(key)).toMatchObject({ sizeBytes: 14 });
    const copy = path.join(scratch, 'copy', 'file');
    await store.copyToFile(key, copy);
    expect(await readFile(copy, 'utf8')).toBe('restored bytes');
    await store.remove(key);
    expect(await store.stat(key)).toBeUndefined();
    await expect(store.open(key)).rejects.toThrow(StoredFileMissingError);
    await expect(store.copyToFile(key, path.join(scratch, 'gone'))).rejects.toThrow(StoredFileMissingError);
    // Removing what is not there is not an error: a retried cleanup must not fail.
    await store.remove(key);
  });

  it('refuses keys it did not generate, so no path can leave the store', async () => {
    await expect(store.open('../../etc/passwd')).rejects.toThrow(StoredFileMissingError);
    await expect(store.remove('..%2f..%2fx')).rejects.toThrow(StoredFileMissingError);
    await expect(store.putAt('../x', Readable.from([Buffer.from('x')]))).rejects.toThrow(StoredFileMissingError);
  });
});

describe('S3 file store faults', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'file-store-'));
  });
  afterEach(() => rm(scratch, { recursive: true, force: true }));

  it('fails with StorageUnavailableError while the bucket is unreachable, leaving nothing, and recovers by itself', async () => {
    const store = await createS3FileStore({ ...(await s3.newBucket()), spoolDir: path.join(scratch, 'spool') });
    try {
      const kept = await store.put(Readable.from([Buffer.from('before')]), { maxBytes: 100, tooLargeMessage: 'x' });
      await s3.cutOff();
      try {
        await expect(
          store.put(Readable.from([Buffer.from('during')]), { maxBytes: 100, tooLargeMessage: 'x' }),
        ).rejects.toThrow(StorageUnavailableError);
        await expect(store.open(kept.key)).rejects.toThrow(StorageUnavailableError);
        await expect(store.verify()).rejects.toThrow(StorageUnavailableError);
        expect(await partFiles(scratch)).toEqual([]);
      } finally {
        await s3.restore();
      }
      expect(await listKeys(store)).toEqual([kept.key]);
      expect((await readAll(await store.open(kept.key))).toString()).toBe('before');
    } finally {
      store.close();
    }
  });

  it('names the problem when the bucket does not exist or the key is refused', async () => {
    const settings = s3.fileStore;
    const missing = await createS3FileStore({ ...settings, bucket: 'no-such-bucket', spoolDir: scratch });
    await expect(missing.verify()).rejects.toThrow('The bucket s3://no-such-bucket at');
    missing.close();
    const refused = await createS3FileStore({
      ...settings,
      credentials: { accessKeyId: 'WRONG', secretAccessKey: 'WRONG' },
      spoolDir: scratch,
    });
    await expect(refused.verify()).rejects.toThrow(/was refused: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    refused.close();
  });
});
