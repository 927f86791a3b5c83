import { presentationModeLabels, themeLabels } from '../conference.ts';
import { describe, expect, it } from 'vitest';
import { registerBodySchema } from '../schemas/auth.ts';
import { visaRequestBodySchema } from '../schemas/letters.ts';
import { paperSubmissionSchema } from '../schemas/paper.ts';
import { pdfPrintableProblem, unprintableCharacters } from './pdf-printable.ts';

const PRINTABLE = [
  '张伟',
  '北京航空航天大学',
  'Дмитрий Иванов',
  'Московский государственный университет',
  'प्रिया शर्मा',
  'भारतीय प्रौद्योगिकी संस्थान',
  'Łukasz Żółć',
  'Politechnika Wrocławska',
  'Jiří Dvořák',
  'České vysoké učení technické',
  'Nguyễn Thị Hương',
  'Đại học Bách khoa Hà Nội',
  'Γεώργιος Παπαδόπουλος',
  'Søren Ørsted, Ærø — “Müller” & Şahin Öztürk',
  'line\nbreak\ttab',
];

describe('unprintableCharacters', () => {
  it('finds nothing in European, Vietnamese, Greek, Cyrillic, Chinese and Devanagari text', () => {
    for (const text of PRINTABLE) expect(unprintableCharacters(text), text).toEqual([]);
    // Decomposed input is composed first: e + combining acute is é.
    expect(unprintableCharacters('Jir\u030Ci\u0301')).toEqual([]);
  });

  it('names each character of a script the fonts lack once, in order', () => {
    expect(unprintableCharacters('محمد Ali')).toEqual(['م', 'ح', 'د']);
    expect(unprintableCharacters('สมชาย 🙂 a\u0000b')).toEqual(['ส', 'ม', 'ช', 'า', 'ย', '🙂']);
  });

  it('leaves control characters to the other rules (a NUL byte is refused as unstorable)', () => {
    expect(unprintableCharacters('a\u0000b\u0007c\td')).toEqual([]);
  });
});

describe('pdfPrintableProblem', () => {
  it('names the field and the characters, or says nothing', () => {
    expect(pdfPrintableProblem('Affiliation', 'جامعة')).toBe(
      'Affiliation contains characters the letters and the Book of Abstracts cannot print: ج ا م ع ة',
    );
    expect(pdfPrintableProblem('Affiliation', 'Московский университет')).toBeNull();
  });
});

describe('the forms whose text the PDFs print', () => {
  const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map(({ message }) => message) ?? [];

  it('refuse what cannot be printed in the visa request, sign-up and paper forms', () => {
    const visa = { nationality: 'Indian', passportNumber: 'Z1234567', dateOfBirth: '1990-03-05' };
    expect(visaRequestBodySchema.safeParse({ ...visa, fullNameAsInPassport: 'प्रिया शर्मा' }).success).toBe(true);
    expect(issues(visaRequestBodySchema.safeParse({ ...visa, fullNameAsInPassport: 'فاطمة' }))).toEqual([
      'Full name as in the passport contains characters the letters and the Book of Abstracts cannot print: ف ا ط م ة',
    ]);

    const account = { email: 'a@example.org', password: 'correct horse battery' };
    expect(registerBodySchema.safeParse({ ...account, username: '张伟' }).success).toBe(true);
    expect(issues(registerBodySchema.safeParse({ ...account, username: 'שרה' }))).toEqual([
      'Name contains characters the letters and the Book of Abstracts cannot print: ש ר ה',
    ]);

    const paper = {
      title: 'Вихревые течения за нагретым цилиндром',
      theme: themeLabels()[0],
      modeOfPresentation: presentationModeLabels()[0],
      authors: [{ name: 'Nguyễn Thị Hương', affiliation: 'Đại học Bách khoa Hà Nội', address: 'Hà Nội' }],
    };
    expect(paperSubmissionSchema.safeParse(paper).success).toBe(true);
    expect(
      issues(
        paperSubmissionSchema.safeParse({
          ...paper,
          title: 'Flow 🌊',
          authors: [{ name: 'Somchai ใจดี', affiliation: 'جامعة', address: 'Address is not printed: ☃' }],
        }),
      ),
    ).toEqual([
      'Title contains characters the letters and the Book of Abstracts cannot print: 🌊',
      'Author name contains characters the letters and the Book of Abstracts cannot print: ใ จ ด ี',
      'Affiliation contains characters the letters and the Book of Abstracts cannot print: ج ا م ع ة',
    ]);
  });
});
