import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configuredBasePath } from '@scripts/build-state.mjs';
import { PROJECT_ROOT } from '../project-paths.ts';

// `npm start` builds the client again when it was built for another base path than the one it
// will serve: that path is BASE_PATH, else the conference file's.
describe('the base path a build is made for', () => {
  const demoConference = path.join(PROJECT_ROOT, 'examples', 'demo-conference', 'conference.yaml');

  it('is the default conference’s (null) without BASE_PATH or a conference file', () => {
    expect(configuredBasePath({})).toBeNull();
  });

  it('is the conference file’s basePath, so another conference’s demo is built for its own path', () => {
    expect(configuredBasePath({ CONFERENCE_FILE: demoConference })).toBe('/iwsm2030');
  });

  it('is BASE_PATH when given, over the conference file', () => {
    expect(configuredBasePath({ BASE_PATH: '/elsewhere', CONFERENCE_FILE: demoConference })).toBe('/elsewhere');
  });

  it('leaves a missing file to the server’s start, which names the problem', () => {
    expect(configuredBasePath({ CONFERENCE_FILE: path.join(PROJECT_ROOT, 'no-such-conference.yaml') })).toBeNull();
  });
});
