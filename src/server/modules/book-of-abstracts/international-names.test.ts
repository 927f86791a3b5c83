// Every PDF the site makes, read back by poppler (as a reader, a printer or a consulate's copy
// would) for authors named in six scripts: each name must come back exactly as typed, and every
// font must be embedded. poppler-utils is installed by .ci/run; without it these tests fail.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAcceptanceLetter, renderVisaLetter } from '../letters/letter-pdf.ts';
import { buildBookOfAbstracts } from './book-pdf.ts';

const PEOPLE = [
  { name: '张伟', affiliation: '北京航空航天大学', nationality: '中国' },
  { name: 'Дмитрий Иванов', affiliation: 'Московский государственный университет', nationality: 'Россия' },
  { name: 'प्रिया शर्मा', affiliation: 'भारतीय प्रौद्योगिकी संस्थान', nationality: 'भारत' },
  { name: 'Łukasz Żółć', affiliation: 'Politechnika Wrocławska', nationality: 'Polska' },
  { name: 'Jiří Dvořák', affiliation: 'České vysoké učení technické', nationality: 'Česko' },
  { name: 'Nguyễn Thị Hương', affiliation: 'Đại học Bách khoa Hà Nội', nationality: 'Việt Nam' },
];

const CONFERENCE = {
  fullName: 'International Conference on Theoretical, Applied, Computational and Experimental Mechanics',
  shortName: 'ICTACEM 2025',
  dates: '29-31 December 2025',
  venue: 'IIT Kharagpur, India',
};
const LETTER = {
  letterhead: { organisation: 'ICTACEM 2025 Organising Committee', lines: ['IIT Kharagpur, India'] },
  signature: { name: 'Prof. A. Organiser', role: 'Conference Chair' },
  conference: CONFERENCE,
  paperTitle: 'Vortex shedding behind a heated cylinder',
  ictacemId: 'ICTACEM2025-0042',
  issuedAt: new Date('2026-11-24T12:00:00Z'),
  verificationCode: 'K7QX-2M9P',
  verificationUrl: 'https://ictacem.example.org/verify/K7QX-2M9P',
};

const run = promisify(execFile);
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'international-names-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function poppler(tool: 'pdftotext' | 'pdffonts', bytes: Uint8Array, args: string[] = []): Promise<string> {
  const file = join(folder, `${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, bytes);
  try {
    return (await run(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])])).stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`${tool} is missing: install poppler-utils (apt-get install poppler-utils).`, {
        cause: error,
      });
    }
    throw error;
  }
}

/** The text poppler extracts, with whitespace runs as one space and in composed form. */
const tidy = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim();

/** The text of the pages, in the physical layout (a label and its value on one line). */
async function textOf(bytes: Uint8Array, firstPage?: number, lastPage?: number): Promise<string> {
  const range = [...(firstPage ? ['-f', String(firstPage)] : []), ...(lastPage ? ['-l', String(lastPage)] : [])];
  return tidy(await poppler('pdftotext', bytes, ['-layout', ...range]));
}

/** Each font pdffonts lists, with whether it is embedded. */
async function fontsOf(bytes: Uint8Array): Promise<{ name: string; embedded: boolean }[]> {
  const lines = (await poppler('pdffonts', bytes)).trim().split('\n').slice(2);
  return lines.map((line) => {
    // The columns after the name and type: encoding, emb, sub, uni, object number, generation.
    const columns = line.trim().split(/\s+/);
    return { name: columns[0]!, embedded: columns.at(-5) === 'yes' };
  });
}

async function blankAbstract(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage();
  return pdf.save();
}

async function book(): Promise<Uint8Array> {
  const entries = PEOPLE.map((person, index) => ({
    ictacemId: `ICTACEM2025-000${index + 1}`,
    title: `${person.affiliation}: a study by ${person.name}`,
    theme: 'Fluid mechanics',
    authors: [{ name: person.name, affiliation: person.affiliation }],
    load: blankAbstract,
  }));
  // A Latin title with co-authors in every script, the first author first.
  entries.push({
    ictacemId: 'ICTACEM2025-0007',
    title: 'Turbulent boundary layers over rough walls: a joint study',
    theme: 'Fluid mechanics',
    authors: [...PEOPLE].reverse().map(({ name, affiliation }) => ({ name, affiliation })),
    load: blankAbstract,
  });
  return (await buildBookOfAbstracts({ ...CONFERENCE, isbn: '978-0-00-000000-0' }, entries)).pdf;
}

const acceptanceLetter = (person: (typeof PEOPLE)[number]) =>
  renderAcceptanceLetter({
    ...LETTER,
    authorName: person.name,
    authorAffiliation: person.affiliation,
    decisionDate: new Date('2025-09-15T10:00:00Z'),
  });

const visaLetter = (person: (typeof PEOPLE)[number]) =>
  renderVisaLetter({
    ...LETTER,
    fullNameAsInPassport: person.name,
    nationality: person.nationality,
    passportNumber: 'Z1234567',
    dateOfBirth: '1990-03-05',
    paymentId: 'PAY-2025-0042',
  });

describe('names in six scripts, read back from the PDFs', () => {
  it('come back exactly as typed from the Book of Abstracts: contents and author index', async () => {
    const bytes = await book();
    const pageCount = (await PDFDocument.load(bytes)).getPageCount();
    const contents = await textOf(bytes, 2, 2);
    const index = await textOf(bytes, pageCount, pageCount);

    for (const { name, affiliation } of PEOPLE) {
      expect(contents).toContain(name);
      expect(contents).toContain(`${affiliation}: a study by ${name}`);
      expect(index).toContain(name);
    }
    expect(contents).toContain(
      `ICTACEM2025-0007 · ${[...PEOPLE]
        .reverse()
        .map(({ name }) => name)
        .join(', ')}`,
    );
    expect(await textOf(bytes, 1, 1)).toContain(`${pageCount} pages`);
  }, 60_000);

  it('come back exactly as typed from the acceptance and visa letters, with the affiliations', async () => {
    for (const person of PEOPLE) {
      const acceptance = await textOf(await acceptanceLetter(person));
      expect(acceptance).toContain(`${person.name} ${person.affiliation} Ref.:`);
      expect(acceptance).toContain(`Dear ${person.name},`);

      const visa = await textOf(await visaLetter(person));
      expect(visa).toContain(`Full name (as in passport) ${person.name}`);
      expect(visa).toContain(`Nationality ${person.nationality}`);
      expect(visa).toContain(`request the consulate to grant ${person.name} a visa`);
    }
  }, 60_000);
});

describe('fonts of the PDFs', () => {
  it('are all embedded, in the book and in both letters', async () => {
    for (const bytes of [await book(), await acceptanceLetter(PEOPLE[0]!), await visaLetter(PEOPLE[2]!)]) {
      const fonts = await fontsOf(bytes);
      expect(fonts.length).toBeGreaterThan(0);
      expect(fonts.filter(({ embedded }) => !embedded)).toEqual([]);
    }
  }, 60_000);
});
