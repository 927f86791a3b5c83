import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, type Currency, MAX_AMOUNT_MINOR } from '@shared/domain/fees.ts';
import { amountInWords, numberInWords } from './amount-in-words.ts';

const SMALL: Record<string, number> = Object.fromEntries(
  [
    'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen',
    'sixteen seventeen eighteen nineteen',
  ]
    .join(' ')
    .split(' ')
    .map((word, index) => [word, index]),
);
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SCALE: Record<string, number> = {
  thousand: 1_000,
  lakh: 100_000,
  crore: 10_000_000,
  million: 1_000_000,
  billion: 1_000_000_000,
};

/** An independent reader of number words: a reader's arithmetic, not the writer's code run backwards. */
function parseNumber(words: string): number {
  // Chunks already multiplied by their scale, largest first.
  const chunks: number[] = [];
  let current = 0;
  for (const word of words.split(/[\s-]+/)) {
    if (word === 'and') continue;
    if (word in SMALL) current += SMALL[word]!;
    else if (word in TENS) current += TENS[word]!;
    else if (word === 'hundred') current *= 100;
    else if (word in SCALE) {
      // A scale multiplies everything said since the last larger one ("one thousand crore").
      const scale = SCALE[word]!;
      let chunk = current;
      while (chunks.length > 0 && chunks.at(-1)! < scale) chunk += chunks.pop()!;
      chunks.push(chunk * scale);
      current = 0;
    } else throw new Error(`Not a number word: ${word}`);
  }
  return chunks.reduce((sum, chunk) => sum + chunk, current);
}

/** Minor units back from "Rupees ... and ... paise only". */
function parseAmount(text: string, currency: Currency): number {
  const [majorWord, minorWord] = currency === 'INR' ? ['Rupees', 'pais'] : ['US dollar', 'cent'];
  expect(text.endsWith(' only')).toBe(true);
  let body = text.slice(0, -' only'.length);
  let minor = 0;
  // Words below a hundred are one word ("twenty-five").
  const minorMatch = new RegExp(`(?:^| and )([A-Za-z-]+) ${minorWord}[a-z]*$`).exec(body);
  if (minorMatch) {
    minor = parseNumber(minorMatch[1]!.toLowerCase());
    body = body.slice(0, minorMatch.index);
  }
  if (body === '') return minor;
  expect(body.startsWith(majorWord)).toBe(true);
  return parseNumber(body.slice(majorWord.length).replace(/^s /, '').trim()) * 100 + minor;
}

describe('numberInWords', () => {
  it.each([
    [0, 'zero', 'zero'],
    [1, 'one', 'one'],
    [19, 'nineteen', 'nineteen'],
    [20, 'twenty', 'twenty'],
    [99, 'ninety-nine', 'ninety-nine'],
    [100, 'one hundred', 'one hundred'],
    [101, 'one hundred and one', 'one hundred and one'],
    [1_000, 'one thousand', 'one thousand'],
    [1_001, 'one thousand and one', 'one thousand and one'],
    [8_500, 'eight thousand five hundred', 'eight thousand five hundred'],
    [100_000, 'one lakh', 'one hundred thousand'],
    [150_000, 'one lakh fifty thousand', 'one hundred and fifty thousand'],
    [1_000_000, 'ten lakh', 'one million'],
    [10_000_000, 'one crore', 'ten million'],
    [
      12_34_56_789,
      'twelve crore thirty-four lakh fifty-six thousand seven hundred and eighty-nine',
      'one hundred and twenty-three million four hundred and fifty-six thousand seven hundred and eighty-nine',
    ],
  ])('%i: Indian "%s", international "%s"', (n, indian, international) => {
    expect(numberInWords(n, 'INR')).toBe(indian);
    expect(numberInWords(n, 'USD')).toBe(international);
  });
});

describe('amountInWords', () => {
  it.each([
    [850_000, 'INR', 'Rupees eight thousand five hundred only'],
    [35_000, 'USD', 'US dollars three hundred and fifty only'],
    [100, 'USD', 'US dollar one only'],
    [100, 'INR', 'Rupees one only'],
    [0, 'INR', 'Rupees zero only'],
    [1, 'INR', 'One paisa only'],
    [50, 'USD', 'Fifty cents only'],
    [850_050, 'INR', 'Rupees eight thousand five hundred and fifty paise only'],
    [35_025, 'USD', 'US dollars three hundred and fifty and twenty-five cents only'],
    [15_000_000, 'INR', 'Rupees one lakh fifty thousand only'],
  ] as const)('%i %s: %s', (minor, currency, words) => {
    expect(amountInWords(minor, currency)).toBe(words);
  });

  it('refuses what is not an amount', () => {
    expect(() => amountInWords(-1, 'INR')).toThrow(RangeError);
    expect(() => amountInWords(1.5, 'USD')).toThrow(RangeError);
  });

  it('writes every amount up to the largest fee so that it reads back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_AMOUNT_MINOR }), fc.constantFrom(...CURRENCIES), (minor, currency) => {
        expect(parseAmount(amountInWords(minor, currency), currency)).toBe(minor);
      }),
      { numRuns: 2000 },
    );
  });
});
