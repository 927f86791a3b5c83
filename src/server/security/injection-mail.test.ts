import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/index.ts';
import { createTestUser, type TestUser } from '../test/factories.ts';
import { multipart, pdfBytes } from '../test/multipart.ts';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../test/smtp.ts';
import { API, createTestApp, sessionCookieOf, type TestApp, uniqueEmail } from '../test/test-app.ts';

const MARKUP = '<img src=x onerror=alert(1)>"><script>alert(1)</script>';
/** Each tries to end the header block or add a recipient; CRLF, bare LF and bare CR alike. */
const HEADER_BREAKERS = ['\r\nBcc: bcc1@evil.example', '\nBcc: bcc2@evil.example', '\rX-Injected: yes'];
/** An SMTP smuggling attempt: end the DATA early and start a second message to someone else. */
const SMUGGLED =
  '\r\n.\r\nMAIL FROM:<boss@evil.example>\r\nRCPT TO:<victim@evil.example>\r\nDATA\r\nSubject: smuggled\r\n\r\nPay now\r\n.\r\n';

interface ParsedMail {
  headers: Map<string, string[]>;
  body: string;
}

/** Splits a raw message at the first empty line, unfolding headers and decoding a quoted-printable body. */
function parse(mail: ReceivedMail): ParsedMail {
  const end = mail.raw.indexOf('\r\n\r\n');
  const headers = new Map<string, string[]>();
  for (const line of mail.raw
    .slice(0, end)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  let body = mail.raw.slice(end + 4);
  if (headers.get('content-transfer-encoding')?.[0]?.toLowerCase() === 'quoted-printable') {
    body = Buffer.from(
      body.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  }
  return { headers, body };
}

/** RFC 2047 encoded words back to text, for comparing a subject. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

describe('names and texts with line breaks cannot add mail headers or messages', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let admin: TestUser;
  let author: { email: string; cookie: string; id: string };
  let paperId: string;
  const username = 'Eve\r\nBcc: u1@evil.example\nX-Injected: yes\r<img src=x onerror=alert(1)>';
  const title = `Vortex${HEADER_BREAKERS.join('')} ${MARKUP}`;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    admin = await createTestUser(t.app, { role: 'admin' });
    const email = uniqueEmail('eve');
    const registered = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/register`,
      payload: { username, email, password: 'correct horse battery' },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    author = { email, cookie: sessionCookieOf(registered), id: registered.json().user._id };
    const body = multipart(
      {
        title,
        theme: 'Aerodynamics and Fluid Mechanics',
        ictacemId: registered.json().user.customUserId,
        modeOfPresentation: 'Oral',
        authors: JSON.stringify([
          {
            name: `Ada${HEADER_BREAKERS[0]}`,
            affiliation: `Lab${HEADER_BREAKERS[1]}`,
            address: `Street${HEADER_BREAKERS[2]}`,
          },
        ]),
      },
      [{ field: 'paperPdf', name: 'abstract.pdf', content: pdfBytes() }],
    );
    const submitted = await t.app.inject({
      method: 'POST',
      url: `${API}/papers/submit`,
      headers: { ...body.headers, cookie: author.cookie },
      payload: body.payload,
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    paperId = submitted.json().paper._id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends every notification and the reset mail to the author alone, headers intact, text as plain text', async () => {
    const asAdmin = { cookie: admin.cookie };
    const requests = [
      t.app.inject({
        method: 'PUT',
        url: `${API}/admin/papers/${paperId}/status`,
        headers: asAdmin,
        payload: { status: 'review_in_progress', review: `${MARKUP}${SMUGGLED}` },
      }),
      t.app.inject({
        method: 'POST',
        url: `${API}/notifications/system`,
        headers: asAdmin,
        payload: { recipientId: author.id, title: `Reminder${HEADER_BREAKERS.join('')}`, message: `Body${SMUGGLED}` },
      }),
      (() => {
        const chat = multipart({ message: `${MARKUP}\n.\nRCPT TO:<victim@evil.example>${SMUGGLED}` });
        return t.app.inject({
          method: 'POST',
          url: `${API}/chat/papers/${paperId}/messages`,
          headers: { ...chat.headers, ...asAdmin },
          payload: chat.payload,
        });
      })(),
      (() => {
        const file = multipart({ description: MARKUP, visibleToUser: 'true' }, [
          { field: 'adminFile', name: `${MARKUP}.pdf`, content: pdfBytes() },
        ]);
        return t.app.inject({
          method: 'POST',
          url: `${API}/admin/papers/${paperId}/upload-file`,
          headers: { ...file.headers, ...asAdmin },
          payload: file.payload,
        });
      })(),
      t.app.inject({ method: 'POST', url: `${API}/auth/forgot-password`, payload: { email: author.email } }),
    ];
    for (const res of await Promise.all(requests)) expect(res.statusCode, res.body).toBeLessThan(300);

    // Every queued mail delivered; the server then holds exactly those, nothing smuggled in.
    await expect
      .poll(async () => (await t.app.ctx.db.select().from(mailOutbox)).map((m) => m.status), { timeout: 15_000 })
      .toEqual(Array(5).fill('sent'));
    expect(smtp.inbox).toHaveLength(5);

    for (const mail of smtp.inbox) {
      expect(mail.to).toEqual([author.email]);
      const { headers } = parse(mail);
      expect([...headers.keys()].filter((name) => ['bcc', 'cc', 'x-injected', 'reply-to'].includes(name))).toEqual([]);
      expect(headers.get('to')).toEqual([author.email]);
      expect(headers.get('subject')).toHaveLength(1);
      expect(decodeWords(headers.get('subject')![0]!)).not.toMatch(/[\r\n]/);
      // Plain text only: markup in it is never rendered, so it needs no escaping.
      expect(headers.get('content-type')?.[0]).toMatch(/^text\/plain/);
      expect(mail.raw).not.toMatch(/text\/html/i);
    }
    const bodies = smtp.inbox.map((mail) => parse(mail).body).join('\n');
    // The author's own texts reach the mail literally, markup and all (plain text shows it as written).
    expect(bodies).toContain(MARKUP);
    expect(bodies).toContain('Hello Eve');
    // The smuggling attempt arrived as text of its own message instead of as SMTP commands.
    expect(bodies).toContain('RCPT TO:<victim@evil.example>');
    const subjects = smtp.inbox.map((mail) => decodeWords(parse(mail).headers.get('subject')![0]!));
    expect(
      subjects.some(
        (subject) => subject.startsWith('ICTACEM 2025: Reminder') && subject.includes('Bcc: bcc1@evil.example'),
      ),
    ).toBe(true);
  });
});
