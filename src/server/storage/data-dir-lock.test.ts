import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { DataDirBusyError, dataDirHolder, lockDataDir } from './data-dir-lock.ts';

describe('data directory lock', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ictacem-lock-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('lets one holder at a time in, naming the holder to the next', async () => {
    const lock = await lockDataDir(dataDir);
    expect(await dataDirHolder(dataDir)).toMatchObject({ pid: process.pid });
    const second = lockDataDir(dataDir);
    await expect(second).rejects.toThrow(DataDirBusyError);
    await expect(second).rejects.toThrow(`in use by process ${process.pid}`);
    await lock.release();
    expect(await dataDirHolder(dataDir)).toBeNull();
    await (await lockDataDir(dataDir)).release();
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('takes over the lock of a process that was killed', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    await writeFile(path.join(dataDir, 'lock'), JSON.stringify({ pid: Number(gone.stdout), command: 'killed server' }));
    expect(await dataDirHolder(dataDir)).toBeNull();
    const lock = await lockDataDir(dataDir);
    expect(await dataDirHolder(dataDir)).toMatchObject({ pid: process.pid });
    await lock.release();
  });

  it('keeps a second process from opening the embedded database (two openers corrupt it)', async () => {
    // Held by another live process: the one that started this test run.
    await writeFile(path.join(dataDir, 'lock'), JSON.stringify({ pid: process.ppid, command: 'npm start' }));
    await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirBusyError);
    await expect(openDatabase({ dataDir, claimDataDir: false })).rejects.toThrow(
      /only be opened by the process that holds/,
    );
    // Refused before PGlite touched the directory.
    expect(await readdir(dataDir)).toEqual(['lock']);
  });
});
