import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface TemporaryDownload {
  body: Readable;
  bytes: number;
}

/**
 * A file made by `write` in a new temporary folder, then streamed: the answer can carry its
 * length and go at the client's pace while no database connection waits on it. The folder is
 * removed once the file is sent or the download abandoned, or at once when `write` fails.
 */
export async function temporaryDownload(
  fileName: string,
  write: (file: string) => Promise<void>,
): Promise<TemporaryDownload> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-download-'));
  const file = path.join(dir, fileName);
  try {
    await write(file);
    const { size } = await stat(file);
    const body = createReadStream(file);
    body.once('close', () => void rm(dir, { recursive: true, force: true }));
    return { body, bytes: size };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
