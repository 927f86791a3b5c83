import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { PROJECT_ROOT } from '@server/project-paths.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';
import { ContentFileError, contentDirOf, loadSiteContent } from './content-loader.ts';
import { markdownToBlocks, stripRawHtml } from './content-markdown.ts';
import { SiteContentSource } from './site-content.service.ts';

const DEFAULT_CONTENT = path.join(PROJECT_ROOT, 'content');

/** A copy of the default content files, beside a conference file, for a test to change. */
async function editionWithContent(): Promise<{ conferenceFile: string; dir: string; remove(): Promise<void> }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'ictacem-content-'));
  const dir = path.join(root, 'content');
  await cp(DEFAULT_CONTENT, dir, { recursive: true });
  return {
    conferenceFile: path.join(root, 'conference.yaml'),
    dir,
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

/** A logger whose lines the test reads. */
function recordingLog() {
  const lines: { level: string; message: string }[] = [];
  const at = (level: string) => (first: unknown, second?: unknown) =>
    void lines.push({ level, message: typeof first === 'string' ? first : String(second) });
  const log = { warn: at('warn'), info: at('info'), error: at('error') } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('content sanitiser', () => {
  it('removes a script with its code and an event handler with its tag, naming file and line', () => {
    const source = [
      'Welcome to Kraków, Łódź and Hà Nội.',
      '<script>alert("x")</script>',
      'See <img src=x onerror="alert(1)"> the campus.',
      '<SCRIPT type="text/javascript">',
      'document.cookie',
      '</SCRIPT>',
      'The end, 中文 and हिन्दी.',
    ].join('\n');
    const { text, warnings } = stripRawHtml(source, 'about.md');
    expect(text).not.toMatch(/script|alert|onerror|<img|cookie/i);
    expect(text).toContain('Welcome to Kraków, Łódź and Hà Nội.');
    expect(text).toContain('The end, 中文 and हिन्दी.');
    // Line breaks kept: later errors name the file's own lines.
    expect(text.split('\n')).toHaveLength(7);
    expect(warnings.map((w) => `${w.file}:${w.line}`)).toEqual(['about.md:2', 'about.md:4', 'about.md:3']);
    expect(warnings.find((w) => w.line === 3)?.message).toMatch(/event handler/);
  });

  it('leaves autolinks and comparisons alone', () => {
    const source = 'Write to <https://example.org> when 2 < 3 and a > b.';
    expect(stripRawHtml(source, 'x.md')).toEqual({ text: source, warnings: [] });
  });
});

describe('Markdown of the content files', () => {
  it('gives paragraphs, lists and emphasis as runs, links only to safe places', () => {
    const source = [
      'Hello **Дмитрий** and *Nguyễn*, see [the dates](/important-dates).',
      '',
      '- [Mail](mailto:info@example.org)',
      '- [Bad](javascript:alert(1))',
      '',
      '[Data](data:text/html;base64,PHNjcmlwdD4=) and [Web](https://example.org)',
    ].join('\n');
    const { blocks, warnings } = markdownToBlocks(source, 'p.md');
    expect(blocks[0]).toEqual({
      kind: 'paragraph',
      runs: [
        { text: 'Hello ' },
        { text: 'Дмитрий', strong: true },
        { text: ' and ' },
        { text: 'Nguyễn', em: true },
        { text: ', see ' },
        { text: 'the dates', href: '/important-dates' },
        { text: '.' },
      ],
    });
    expect(blocks[1]).toEqual({
      kind: 'list',
      ordered: false,
      items: [[{ text: 'Mail', href: 'mailto:info@example.org' }], [{ text: '[Bad](javascript:alert(1))' }]],
    });
    const hrefs = JSON.stringify(blocks).match(/"href":"[^"]*"/g);
    expect(hrefs).toEqual([
      '"href":"/important-dates"',
      '"href":"mailto:info@example.org"',
      '"href":"https://example.org"',
    ]);
    expect(warnings.map((w) => [w.line, w.message.split(':')[0]])).toEqual([
      [4, 'link to javascript'],
      [6, 'link to data'],
    ]);
  });
});

describe('loadSiteContent', () => {
  it('reads the default edition: today’s texts', async () => {
    const { content, warnings } = await loadSiteContent(DEFAULT_CONTENT);
    expect(warnings).toEqual([]);
    expect(content.committee.committees.map((c) => c.title)).toEqual([
      'Patrons',
      'Organizing Committee',
      'Technical Committee',
      'Advisory Committee',
    ]);
    expect(content.documents.brochure.fileName).toBe('ICTACEM 2025 Brochure.pdf');
    expect(content.about.conference[0]).toEqual({
      kind: 'paragraph',
      runs: [
        {
          text: '{shortName} is the {fullName}. It is the ninth edition of a conference that has been held every three years since 1998.',
        },
      ],
    });
    expect(content.version).toMatch(/^[\w-]{22}$/);
  });

  it('leaves none of its texts in the client’s code: they reach the pages from the server', async () => {
    const { content } = await loadSiteContent(DEFAULT_CONTENT);
    const texts = new Set<string>();
    const collect = (value: unknown): void => {
      if (typeof value === 'string' && value.length >= 40 && !/^[\w-]{22}$/.test(value)) texts.add(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    collect(content);
    expect(texts.size).toBeGreaterThan(15);
    const clientFiles = (await readdir(path.join(PROJECT_ROOT, 'src', 'client'), { recursive: true })).filter(
      (file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts'),
    );
    for (const file of clientFiles) {
      const source = await readFile(path.join(PROJECT_ROOT, 'src', 'client', file), 'utf8');
      for (const text of texts) expect(source.includes(text), `${file} holds "${text}"`).toBe(false);
    }
  });

  it('finds the files beside CONFERENCE_FILE, or the project’s own', () => {
    expect(contentDirOf({}, '/srv/site')).toBe(path.join('/srv/site', 'content'));
    expect(contentDirOf({ conferenceFile: '/etc/ictacem2028/conference.yaml' }, '/srv/site')).toBe(
      '/etc/ictacem2028/content',
    );
  });

  it('strips scripts from a YAML list with a warning naming file and line', async () => {
    const edition = await editionWithContent();
    try {
      await writeFile(
        path.join(edition.dir, 'speakers.yaml'),
        'speakers:\n  - name: Zhang Wei 张伟 <script>steal()</script>\n    affiliation: <b onclick="x()">Уральский университет</b>\n',
      );
      const { content, warnings } = await loadSiteContent(edition.dir);
      expect(content.speakers).toEqual([{ name: 'Zhang Wei 张伟', affiliation: 'Уральский университет' }]);
      expect(warnings.map((w) => `${path.basename(w.file)}:${w.line}`)).toEqual([
        'speakers.yaml:2',
        'speakers.yaml:3',
        'speakers.yaml:3',
      ]);
    } finally {
      await edition.remove();
    }
  });

  it('refuses a malformed list, naming the file, the key and the line', async () => {
    const edition = await editionWithContent();
    try {
      const file = path.join(edition.dir, 'committee.yaml');
      const committee = await readFile(file, 'utf8');
      // A member without a name, on line 11 of the file.
      await writeFile(
        file,
        committee.replace(
          '  - title: Organizing Committee\n    members: []',
          '  - title: Organizing Committee\n    members:\n      - position: Chair',
        ),
      );
      const lineOfMember = (await readFile(file, 'utf8')).split('\n').indexOf('      - position: Chair') + 1;
      const error = await loadSiteContent(edition.dir).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ContentFileError);
      expect((error as Error).message).toBe(`${file}:${lineOfMember}: committees.1.members.0.name: Name is required`);

      // YAML that is not YAML: its own line.
      await writeFile(file, 'committees:\n  - title: Patrons\n    members: [\n  - title: Bad\n');
      await expect(loadSiteContent(edition.dir)).rejects.toThrow(new RegExp(`^${file}:\\d+: not valid YAML`));

      // An unknown key: named with its line.
      await writeFile(file, 'committees: []\nmembers: []\n');
      await expect(loadSiteContent(edition.dir)).rejects.toThrow(
        new RegExp(`^${file}:1: \\(the file\\): .*does not take: members$`),
      );
    } finally {
      await edition.remove();
    }
  });

  it('keeps the texts in force when a reload finds a broken file, and takes the next good one', async () => {
    const edition = await editionWithContent();
    const { log, lines } = recordingLog();
    try {
      const source = await SiteContentSource.open(edition.dir, log);
      const before = source.etag;
      await writeFile(path.join(edition.dir, 'sponsorship.yaml'), 'intro: [unclosed\n');
      expect(await source.reload(log)).toBe(false);
      expect(source.etag).toBe(before);
      expect(lines.at(-1)).toMatchObject({ level: 'error' });
      expect(lines.at(-1)?.message).toContain('sponsorship.yaml:');

      await writeFile(
        path.join(edition.dir, 'sponsorship.yaml'),
        'intro: Wspieraj konferencję w Łodzi.\nmetaDescription: Sponsoruj {shortName}.\n',
      );
      expect(await source.reload(log)).toBe(true);
      expect(source.content.sponsorship.intro).toBe('Wspieraj konferencję w Łodzi.');
      expect(source.etag).not.toBe(before);
    } finally {
      await edition.remove();
    }
  });
});

describe('GET /site-content', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends the texts with an ETag, and 304 for the copy in force', async () => {
    const first = await t.app.inject({ method: 'GET', url: `${API}/site-content` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toBe(`"${first.json().content.version}"`);
    expect(first.json().content.sponsorship.intro).toMatch(/^Support the conference/);

    const again = await t.app.inject({ method: 'GET', url: `${API}/site-content`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const other = await t.app.inject({
      method: 'GET',
      url: `${API}/site-content`,
      headers: { 'if-none-match': '"old"' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('a server whose content file is broken does not start, and says which', async () => {
    const edition = await editionWithContent();
    try {
      await writeFile(path.join(edition.dir, 'speakers.yaml'), 'speakers:\n  - name: 陈静\n    title: Professor\n');
      await expect(createTestApp({ conferenceFile: edition.conferenceFile })).rejects.toThrow(
        `${path.join(edition.dir, 'speakers.yaml')}:2: speakers.0: Speakers has a field it does not take: title`,
      );
    } finally {
      await edition.remove();
    }
  });
});
