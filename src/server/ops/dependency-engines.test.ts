import { readFile } from 'node:fs/promises';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../project-paths.ts';

interface LockedPackage {
  version?: string;
  engines?: Record<string, string> | string[];
}

const readJson = async <T>(file: string) => JSON.parse(await readFile(path.join(PROJECT_ROOT, file), 'utf8')) as T;

describe('the Node.js the README names', () => {
  it('is the oldest every installed package accepts, so `npm ci` warns of no engine', async () => {
    const manifest = await readJson<{ engines: { node: string } }>('package.json');
    const readme = await readFile(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
    const oldest = semver.minVersion(manifest.engines.node)!.version;
    // "Node.js 20.19 or newer": the README and `engines` say the same.
    expect(readme).toContain(`Node.js ${semver.major(oldest)}.${semver.minor(oldest)} or newer`);

    const lock = await readJson<{ packages: Record<string, LockedPackage> }>('package-lock.json');
    const refusing = Object.entries(lock.packages)
      .filter(([name, locked]) => {
        const wanted = !Array.isArray(locked.engines) ? locked.engines?.node : undefined;
        return name !== '' && wanted !== undefined && !semver.satisfies(oldest, wanted);
      })
      .map(([name, locked]) => `${name}@${locked.version}`);
    expect(refusing).toEqual([]);
  });
});
