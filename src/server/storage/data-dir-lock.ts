import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Who holds a data directory: a process id and its command line, for the error message. */
export interface DataDirHolder {
  pid: number;
  command: string;
}

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirHolder,
  ) {
    super(
      `${dataDir} is in use by process ${holder.pid} (${holder.command}). ` +
        'Stop it first; if no such process is running, delete the file "lock" in that directory.',
    );
    this.name = 'DataDirBusyError';
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

const LOCK_FILE = 'lock';

function lockPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), LOCK_FILE);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readHolder(file: string): Promise<DataDirHolder | null> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<DataDirHolder>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, command: String(parsed.command ?? '') } : null;
  } catch {
    return null;
  }
}

/** The live process that holds the directory, or null when it is free (or its holder died). */
export async function dataDirHolder(dataDir: string): Promise<DataDirHolder | null> {
  const holder = await readHolder(lockPath(dataDir));
  return holder && isAlive(holder.pid) ? holder : null;
}

/**
 * Claims DATA_DIR for this process, like PostgreSQL's postmaster.pid: the embedded database
 * is corrupted by two processes opening it at once (PGlite takes no lock of its own, upstream
 * issue electric-sql/pglite#1106), and the server's start-up sweep of half-written uploads
 * must not run under another server. A lock left by a killed process is taken over, so a
 * restart after a crash needs no manual step.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const file = lockPath(dataDir);
  await mkdir(path.dirname(file), { recursive: true });
  const content = JSON.stringify({ pid: process.pid, command: process.argv.slice(1).join(' ') });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await writeFile(file, content, { flag: 'wx' });
      return { release: () => rm(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readHolder(file);
    // Another open in this same process counts as busy too: PGlite would be opened twice.
    if (holder && isAlive(holder.pid)) throw new DataDirBusyError(path.resolve(dataDir), holder);
    await rm(file, { force: true });
  }
  throw new Error(`Could not lock ${path.resolve(dataDir)}: its lock file keeps reappearing.`);
}
