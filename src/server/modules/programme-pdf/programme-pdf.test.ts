import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublishedProgramme } from '@shared/schemas/programme.ts';
import { buildProgrammePdf } from './programme-pdf.ts';

const run = promisify(execFile);
let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'programme-pdf-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** The text poppler reads from the PDF, whitespace runs as one space, in composed form. */
async function textOf(bytes: Uint8Array): Promise<string> {
  const file = join(folder, 'programme.pdf');
  await writeFile(file, bytes);
  return (await run('pdftotext', ['-layout', file, '-'])).stdout.normalize('NFC').replace(/\s+/g, ' ');
}

const talk = (paperId: string, title: string, authors: [string, string][], startsAt: string, board = '') => ({
  paperId,
  title,
  authors: authors.map(([name, affiliation]) => ({ name, affiliation })),
  position: 0,
  minutes: 15,
  board,
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + 15 * 60_000).toISOString(),
  modeOverridden: false,
});

// 15 December 2025, IST: 10:00 is 04:30 UTC.
const programme: PublishedProgramme = {
  edition: 3,
  publishedAt: '2025-12-01T06:00:00.000Z',
  rooms: [{ _id: 'r1', name: 'Sala Główna', capacity: 300, position: 0 }],
  sessions: [
    {
      _id: 's2',
      title: 'Posters',
      kind: 'poster',
      theme: null,
      roomId: null,
      startsAt: '2025-12-16T08:30:00.000Z',
      endsAt: '2025-12-16T10:00:00.000Z',
      chairs: [],
      talks: [
        talk(
          'p3',
          'Dao động của dầm composite',
          [['Nguyễn Văn Đức', 'Đại học Bách khoa Hà Nội']],
          '2025-12-16T08:30:00.000Z',
          'P7',
        ),
      ],
    },
    {
      _id: 's1',
      title: 'Турбулентность и вихри',
      kind: 'oral',
      theme: 'Aerodynamics and Fluid Mechanics',
      roomId: 'r1',
      startsAt: '2025-12-15T04:30:00.000Z',
      endsAt: '2025-12-15T06:00:00.000Z',
      chairs: ['Łucja Wiśniewska'],
      talks: [
        talk('p1', '圆柱绕流的涡脱落', [['李明', '清华大学']], '2025-12-15T04:30:00.000Z'),
        talk('p2', 'प्रक्षोभ का प्रतिरूपण', [['अनन्या शर्मा', 'भारतीय प्रौद्योगिकी संस्थान']], '2025-12-15T04:45:00.000Z'),
      ],
    },
  ],
};

describe('Programme (PDF)', () => {
  it('prints the published programme day by day, every name as written', async () => {
    const bytes = await buildProgrammePdf(programme);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe('ICTACEM 2025 Programme, version 3');
    const text = await textOf(bytes);
    const order = [
      'ICTACEM 2025 Programme',
      'Version 3, published 1 December 2025. Times in IST.',
      '15 December 2025',
      '10:00–11:30 IST · Oral session · Sala Główna · Aerodynamics and Fluid Mechanics',
      'Турбулентность и вихри',
      'Chairs: Łucja Wiśniewska',
      '10:00 圆柱绕流的涡脱落',
      '李明 (清华大学)',
      '10:15 प्रक्षोभ का प्रतिरूपण',
      'अनन्या शर्मा (भारतीय प्रौद्योगिकी संस्थान)',
      '16 December 2025',
      '14:00–15:30 IST · Poster session',
      'P7 Dao động của dầm composite',
      'Nguyễn Văn Đức (Đại học Bách khoa Hà Nội)',
    ];
    let from = 0;
    for (const expected of order) {
      const at = text.indexOf(expected, from);
      expect(at, `"${expected}" after position ${from} in: ${text}`).toBeGreaterThanOrEqual(0);
      from = at + expected.length;
    }
  });

  it('draws one version as the same bytes whenever and wherever it is drawn, dated by its publication', async () => {
    // Only the clock is faked; each process draws a version once, so two drawings are two processes.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const first = Buffer.from(await buildProgrammePdf(programme));
      vi.setSystemTime(Date.now() + 86_400_000);
      const next = Buffer.from(await buildProgrammePdf(programme));
      expect(next.equals(first)).toBe(true);
      const pdf = await PDFDocument.load(first, { updateMetadata: false });
      expect(pdf.getCreationDate()?.toISOString()).toBe(programme.publishedAt);
      expect(pdf.getModificationDate()?.toISOString()).toBe(programme.publishedAt);
    } finally {
      vi.useRealTimers();
    }
  });
});
