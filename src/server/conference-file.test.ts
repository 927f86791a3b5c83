import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFERENCE } from '@shared/conference/default-conference.ts';
import { loadConfig } from './config.ts';
import { ConferenceFileError, parseConferenceYaml } from './conference-file.ts';

/** A valid file: the default conference written out, with `change` applied to its text. */
function fileText(change: (text: string) => string = (text) => text): string {
  return change(stringify(DEFAULT_CONFERENCE));
}

function problemsOf(yamlText: string): string[] {
  try {
    parseConferenceYaml(yamlText, 'conference.yaml');
  } catch (error) {
    expect(error).toBeInstanceOf(ConferenceFileError);
    return (error as ConferenceFileError).problems;
  }
  throw new Error('expected the file to be refused');
}

/** The line (1-based) of the first line of `yamlText` that starts with `start`. */
const lineOf = (yamlText: string, start: string) =>
  yamlText.split('\n').findIndex((line) => line.startsWith(start)) + 1;

describe('the conference file', () => {
  it('reads the default conference written out as the same conference', () => {
    expect(parseConferenceYaml(fileText(), 'conference.yaml')).toEqual(DEFAULT_CONFERENCE);
  });

  it('fills the short name in from the acronym and the year', () => {
    const text = fileText((t) => t.replace(/^shortName: .*\n/m, '').replace(/^acronym: .*$/m, 'acronym: IWSM'));
    expect(parseConferenceYaml(text, 'conference.yaml').shortName).toBe(`IWSM ${DEFAULT_CONFERENCE.year}`);
  });

  it('refuses an unknown key, naming it and its line', () => {
    const text = fileText((t) => t.replace('venue:', 'venu: Lisbon\nvenue:'));
    expect(problemsOf(text)).toEqual([`line ${lineOf(text, 'venu:')}: venu: unknown key`]);
  });

  it('refuses an unknown key inside a theme', () => {
    const text = fileText((t) => t.replace('    code: SMD', '    code: SMD\n    colour: red'));
    expect(problemsOf(text)).toEqual([`line ${lineOf(text, '    colour:')}: themes[1].colour: unknown key`]);
  });

  it('refuses a missing required field, naming it', () => {
    const text = fileText((t) => t.replace(/^timeZone: .*\n/m, ''));
    expect(problemsOf(text)).toEqual(['line 1: timeZone: required, missing']);
  });

  it('refuses duplicate theme codes, on the second one’s line', () => {
    const text = fileText((t) => t.replace('code: SMD', 'code: afm'));
    expect(problemsOf(text)).toEqual([
      `line ${lineOf(text, '    code: afm')}: themes[1].code: duplicate theme code "afm"`,
    ]);
  });

  it('refuses a time zone that does not exist', () => {
    const text = fileText((t) => t.replace(/^timeZone: .*$/m, 'timeZone: Europe/Atlantis'));
    expect(problemsOf(text)).toEqual([
      `line ${lineOf(text, 'timeZone:')}: timeZone: not a time zone this server knows (IANA name, e.g. Europe/Lisbon)`,
    ]);
  });

  it('refuses a base path that is not a path', () => {
    for (const basePath of ['conference', '/two/segments', '/with space', '/'])
      expect(problemsOf(fileText((t) => t.replace(/^basePath: .*$/m, `basePath: "${basePath}"`))), basePath).toEqual([
        `line ${lineOf(fileText(), 'basePath:')}: basePath: a path of one segment such as /conference2030`,
      ]);
  });

  it('refuses an ID prefix with characters an ID cannot hold', () => {
    for (const prefix of ['ICT-2030', 'ict2030', 'ICT 2030', '2030ICT', 'ÉCOLE'])
      expect(problemsOf(fileText((t) => t.replace(/^idPrefix: .*$/m, `idPrefix: "${prefix}"`))), prefix).toEqual([
        `line ${lineOf(fileText(), 'idPrefix:')}: idPrefix: upper-case letters and digits, starting with a letter, 20 at most`,
      ]);
  });

  it('lists every problem at once, and a YAML error with its line', () => {
    const text = fileText((t) =>
      t.replace(/^year: .*$/m, 'year: next').replace(/^timeZoneName: .*$/m, 'timeZoneName: ""'),
    );
    expect(problemsOf(text)).toHaveLength(2);
    const broken = fileText((t) => t.replace(/^venue: .*$/m, 'venue: [unclosed'));
    expect(problemsOf(broken)[0]).toMatch(/^line \d+: /);
    expect(problemsOf(fileText((t) => `${t}venue: twice\n`))[0]).toMatch(/^line \d+: Map keys must be unique/);
  });

  it('keeps the server from starting: loadConfig names the file and the problem', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'conference-file-'));
    try {
      const file = path.join(dir, 'conference.yaml');
      await writeFile(
        file,
        fileText((t) => t.replace(/^timeZone: .*$/m, 'timeZone: Mars/Olympus')),
      );
      expect(() => loadConfig({ CONFERENCE_FILE: file })).toThrow(
        new RegExp(
          `Invalid conference file ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\n  - line \\d+: timeZone: not a time zone`,
        ),
      );
      expect(() => loadConfig({ CONFERENCE_FILE: path.join(dir, 'missing.yaml') })).toThrow(/ENOENT/);

      await writeFile(
        file,
        fileText((t) => t.replace(/^basePath: .*$/m, 'basePath: /iwsm2030')),
      );
      expect(loadConfig({ CONFERENCE_FILE: file }).basePath).toBe('/iwsm2030');
      expect(loadConfig({ CONFERENCE_FILE: file, BASE_PATH: '/elsewhere' }).basePath).toBe('/elsewhere');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
