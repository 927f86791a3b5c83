import { access } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../db/schema/index.ts';
import { createTestUser, type TestUser } from '../test/factories.ts';
import { pdfBytes } from '../test/multipart.ts';
import { API, createTestApp, type TestApp } from '../test/test-app.ts';
import { prepareUploadTargets, STORED_FILE_PATH, storageState, type UploadTarget } from '../test/upload-targets.ts';

/** A multipart body written byte by byte, for what a browser would never send. */
function rawMultipart(boundary: string, parts: { disposition: string; content: Buffer | string }[]): Buffer {
  const chunks = parts.flatMap((part) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: ${part.disposition}\r\n\r\n`, 'latin1'),
    Buffer.from(part.content),
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
}

const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort();

describe('the multipart parser holds against hostile bodies', () => {
  let t: TestApp;
  let targets: UploadTarget[];
  let admin: TestUser;
  const before = prototypeKeys();

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, targets } = await prepareUploadTargets(t));
  });
  afterAll(() => t.close());

  function send(target: UploadTarget, boundary: string, payload: Buffer) {
    return t.app.inject({
      method: 'POST',
      url: target.url,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: target.uploader.cookie },
      payload,
    });
  }

  const validFileParts = (target: UploadTarget) => [
    ...Object.entries(target.fields()).map(([name, value]) => ({
      disposition: `form-data; name="${name}"`,
      content: value,
    })),
    { disposition: `form-data; name="${target.fileField}"; filename="paper.pdf"`, content: pdfBytes() },
  ];

  it('answers 10,000 empty parts, or 10,000 empty fields, with 400 on every route', async () => {
    const boundary = 'many-parts';
    const bare = Buffer.from(`${`--${boundary}\r\n\r\n\r\n`.repeat(10_000)}--${boundary}--\r\n`);
    const named = rawMultipart(
      boundary,
      Array.from({ length: 10_000 }, () => ({ disposition: 'form-data; name="x"', content: '' })),
    );
    for (const target of targets) {
      const state = await storageState(t);
      for (const payload of [bare, named]) {
        const res = await send(target, boundary, payload);
        expect(res.statusCode, `${target.route}: ${res.body}`).toBe(400);
      }
      expect(await storageState(t), target.route).toEqual(state);
    }
  });

  it('refuses a boundary longer than the 70 characters multipart allows, even around a valid body', async () => {
    for (const target of targets) {
      const state = await storageState(t);
      for (const length of [71, 1_000, 60_000]) {
        const boundary = 'b'.repeat(length);
        const res = await send(target, boundary, rawMultipart(boundary, validFileParts(target)));
        expect(res.statusCode, `${target.route}, ${length}: ${res.body}`).toBe(400);
        expect(res.json().message).toBe('The upload is malformed.');
      }
      expect(await storageState(t), target.route).toEqual(state);
    }
    // The longest legal boundary still works.
    const chat = targets.find((target) => target.acceptsImages)!;
    const legal = 'B'.repeat(70);
    expect((await send(chat, legal, rawMultipart(legal, validFileParts(chat)))).statusCode).toBe(201);
  });

  it('answers a body that never closes its boundary, or none at all, with 400', async () => {
    const target = targets.find((candidate) => candidate.acceptsImages)!;
    const state = await storageState(t);
    const unterminated = Buffer.from(
      `--open\r\nContent-Disposition: form-data; name="attachments"; filename="a.pdf"\r\n\r\n%PDF-1.4\n`,
    );
    expect((await send(target, 'open', unterminated)).statusCode).toBe(400);
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: target.url,
      headers: { 'content-type': 'multipart/form-data', cookie: target.uploader.cookie },
      payload: unterminated,
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(await storageState(t)).toEqual(state);
  });

  it.each(['__proto__', 'constructor', 'prototype', '__proto__[polluted]', 'constructor[prototype][polluted]'])(
    'answers the field name %s with 400 on every route, as a text field or a file, polluting nothing',
    async (name) => {
      for (const target of targets) {
        const state = await storageState(t);
        const boundary = 'proto-boundary';
        const asField = rawMultipart(boundary, [
          { disposition: `form-data; name="${name}"`, content: '{"polluted":"yes"}' },
          ...validFileParts(target),
        ]);
        const asFile = rawMultipart(boundary, [
          ...validFileParts(target),
          { disposition: `form-data; name="${name}"; filename="x.pdf"`, content: pdfBytes() },
        ]);
        for (const payload of [asField, asFile]) {
          const res = await send(target, boundary, payload);
          expect(res.statusCode, `${target.route}: ${res.body}`).toBe(400);
        }
        expect(await storageState(t), target.route).toEqual(state);
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(prototypeKeys()).toEqual(before);
    },
  );

  it('keeps prototype keys inside the JSON list of authors and JSON bodies harmless', async () => {
    const submit = targets[0]!;
    const poisoned = await send(
      submit,
      'json-boundary',
      rawMultipart('json-boundary', [
        ...validFileParts(submit).filter((part) => !part.disposition.includes('"authors"')),
        {
          disposition: 'form-data; name="authors"',
          content: '[{"__proto__":{"name":"x","polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}]',
        },
      ]),
    );
    expect(poisoned.statusCode).toBe(400);
    const paidPaperUrl = targets.find((target) => target.route === 'admin file')!.url.replace('/upload-file', '');
    for (const payload of [
      '{"__proto__":{"polluted":"yes"},"status":"declined"}',
      '{"constructor":{"prototype":{"polluted":"yes"}},"status":"declined"}',
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `${paidPaperUrl}/status`,
        headers: { cookie: admin.cookie, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(prototypeKeys()).toEqual(before);
  });

  describe('file names are metadata only', () => {
    const HOSTILE_NAMES: {
      label: string;
      disposition: (field: string) => string;
      safe: (stored: string) => boolean;
      mayBeRefused?: true;
    }[] = [
      {
        label: '../../x.pdf',
        disposition: (f) => `form-data; name="${f}"; filename="../../x.pdf"`,
        safe: (s) => s === 'x.pdf',
      },
      {
        label: '..%2f..%2fx.pdf',
        disposition: (f) => `form-data; name="${f}"; filename="..%2f..%2fx.pdf"`,
        safe: (s) => !/[\\/]/.test(s),
      },
      {
        label: 'C:\\x.pdf',
        disposition: (f) => `form-data; name="${f}"; filename="C:\\x.pdf"`,
        safe: (s) => !/[\\/]/.test(s) && s.endsWith('x.pdf'),
      },
      {
        label: 'a Windows path in filename*',
        disposition: (f) => `form-data; name="${f}"; filename*=UTF-8''C%3A%5CWindows%5Cx.pdf`,
        safe: (s) => s === 'x.pdf',
      },
      {
        label: '../ in filename*',
        disposition: (f) => `form-data; name="${f}"; filename*=UTF-8''..%2F..%2Fetc%2Fx.pdf`,
        safe: (s) => s === 'x.pdf',
      },
      {
        label: 'a NUL byte',
        disposition: (f) => `form-data; name="${f}"; filename="a\u0000b.pdf"`,
        safe: (s) => s === 'ab.pdf',
      },
      {
        label: 'CR/LF and a header',
        disposition: (f) => `form-data; name="${f}"; filename*=UTF-8''a%0D%0AX-Injected%3A%201%0D%0A.pdf`,
        safe: (s) => !/[\r\n]/.test(s),
        mayBeRefused: true,
      },
      {
        label: 'quotes and a second filename',
        disposition: (f) => `form-data; name="${f}"; filename="x\\"; filename=\\"evil.html.pdf"`,
        safe: (s) => s.length > 0,
      },
      {
        label: 'a right-to-left override',
        disposition: (f) => `form-data; name="${f}"; filename*=UTF-8''invoice%E2%80%AEfdp.exe`,
        safe: (s) => !s.includes('\u202e'),
      },
      {
        label: 'a 5,000-character name',
        disposition: (f) => `form-data; name="${f}"; filename="${'n'.repeat(5_000)}.pdf"`,
        safe: (s) => [...s].length <= 255,
      },
      {
        label: 'a long name of emoji',
        disposition: (f) => `form-data; name="${f}"; filename*=UTF-8''${'%F0%9F%98%80'.repeat(300)}`,
        safe: (s) => [...s].length <= 255 && !/[\p{Cs}\ufffd]/u.test(s),
      },
      {
        label: 'only dots',
        disposition: (f) => `form-data; name="${f}"; filename="..."`,
        safe: (s) => !/^\.+$/.test(s),
      },
    ];

    /** The names a file must never be written under, relative to the data directory. */
    const escapeTargets = () =>
      ['x.pdf', 'etc/x.pdf', 'Windows/x.pdf', '../x.pdf', 'files/x.pdf'].map((p) => path.resolve(t.config.dataDir, p));

    it('stores every upload under a generated key on every route, whatever the name', async () => {
      for (const route of targets) {
        for (const hostile of HOSTILE_NAMES) {
          // One abstract per author: each name gets a fresh author on the submission route.
          const target =
            route.route === 'abstract submission' ? { ...route, uploader: await createTestUser(t.app) } : route;
          const boundary = 'names-boundary';
          const parts = validFileParts(target);
          parts[parts.length - 1] = {
            disposition: hostile.disposition(target.fileField),
            content: pdfBytes(hostile.label),
          };
          const state = await storageState(t);
          const res = await send(target, boundary, rawMultipart(boundary, parts));
          const added = (await storageState(t)).files.filter((f) => !state.files.includes(f));
          if (hostile.mayBeRefused && added.length === 0) {
            // The parser drops a part whose name holds a line break: the upload goes on without it.
            expect(res.statusCode, res.body).toBeLessThan(500);
            continue;
          }
          expect(res.statusCode, `${target.route}, ${hostile.label}: ${res.body}`).toBeLessThan(300);
          expect(added, `${target.route}, ${hostile.label}`).toHaveLength(1);
          expect(added[0]).toMatch(STORED_FILE_PATH);
          const [row] = await t.app.ctx.db
            .select()
            .from(storedFiles)
            .where(eq(storedFiles.storageKey, path.basename(added[0]!)));
          expect(row!.originalName, hostile.label).not.toMatch(/[\\/\u0000-\u001f\u007f]/);
          expect(
            hostile.safe(row!.originalName),
            `${hostile.label} stored as ${JSON.stringify(row!.originalName)}`,
          ).toBe(true);
          if (target.route === 'abstract re-upload') await reset(res.json().paper._id as string, 'abstract');
          if (target.route === 'full paper') await reset(res.json().paper._id as string, 'fullpaper');
        }
      }
      for (const outside of escapeTargets()) await expect(access(outside)).rejects.toThrow();
    });

    it('serves stored names in a Content-Disposition that cannot be broken out of, ending as the real type', async () => {
      const chat = targets.find((target) => target.acceptsImages)!;
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
      // Markup after the first kilobyte passes the upload check: the served name must not make it a page.
      const pdfWithLateMarkup = Buffer.concat([
        pdfBytes(),
        Buffer.alloc(2048, 0x20),
        Buffer.from('<html><script>alert(1)</script></html>'),
      ]);
      const sentNames: { encoded: string; content: Buffer; servedAs: string; type: string }[] = [
        {
          encoded: 'a%22b%3B%20filename%3D%22evil.html.pdf',
          content: pdfBytes(),
          servedAs: 'a"b; filename="evil.html.pdf',
          type: 'application/pdf',
        },
        {
          encoded: 'x%27%3B%20name%3Devil%09Set-Cookie%3A%20s%3D1',
          content: pdfBytes(),
          servedAs: "x'; name=evilSet-Cookie: s=1.pdf",
          type: 'application/pdf',
        },
        {
          encoded: 'r%C3%A9sum%C3%A9%20(final)*.pdf',
          content: pdfBytes(),
          servedAs: 'résumé (final)*.pdf',
          type: 'application/pdf',
        },
        { encoded: 'notes.html', content: pdfWithLateMarkup, servedAs: 'notes.html.pdf', type: 'application/pdf' },
        { encoded: 'chart.pdf', content: png, servedAs: 'chart.pdf.png', type: 'image/png' },
      ];
      const boundary = 'served-names';
      const res = await send(
        chat,
        boundary,
        rawMultipart(boundary, [
          { disposition: 'form-data; name="message"', content: 'names' },
          ...sentNames.map((n) => ({
            disposition: `form-data; name="attachments"; filename*=UTF-8''${n.encoded}`,
            content: n.content,
          })),
        ]),
      );
      expect(res.statusCode, res.body).toBe(201);
      const attachments = res.json().chatMessage.attachments as { viewUrl: string; downloadUrl: string }[];
      expect(attachments).toHaveLength(sentNames.length);
      for (const [index, attachment] of attachments.entries()) {
        const expected = sentNames[index]!;
        for (const url of [attachment.viewUrl, attachment.downloadUrl]) {
          const file = await t.app.inject({ method: 'GET', url, headers: { cookie: chat.uploader.cookie } });
          expect(file.statusCode).toBe(200);
          expect(file.headers['content-type']).toBe(expected.type);
          expect(file.headers['x-content-type-options']).toBe('nosniff');
          expect(file.headers['content-security-policy']).toMatch(/^sandbox/);
          expect(file.headers['set-cookie']).toBeUndefined();
          const disposition = String(file.headers['content-disposition']);
          const parsed =
            /^(inline|attachment); filename="([\x20\x21\x23-\x5b\x5d-\x7e]*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+\-.^_`|~%]+)$/.exec(
              disposition,
            );
          expect(parsed, disposition).not.toBeNull();
          expect(parsed![1]).toBe(url.endsWith('/view') ? 'inline' : 'attachment');
          expect(decodeURIComponent(parsed![3]!)).toBe(expected.servedAs);
          expect(parsed![2]!.endsWith(expected.servedAs.slice(expected.servedAs.lastIndexOf('.')))).toBe(true);
        }
      }
    });

    /** Lets the author upload again: one current abstract and one full paper per paper. */
    async function reset(paperId: string, kind: 'abstract' | 'fullpaper') {
      const payload = kind === 'abstract' ? { resetAbstract: true } : { resetFullPaper: true };
      const res = await t.app.inject({
        method: 'PUT',
        url: `${API}/admin/papers/${paperId}/toggle-${kind}`,
        headers: { cookie: admin.cookie },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});
