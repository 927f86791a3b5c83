import { describe, expect, it } from 'vitest';
import { foldText, institutionKeys } from './institution-keys.ts';

const same = (a: string, b: string) => institutionKeys(a).some((key) => institutionKeys(b).includes(key));

describe('institution keys of an affiliation', () => {
  it('meets the spelled-out and the short form of one institute, however punctuated', () => {
    const ways = [
      'Indian Institute of Technology Bombay',
      'IIT Bombay',
      'I.I.T. Bombay',
      'IIT-Bombay',
      'Dept. of Mechanical Engineering, Indian Institute of Technology, Bombay, Mumbai, India',
      'Department of Aerospace Engineering, IIT Bombay, Powai, Mumbai 400076',
    ];
    for (const a of ways) for (const b of ways) expect(same(a, b), `${a} / ${b}`).toBe(true);
  });

  it('keeps institutes of one system apart, and does not match on a shared city or country', () => {
    expect(same('IIT Bombay', 'IIT Delhi')).toBe(false);
    expect(same('Indian Institute of Technology Madras', 'NIT Tiruchirappalli')).toBe(false);
    expect(same('IIT Bombay, Mumbai, India', 'Tata Institute of Fundamental Research, Mumbai, India')).toBe(false);
    expect(
      same('Department of Mechanical Engineering, IIT Kanpur', 'Department of Mechanical Engineering, IIT Delhi'),
    ).toBe(false);
  });

  it('folds case, accents and Polish, Vietnamese and German letters', () => {
    expect(foldText('Politechnika Łódzka')).toBe('politechnika lodzka');
    expect(foldText('Trường Đại học Bách khoa Hà Nội')).toBe('truong dai hoc bach khoa ha noi');
    expect(same('Wydział Mechaniczny, POLITECHNIKA ŁÓDZKA, Łódź', 'Politechnika Lodzka')).toBe(true);
    expect(same('Technische Universität München', 'TECHNISCHE UNIVERSITAT MUNCHEN, Garching')).toBe(true);
    expect(same('Univ. of Cambridge', 'University of Cambridge')).toBe(true);
  });

  it('finds institutions in Chinese, Russian and Hindi, where words are not spaced or are inflected', () => {
    expect(institutionKeys('清华大学 航天航空学院, 北京')).toEqual(['清华大学 航天航空学院']);
    expect(same('Московский государственный университет, Москва', 'Московский государственный университет')).toBe(true);
    expect(same('भारतीय प्रौद्योगिकी संस्थान बॉम्बे', 'भारतीय प्रौद्योगिकी संस्थान दिल्ली')).toBe(false);
  });

  it('takes a company by its name, and gives nothing for an empty affiliation', () => {
    expect(institutionKeys('Tata Consultancy Services, Pune, India')).toEqual(['tata consultancy services']);
    expect(institutionKeys('')).toEqual([]);
    expect(institutionKeys(' , ; ')).toEqual([]);
  });
});
