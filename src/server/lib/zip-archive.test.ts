import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { unzip } from '../test/zip-entries.ts';
import { zipStream } from './zip-archive.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('zipStream', () => {
  it('archives streams and buffers, opening each only when the archive reaches it', async () => {
    const opened: string[] = [];
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    async function* entries() {
      for (const [name, bytes] of [
        ['a.pdf', Buffer.from('%PDF-1.7 first')],
        ['dir/b.bin', big],
        ['c.csv', Buffer.from('x,y\n1,2\n')],
      ] as const) {
        yield {
          name,
          open: async () => {
            opened.push(name);
            return name === 'dir/b.bin' ? Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]) : bytes;
          },
        };
      }
    }
    const stream = zipStream(entries());
    expect(opened).toEqual([]);
    const files = await unzip(await buffer(stream));
    expect([...files.keys()]).toEqual(['a.pdf', 'dir/b.bin', 'c.csv']);
    expect(opened).toEqual(['a.pdf', 'dir/b.bin', 'c.csv']);
    expect(sha256(files.get('dir/b.bin')!)).toBe(sha256(big));
    expect(files.get('c.csv')!.toString()).toBe('x,y\n1,2\n');
  });

  it('ends with the error of an entry that cannot be opened', async () => {
    const stream = zipStream([
      { name: 'ok.txt', open: async () => Buffer.from('fine') },
      { name: 'gone.pdf', open: () => Promise.reject(new Error('no such file')) },
    ]);
    await expect(buffer(stream)).rejects.toThrow('no such file');
  });
});
