import { PassThrough, Readable } from 'node:stream';
import type * as Yazl from 'yazl';
import { loadedWhenUsed } from './loaded-when-used.ts';

/** Loaded by the first archive, not at start. */
const yazl = loadedWhenUsed<typeof Yazl>('yazl');

export interface ZipEntry {
  /** The path inside the archive. */
  name: string;
  /** Opened only when the archive reaches this entry, so one file is read at a time. */
  open(): Promise<Readable | Uint8Array>;
}

/**
 * A ZIP archive of the entries, as a stream: each entry's bytes are read when the archive gets
 * to it and flow out as the reader takes them, so memory stays flat however many files there
 * are. Entries are stored, not deflated: PDFs are compressed already. A failure to open or read
 * an entry ends the stream with that error.
 */
export function zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>): Readable {
  const zip = new (yazl().ZipFile)();
  const output = new PassThrough();
  zip.on('error', (error: Error) => output.destroy(error));
  zip.outputStream.on('error', (error: Error) => output.destroy(error));
  zip.outputStream.pipe(output);
  void (async () => {
    for await (const entry of entries) {
      zip.addReadStreamLazy(entry.name, { compress: false, mtime: new Date() }, (callback) => {
        entry.open().then(
          (source) => callback(null, source instanceof Readable ? source : Readable.from([Buffer.from(source)])),
          (error: unknown) => callback(error, Readable.from([])),
        );
      });
    }
    zip.end();
  })().catch((error: unknown) => output.destroy(error as Error));
  return output;
}
