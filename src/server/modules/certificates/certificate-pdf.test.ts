import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfText } from '@server/test/poppler.ts';
import { type CertificateInput, renderCertificate } from './certificate-pdf.ts';

const certificate = (overrides: Partial<CertificateInput> = {}): CertificateInput => ({
  kind: 'presentation',
  letterhead: {
    organisation: 'ICTACEM 2025 Organising Committee',
    lines: ['IIT Kharagpur, West Bengal 721302, India'],
  },
  signature: { name: 'Prof. A. Organiser', role: 'Convener' },
  conference: {
    fullName: 'International Conference on Theoretical, Applied, Computational and Experimental Mechanics',
    shortName: 'ICTACEM 2025',
    venue: 'IIT Kharagpur',
  },
  holderName: 'Анна Петрова',
  affiliation: 'Московский университет',
  date: '16 December 2025',
  presentation: { title: 'Granular flows in silos', session: 'Posters I', form: 'poster' },
  issuedAt: new Date('2025-12-18T06:00:00Z'),
  verificationCode: 'K7QD-9XMP-3RTA-W2HF',
  verificationUrl: 'https://ictacem.example.org/ictacem2025/verify-letter/K7QD-9XMP-3RTA-W2HF',
  ...overrides,
});

describe('renderCertificate', () => {
  it('prints the holder, the poster, its session and day, with the code in the metadata and the footer', async () => {
    const bytes = await renderCertificate(certificate());
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(pdf.getTitle()).toBe('Certificate of presentation Анна Петрова');
    expect(pdf.getSubject()).toBe('Certificate of presentation, verification code K7QD-9XMP-3RTA-W2HF');
    const text = await pdfText(bytes);
    for (const fact of [
      'This is to certify that Анна Петрова (Московский университет) presented the poster “Granular flows in silos”',
      'in the session “Posters I” on 16 December 2025',
      'Verification code: K7QD-9XMP-3RTA-W2HF',
      'check that this certificate is genuine',
    ])
      expect(text).toContain(fact);
  });

  it('stays on one page whatever the length of the title and the name', async () => {
    const bytes = await renderCertificate(
      certificate({
        holderName: 'Zofia Wójcik-Żółkiewska '.repeat(5),
        presentation: { title: 'Turbulent heat transfer '.repeat(40), session: 'Fluids '.repeat(20), form: 'talk' },
      }),
    );
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });
});
