import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { drawnTextOf } from '@server/test/pdf-drawn-text.ts';
import {
  abstractNamingItsAuthors,
  type AuthorIdentity,
  decompressedPdf,
  identifyingTexts,
  identityTracesIn,
} from '@server/test/identifying-pdf.ts';
import { withoutDocumentInformation } from './anonymous-pdf.ts';

const IDENTITY: AuthorIdentity = {
  names: ['Zbigniew Brzęczyszczykiewicz', 'Nguyễn Thị Bích Ngọc', '王晓明', 'Анна Кузнецова', 'अनन्या शर्मा'],
  affiliations: [
    'Uniwersytet Jagielloński',
    'Đại học Huế',
    '清华大学',
    'Московский государственный университет',
    'भारतीय प्रौद्योगिकी संस्थान खड़गपुर',
  ],
  emails: ['zbigniew.b@uj.edu.pl', 'ngoc.ntb@hueuni.edu.vn'],
  ictacemIds: ['ICT2025-4821'],
  fileName: 'brzeczyszczykiewicz-lattices.pdf',
};
const PAGE_TEXT = 'Fatigue of additively manufactured lattices';

describe('the blind copy of an abstract', () => {
  it('keeps the pages and carries the identity nowhere in its bytes, compressed or not', async () => {
    const upload = await abstractNamingItsAuthors(IDENTITY, PAGE_TEXT);
    const secrets = identifyingTexts(IDENTITY);
    // The upload does name them, and some only inside a compressed object stream.
    expect(secrets.filter((secret) => identityTracesIn(upload, [secret]).length === 0)).toEqual([]);
    expect(upload.includes('/ICTACEMID')).toBe(false);
    expect(decompressedPdf(upload).includes('/ICTACEMID')).toBe(true);

    const copy = await withoutDocumentInformation(upload);

    expect(identityTracesIn(copy, secrets)).toEqual([]);
    const document = await PDFDocument.load(copy, { updateMetadata: false });
    expect(document.getPageCount()).toBe(1);
    expect(drawnTextOf(document.getPage(0))).toEqual([PAGE_TEXT]);
    expect(document.getAuthor()).toBeUndefined();
    expect(document.getProducer()).toBeUndefined();
  });

  it('refuses a file it cannot read', async () => {
    await expect(withoutDocumentInformation(Buffer.from('%PDF-1.7\nnot a document'))).rejects.toMatchObject({
      statusCode: 409,
    });
  });
});
