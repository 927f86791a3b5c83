import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.ts';
import { createLocalFileStore, type FileStore, StoredFileMissingError, UploadTooLargeError } from './file-store.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('local file store', () => {
  let root: string;
  let store: FileStore;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'file-store-'));
    store = createLocalFileStore(root);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('stores the bytes under a generated key with their size and SHA-256', async () => {
    const bytes = Buffer.from('%PDF-1.7 hello');
    const stored = await store.put(Readable.from([bytes]), { maxBytes: 100, tooLargeMessage: 'too large' });
    expect(stored.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored.sizeBytes).toBe(bytes.length);
    expect(stored.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(await readAll(await store.open(stored.key))).toEqual(bytes);
    expect(await readdir(path.join(root, 'tmp'))).toEqual([]);
  });

  it('stops a stream as soon as it passes the limit and leaves nothing behind', async () => {
    const chunks = Array.from({ length: 10 }, () => Buffer.alloc(64, 1));
    const put = store.put(Readable.from(chunks), {
      maxBytes: 500,
      tooLargeMessage: 'File size must be less than 10MB.',
    });
    await expect(put).rejects.toThrow(UploadTooLargeError);
    await expect(put).rejects.toThrow('File size must be less than 10MB.');
    const left = await readdir(root, { recursive: true });
    expect(left.filter((name) => name.endsWith('.part') || /[0-9a-f-]{36}$/.test(name))).toEqual([]);
  });

  it('leaves no temporary file when the very first bytes are refused, before the file is open', async () => {
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
      expect(await readdir(path.join(root, 'tmp'))).toEqual([]);
    }
  });

  it('accepts exactly the limit', async () => {
    const stored = await store.put(Readable.from([Buffer.alloc(500)]), { maxBytes: 500, tooLargeMessage: 'x' });
    expect(stored.sizeBytes).toBe(500);
  });

  it('refuses keys it did not generate, so no path can leave the store', async () => {
    await expect(store.open('../../etc/passwd')).rejects.toThrow(StoredFileMissingError);
    await expect(store.remove('..%2f..%2fx')).rejects.toThrow(StoredFileMissingError);
  });
});
