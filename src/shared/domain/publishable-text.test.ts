import { describe, expect, it } from 'vitest';
import {
  asOneLine,
  publishableProblem,
  unpublishableCharacters,
  withLineFeeds,
  withoutUnpublishable,
} from './publishable-text.ts';

describe('text every document and feed can carry', () => {
  it('names the controls, non-characters and halves of surrogate pairs, each once', () => {
    expect(
      unpublishableCharacters(
        '\u0000\u0008\u000b\u000c\u001b\u001f\u007f\u0085\u009f\ufdd0\ufdef\ufffe\uffff\u{1fffe}\u{10ffff}\ud800x\udc00\u001b',
      ),
    ).toEqual([
      'U+0000',
      'U+0008',
      'U+000B',
      'U+000C',
      'U+001B',
      'U+001F',
      'U+007F',
      'U+0085',
      'U+009F',
      'U+FDD0',
      'U+FDEF',
      'U+FFFE',
      'U+FFFF',
      'U+1FFFE',
      'U+10FFFF',
      'U+D800',
      'U+DC00',
    ]);
  });

  it('keeps tab, line breaks and every script, emoji and joiner included', () => {
    const text =
      'Łucja Wiśniewska\tPolitechnika Łódzka\r\n李明 (北京大学)\nअनन्या शर्मा\rNguyễn Văn Đức 👩‍🔬 \u200d\ufffd\ufdcf\ufdf0\u{1f600}';
    expect(unpublishableCharacters(text)).toEqual([]);
    expect(withoutUnpublishable(text)).toBe(text);
  });

  it('says which field holds what, in one sentence', () => {
    expect(publishableProblem('Title', 'Вихревые кольца\u001b[0m')).toBe(
      'Title contains a character that cannot be printed or published: U+001B',
    );
    expect(publishableProblem('Chair', 'Ewa\u000b Nowak\uffff')).toBe(
      'Chair contains characters that cannot be printed or published: U+000B U+FFFF',
    );
    expect(publishableProblem('Room name', 'Hall Ω')).toBeNull();
  });

  it('drops them for the writers, and puts a one-line field on one line and a longer one on line feeds', () => {
    expect(withoutUnpublishable('Przepływy\u001b dwufazowe\u0092\ud800')).toBe('Przepływy dwufazowe');
    expect(asOneLine('Flow past\r\na cylinder\u2028at\tlow\rReynolds\nnumbers')).toBe(
      'Flow past a cylinder at low Reynolds numbers',
    );
    expect(withLineFeeds('ul. Żeromskiego 116\r\n90-924 Łódź\rPolska\n')).toBe(
      'ul. Żeromskiego 116\n90-924 Łódź\nPolska\n',
    );
  });
});
