import type anyAsciiOf from 'any-ascii';
import { loadedWhenUsed } from '../lib/loaded-when-used.ts';

/** The transliteration tables, loaded by the first file name made, not at start. */
const anyAsciiModule = loadedWhenUsed<{ default: typeof anyAsciiOf }>('any-ascii');
const anyAscii = (text: string) => anyAsciiModule().default(text);

/*
 * An author's name is stored as one field, typed as the author writes it, so the family name
 * is read from it by these rules, in order:
 *   1. "Family, Given": the part before the comma.
 *   2. One word in capitals among words that are not ("ZHANG Wei", "Marie CURIE"): that word.
 *   3. A name in Chinese, Japanese or Korean script: its first word, and in a name written
 *      without spaces ("张伟", "김민준") its first character; two-character family names
 *      ("欧阳") are not told apart.
 *   4. Hanyu Pinyin written with tone marks ("Zhang Wěi"), or Vietnamese written with its
 *      letters ("Nguyễn Văn An"): the first word, as both write the family name first.
 *   5. Otherwise the last word ("Дмитрий Иванов", "Zofia Żółć").
 */

/** Letters, digits and the marks that join a name's parts; symbols and emoji are not a name. */
const NOT_NAME_TEXT = /[^\p{L}\p{M}\p{N}\s,'’-]+/gu;
const EAST_ASIAN_SCRIPT = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const PINYIN_TONE_MARK = /[\u0300\u0301\u0304\u030C]/u;
const PINYIN_SYLLABLE =
  '(?:zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?(?:iang|iong|uang|ang|eng|ing|ong|ian|iao|uai|uan|üan|ai|ao|an|ei|en|er|ia|ie|in|iu|ou|ua|ue|üe|ui|un|uo|a|e|i|o|u|ü)';
/** A given name in Pinyin is one or two syllables ("Wei", "Xiaoming", "Xi'an"). */
const PINYIN_WORD = new RegExp(`^${PINYIN_SYLLABLE}(?:'?${PINYIN_SYLLABLE})?$`, 'u');
/** Vietnamese: ơ ư (horn), ả (hook above), ạ (dot below), đ, or a tone on ă/â/ê/ô ("ễ"). */
const VIETNAMESE_LETTERS = /[\u031B\u0309\u0323đĐ]|[\u0302\u0306][\u0300\u0301\u0303]/u;

const isCapitalised = (word: string) => /\p{Lu}.*\p{Lu}/u.test(word) && !/\p{Ll}/u.test(word);

function isPinyinWithToneMarks(words: string[]): boolean {
  const decomposed = words.map((word) => word.normalize('NFD'));
  if (!decomposed.some((word) => PINYIN_TONE_MARK.test(word))) return false;
  return decomposed.every((word) =>
    PINYIN_WORD.test(
      word
        .replace(/[\u0300\u0301\u0304\u030C]/gu, '')
        .normalize('NFC')
        .toLowerCase(),
    ),
  );
}

/** The author's family name as written, by the rules above; '' when the name holds no letters. */
export function familyNameOf(name: string): string {
  const text = name.replace(NOT_NAME_TEXT, ' ').trim();
  const comma = text.indexOf(',');
  if (comma > 0) return text.slice(0, comma).trim();
  const words = text.split(/[\s,]+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  if (words.length <= 1) {
    const word = words[0] ?? '';
    return /^[\p{Script=Han}\p{Script=Hangul}]/u.test(word) ? [...word][0]! : word;
  }
  const capitalised = words.filter(isCapitalised);
  if (capitalised.length === 1 && words.some((word) => !isCapitalised(word))) return capitalised[0]!;
  if (EAST_ASIAN_SCRIPT.test(text) || isPinyinWithToneMarks(words) || VIETNAMESE_LETTERS.test(text.normalize('NFD'))) {
    return words[0]!;
  }
  return words.at(-1)!;
}

/** Text in ASCII any file system and archiver reads, words joined by hyphens; '' when nothing readable remains. */
function asciiFileNamePart(text: string): string {
  return anyAscii(text.replace(NOT_NAME_TEXT, ' ').replace(/['’]/g, ''))
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * "<ICTACEM ID>_<surname>", the surname transliterated ("Żółć" → "Zolc", "张伟" → "Zhang",
 * "Дмитрий Иванов" → "Ivanov") with a capital first letter; the ID alone when the first
 * author's name gives nothing readable.
 */
export function paperFileBaseName(ictacemId: string, firstAuthorName: string | undefined): string {
  // IDs are letters, digits, - and _ (checked on submission): kept as they are.
  const id = anyAscii(ictacemId).replace(/[^A-Za-z0-9_-]+/g, '-') || 'paper';
  const surname = asciiFileNamePart(familyNameOf(firstAuthorName ?? ''));
  if (!surname) return id;
  // "ZHANG" and "kumar" (Devanagari has no capitals) both read as "Zhang", "Kumar".
  const parts = surname.split('-').map((part) => (/[a-z]/.test(part) ? part : part.toLowerCase()));
  return `${id}_${parts.map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join('-')}`;
}
