import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staleBuildReason } from '@scripts/build-state.mjs';
import { PROJECT_ROOT } from '../project-paths.ts';

// `npm start` builds again only when the build is missing or older than its sources: one build
// serves any conference at its own base path (the client's addresses are relative), so starting
// another conference, or the same one under BASE_PATH, needs none.
describe('whether a start must build again', () => {
  let root: string;
  const write = (file: string, at: number) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), file.endsWith('.build-stamp') ? '{}' : '');
    utimesSync(path.join(root, file), at / 1000, at / 1000);
  };
  // After the folders' own times (now), which count as their sources' too.
  const builtAt = Date.now() + 3_600_000;
  const aBuild = () => {
    write('src/main.ts', builtAt - 60_000);
    write('dist/server/main.js', builtAt);
    write('dist/ssr/entry-server.js', builtAt);
    write('dist/.build-stamp', builtAt);
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'build-state-'));
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    rmSync(root, { recursive: true, force: true });
  });

  it('builds when there is no build', () => {
    expect(staleBuildReason(root)).toBe('No build yet');
  });

  it('keeps a build newer than its sources, for another conference and base path too', () => {
    aBuild();
    expect(staleBuildReason(root)).toBeNull();
    vi.stubEnv('CONFERENCE_FILE', path.join(PROJECT_ROOT, 'examples', 'demo-conference', 'conference.yaml'));
    vi.stubEnv('BASE_PATH', '/elsewhere');
    expect(staleBuildReason(root)).toBeNull();
  });

  it('builds again when a source changed after the build', () => {
    aBuild();
    write('src/main.ts', builtAt + 60_000);
    expect(staleBuildReason(root)).toBe('Sources changed since the last build');
  });
});
