import { describe, expect, it } from 'vitest';
import { familyNameOf, paperFileBaseName } from './zip-file-names.ts';

describe("ZIP file names: the first author's family name in ASCII", () => {
  it.each([
    ['Zofia Żółć', 'ICTACEMP2025A_Zolc'],
    ['张伟', 'ICTACEMP2025A_Zhang'],
    ['Zhang Wěi', 'ICTACEMP2025A_Zhang'],
    ['Zhāng Xiǎomíng', 'ICTACEMP2025A_Zhang'],
    ['Дмитрий Иванов', 'ICTACEMP2025A_Ivanov'],
    ['Nguyễn', 'ICTACEMP2025A_Nguyen'],
    ['Nguyễn Văn An', 'ICTACEMP2025A_Nguyen'],
    ['राजेश कुमार', 'ICTACEMP2025A_Kumar'],
    ['김민준', 'ICTACEMP2025A_Gim'],
    ['Wei Zhang', 'ICTACEMP2025A_Zhang'],
    ['ZHANG Wei', 'ICTACEMP2025A_Zhang'],
    ['Marie CURIE', 'ICTACEMP2025A_Curie'],
    ['Curie, Marie', 'ICTACEMP2025A_Curie'],
    ['Hans-Peter Müller-Lüdenscheidt', 'ICTACEMP2025A_Muller-Ludenscheidt'],
    ["Seán O'Brien", 'ICTACEMP2025A_OBrien'],
    ['José Pérez', 'ICTACEMP2025A_Perez'],
  ])('%s → %s', (name, base) => {
    expect(paperFileBaseName('ICTACEMP2025A', name)).toBe(base);
  });

  it('keeps the ID as issued', () => {
    expect(paperFileBaseName('ICTACEM_P2025-x7', 'Zofia Żółć')).toBe('ICTACEM_P2025-x7_Zolc');
  });

  it('falls back to the ID alone when nothing readable remains', () => {
    for (const name of ['★ ☆', '😀', '   ', '—'])
      expect(paperFileBaseName('ICTACEMP2025A', name)).toBe('ICTACEMP2025A');
    expect(paperFileBaseName('ICTACEMP2025A', undefined)).toBe('ICTACEMP2025A');
  });

  it('reads the family name as written, before transliteration', () => {
    expect(familyNameOf('Zhang Wěi')).toBe('Zhang');
    expect(familyNameOf('张伟')).toBe('张');
    expect(familyNameOf('Дмитрий Иванов')).toBe('Иванов');
    // Without tone marks a Pinyin name is read in the order most papers print it: given name first.
    expect(familyNameOf('Zhang Wei')).toBe('Wei');
  });
});
