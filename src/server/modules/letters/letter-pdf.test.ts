import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { drawnTextOf, drawnTextWithPositionsOf } from '@server/test/pdf-drawn-text.ts';
import {
  type AcceptanceLetterInput,
  renderAcceptanceLetter,
  renderVisaLetter,
  type VisaLetterInput,
} from './letter-pdf.ts';

const common = {
  letterhead: {
    organisation: 'ICTACEM 2025 Organising Committee',
    lines: ['Department of Aerospace Engineering', 'IIT Kharagpur, West Bengal 721302, India'],
  },
  signature: { name: 'Prof. A. Organiser', role: 'Conference Chair' },
  conference: {
    fullName: 'International Conference on Theoretical, Applied, Computational and Experimental Mechanics',
    shortName: 'ICTACEM 2025',
    dates: '29-31 December 2025',
    venue: 'IIT Kharagpur, India',
  },
  paperTitle: 'Vortex shedding behind a heated cylinder',
  ictacemId: 'ICTACEM2025-0042',
  issuedAt: new Date('2026-11-24T23:30:00Z'),
  verificationCode: 'K7QX-2M9P',
  verificationUrl: 'https://ictacem.example.org/verify/K7QX-2M9P',
};

const acceptance = (overrides: Partial<AcceptanceLetterInput> = {}): AcceptanceLetterInput => ({
  ...common,
  authorName: 'Priya Sharma',
  authorAffiliation: 'IIT Bombay',
  decisionDate: new Date('2025-09-15T10:00:00Z'),
  ...overrides,
});

const visa = (overrides: Partial<VisaLetterInput> = {}): VisaLetterInput => ({
  ...common,
  fullNameAsInPassport: 'Jean-Luc Dubois',
  nationality: 'French',
  passportNumber: '19AB12345',
  dateOfBirth: '1990-03-05',
  paymentId: 'pay_Q1w2E3r4',
  ...overrides,
});

async function load(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  return { pdf, text: drawnTextOf(pdf.getPage(0)).join(' ') };
}

/** Whether the signature block, the body's last line, ends clear of the verification footer. */
function bodyEndsAboveFooter(pdf: PDFDocument): boolean {
  const lines = drawnTextWithPositionsOf(pdf.getPage(0));
  const footer = lines.findIndex(({ text }) => text.startsWith('Verification code:'));
  const lastBodyLine = lines[footer - 1]!;
  return lastBodyLine.text === common.letterhead.organisation && lastBodyLine.y > lines[footer]!.y + 20;
}

/** The page's images. */
function imagesOf(pdf: PDFDocument): PDFRawStream[] {
  const xObjects = pdf.getPage(0).node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  return (xObjects?.values() ?? [])
    .map((ref) => pdf.context.lookup(ref))
    .filter((object): object is PDFRawStream => object instanceof PDFRawStream)
    .filter((stream) => stream.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
}

describe('renderAcceptanceLetter', () => {
  it('renders a one-page letter with the decision, the verification code and a QR code', async () => {
    const { pdf, text } = await load(await renderAcceptanceLetter(acceptance()));

    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe('Acceptance letter ICTACEM2025-0042');
    expect(pdf.getSubject()).toContain('K7QX-2M9P');
    expect(text).toContain('ICTACEM 2025 Organising Committee');
    // Issued at 23:30 UTC, already the next morning at the conference: the letter follows its calendar.
    expect(text).toContain('25 November 2026');
    expect(text).toContain('Ref.: ICTACEM2025-0042');
    expect(text).toContain('Dear Priya Sharma,');
    expect(text).toContain(
      'your paper "Vortex shedding behind a heated cylinder" (ICTACEM2025-0042) has been accepted for presentation at the ' +
        'International Conference on Theoretical, Applied, Computational and Experimental Mechanics (ICTACEM 2025), ' +
        '29-31 December 2025, IIT Kharagpur, India.',
    );
    expect(text).toContain('15 September 2025');
    expect(text).toContain('Prof. A. Organiser Conference Chair');
    expect(text).toContain('Verification code: K7QX-2M9P');
    expect(text).toContain('Verify at https://ictacem.example.org/verify/K7QX-2M9P');
    expect(imagesOf(pdf)).toHaveLength(1);
  });

  it('keeps a 600-character title, an accented name and a CJK name on one page', async () => {
    const paperTitle = `${'Nonlinear dynamics of slender structures '.repeat(15)}`.slice(0, 600).trim();
    const { pdf, text } = await load(
      await renderAcceptanceLetter(acceptance({ paperTitle, authorName: 'Zoë Łukasiewicz 王小明' })),
    );

    expect(pdf.getPageCount()).toBe(1);
    expect(text).toContain(paperTitle);
    expect(bodyEndsAboveFooter(pdf)).toBe(true);
    expect(text).toContain('Dear Zoë Łukasiewicz 王小明,');
    expect(text).toContain('Verification code: K7QX-2M9P');
  });

  it('shrinks the body to keep even a title far beyond the length limit on the page', async () => {
    const paperTitle = 'Fluid-structure interaction '.repeat(100);
    const { pdf } = await load(await renderAcceptanceLetter(acceptance({ paperTitle })));

    expect(pdf.getPageCount()).toBe(1);
    expect(bodyEndsAboveFooter(pdf)).toBe(true);
  });

  it('draws a QR code that depends on the verification address', async () => {
    const imageFor = async (verificationUrl: string) =>
      imagesOf((await load(await renderAcceptanceLetter(acceptance({ verificationUrl })))).pdf)[0]!.getContents();

    const first = await imageFor('https://ictacem.example.org/verify/AAAA-1111');
    expect(await imageFor('https://ictacem.example.org/verify/AAAA-1111')).toEqual(first);
    expect(await imageFor('https://ictacem.example.org/verify/BBBB-2222')).not.toEqual(first);
  });
});

describe('renderVisaLetter', () => {
  it('renders a one-page invitation with the passport details and the payment', async () => {
    const { pdf, text } = await load(await renderVisaLetter(visa()));

    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe('Visa invitation letter ICTACEM2025-0042');
    expect(pdf.getSubject()).toContain('K7QX-2M9P');
    expect(text).toContain('To whom it may concern,');
    expect(text).toContain(
      'registered author of the accepted paper ICTACEM2025-0042 "Vortex shedding behind a heated cylinder"',
    );
    expect(text).toContain('Full name (as in passport) Jean-Luc Dubois');
    expect(text).toContain('Nationality French');
    expect(text).toContain('Passport number 19AB12345');
    expect(text).toContain('Date of birth 5 March 1990');
    expect(text).toContain('payment ID pay_Q1w2E3r4');
    expect(text).toContain('held on 29-31 December 2025 at IIT Kharagpur, India');
    expect(text).toContain('request the consulate to grant Jean-Luc Dubois a visa for the purpose of attending');
    expect(text).toContain('does not cover travel, accommodation or any other costs');
    expect(imagesOf(pdf)).toHaveLength(1);
  });

  it('keeps a 600-character title and non-Latin names on one page', async () => {
    const paperTitle = 'x'.repeat(20).concat(' Étude numérique '.repeat(40)).slice(0, 600);
    const { pdf, text } = await load(
      await renderVisaLetter(visa({ paperTitle, fullNameAsInPassport: 'Nguyễn Thị Ánh 李', nationality: 'Việt Nam' })),
    );

    expect(pdf.getPageCount()).toBe(1);
    expect(bodyEndsAboveFooter(pdf)).toBe(true);
    expect(text).toContain('Full name (as in passport) Nguyễn Thị Ánh 李');
    expect(text).toContain('Nationality Việt Nam');
    expect(text).toContain('Verification code: K7QX-2M9P');
  });
});
