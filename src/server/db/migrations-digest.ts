import type { Hash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../project-paths.ts';

/**
 * Feeds every migration file (its name and bytes, in order) into `hash`: a key that changes with any
 * migration, for what is kept already migrated (the in-memory image, the tests' template database).
 */
export async function hashMigrations(hash: Hash): Promise<Hash> {
  for (const name of (await readdir(MIGRATIONS_DIR, { recursive: true })).sort())
    if (name.endsWith('.sql') || name.endsWith('.json'))
      hash.update(name).update(await readFile(path.join(MIGRATIONS_DIR, name)));
  return hash;
}
