// Adobe's StandardEncoding (PDF 32000-1, annex D): the built-in encoding of the Times, Helvetica
// and Courier fonts, which a font dictionary without /Encoding uses. @pdf-lib/standard-fonts has
// WinAnsi, Symbol and ZapfDingbats but not this one.

/** Codes 32-126 are ASCII's but for the two quotes; the rest is listed by octal code as in the annex. */
const PRINTABLE =
  'space exclam quotedbl numbersign dollar percent ampersand quoteright parenleft parenright asterisk plus ' +
  'comma hyphen period slash zero one two three four five six seven eight nine colon semicolon less equal ' +
  'greater question at A B C D E F G H I J K L M N O P Q R S T U V W X Y Z bracketleft backslash ' +
  'bracketright asciicircum underscore quoteleft a b c d e f g h i j k l m n o p q r s t u v w x y z ' +
  'braceleft bar braceright asciitilde';

const HIGH: [octal: string, name: string][] = [
  ['241', 'exclamdown'],
  ['242', 'cent'],
  ['243', 'sterling'],
  ['244', 'fraction'],
  ['245', 'yen'],
  ['246', 'florin'],
  ['247', 'section'],
  ['250', 'currency'],
  ['251', 'quotesingle'],
  ['252', 'quotedblleft'],
  ['253', 'guillemotleft'],
  ['254', 'guilsinglleft'],
  ['255', 'guilsinglright'],
  ['256', 'fi'],
  ['257', 'fl'],
  ['261', 'endash'],
  ['262', 'dagger'],
  ['263', 'daggerdbl'],
  ['264', 'periodcentered'],
  ['266', 'paragraph'],
  ['267', 'bullet'],
  ['270', 'quotesinglbase'],
  ['271', 'quotedblbase'],
  ['272', 'quotedblright'],
  ['273', 'guillemotright'],
  ['274', 'ellipsis'],
  ['275', 'perthousand'],
  ['277', 'questiondown'],
  ['301', 'grave'],
  ['302', 'acute'],
  ['303', 'circumflex'],
  ['304', 'tilde'],
  ['305', 'macron'],
  ['306', 'breve'],
  ['307', 'dotaccent'],
  ['310', 'dieresis'],
  ['312', 'ring'],
  ['313', 'cedilla'],
  ['315', 'hungarumlaut'],
  ['316', 'ogonek'],
  ['317', 'caron'],
  ['320', 'emdash'],
  ['341', 'AE'],
  ['343', 'ordfeminine'],
  ['350', 'Lslash'],
  ['351', 'Oslash'],
  ['352', 'OE'],
  ['353', 'ordmasculine'],
  ['361', 'ae'],
  ['365', 'dotlessi'],
  ['370', 'lslash'],
  ['371', 'oslash'],
  ['372', 'oe'],
  ['373', 'germandbls'],
];

/** Character code to glyph name. */
export const STANDARD_ENCODING: ReadonlyMap<number, string> = new Map([
  ...PRINTABLE.split(' ').map((name, index): [number, string] => [32 + index, name]),
  ...HIGH.map(([octal, name]): [number, string] => [Number.parseInt(octal, 8), name]),
]);
