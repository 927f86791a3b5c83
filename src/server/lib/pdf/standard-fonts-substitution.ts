// Embeds substitutes for the standard 14 fonts that a PDF names without embedding, so that a
// printer that refuses unembedded fonts takes the pages. The substitutes are the ones PDF viewers
// use themselves (pdf.js ships them): Foxit's Times, Courier, Symbol and Dingbats clones (bare CFF,
// embedded as /FontFile3 /Type1C) and Liberation Sans for Helvetica (TrueType, /FontFile2). Both
// are metric-compatible, and the font keeps (or is given) the widths the page was laid out with,
// so no line moves.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Encodings, Font, type FontNames } from '@pdf-lib/standard-fonts';
import {
  PDFArray,
  type PDFContext,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  type PDFPage,
  PDFRef,
  PDFStream,
} from 'pdf-lib';
import { STANDARD_ENCODING } from './standard-encoding.ts';

type StandardFont = `${FontNames}`;

interface Substitute {
  file: string;
  format: 'cff' | 'truetype';
}

const SUBSTITUTES: Record<StandardFont, Substitute> = {
  'Times-Roman': { file: 'FoxitSerif.pfb', format: 'cff' },
  'Times-Bold': { file: 'FoxitSerifBold.pfb', format: 'cff' },
  'Times-Italic': { file: 'FoxitSerifItalic.pfb', format: 'cff' },
  'Times-BoldItalic': { file: 'FoxitSerifBoldItalic.pfb', format: 'cff' },
  Courier: { file: 'FoxitFixed.pfb', format: 'cff' },
  'Courier-Bold': { file: 'FoxitFixedBold.pfb', format: 'cff' },
  'Courier-Oblique': { file: 'FoxitFixedItalic.pfb', format: 'cff' },
  'Courier-BoldOblique': { file: 'FoxitFixedBoldItalic.pfb', format: 'cff' },
  Helvetica: { file: 'LiberationSans-Regular.ttf', format: 'truetype' },
  'Helvetica-Bold': { file: 'LiberationSans-Bold.ttf', format: 'truetype' },
  'Helvetica-Oblique': { file: 'LiberationSans-Italic.ttf', format: 'truetype' },
  'Helvetica-BoldOblique': { file: 'LiberationSans-BoldItalic.ttf', format: 'truetype' },
  Symbol: { file: 'FoxitSymbol.pfb', format: 'cff' },
  ZapfDingbats: { file: 'FoxitDingbats.pfb', format: 'cff' },
};

/**
 * The names office programs give the same designs: Word writes Arial, TimesNewRoman and
 * CourierNew with ",Bold"-style suffixes, PostScript drivers the "PS...MT" names. Kept to the
 * families whose metrics the substitutes match; anything else stays as it is.
 */
function aliases(): Map<string, StandardFont> {
  const names = new Map<string, StandardFont>(Object.keys(SUBSTITUTES).map((name) => [name, name as StandardFont]));
  const families: [StandardFont[], string[][]][] = [
    [
      ['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique'],
      [
        ['Arial', 'ArialMT'],
        ['Arial,Bold', 'Arial-Bold', 'Arial-BoldMT'],
        ['Arial,Italic', 'Arial-Italic', 'Arial-ItalicMT'],
        ['Arial,BoldItalic', 'Arial-BoldItalic', 'Arial-BoldItalicMT'],
      ],
    ],
    [
      ['Times-Roman', 'Times-Bold', 'Times-Italic', 'Times-BoldItalic'],
      [
        ['TimesNewRoman', 'TimesNewRomanPS', 'TimesNewRomanPSMT', 'Times New Roman'],
        ['TimesNewRoman,Bold', 'TimesNewRoman-Bold', 'TimesNewRomanPS-BoldMT', 'Times New Roman,Bold'],
        ['TimesNewRoman,Italic', 'TimesNewRoman-Italic', 'TimesNewRomanPS-ItalicMT', 'Times New Roman,Italic'],
        [
          'TimesNewRoman,BoldItalic',
          'TimesNewRoman-BoldItalic',
          'TimesNewRomanPS-BoldItalicMT',
          'Times New Roman,BoldItalic',
        ],
      ],
    ],
    [
      ['Courier', 'Courier-Bold', 'Courier-Oblique', 'Courier-BoldOblique'],
      [
        ['CourierNew', 'CourierNewPSMT', 'Courier New'],
        ['CourierNew,Bold', 'CourierNew-Bold', 'CourierNewPS-BoldMT', 'Courier New,Bold'],
        ['CourierNew,Italic', 'CourierNew-Italic', 'CourierNewPS-ItalicMT', 'Courier New,Italic'],
        ['CourierNew,BoldItalic', 'CourierNew-BoldItalic', 'CourierNewPS-BoldItalicMT', 'Courier New,BoldItalic'],
      ],
    ],
  ];
  for (const [styles, spellings] of families) {
    spellings.forEach((names_, style) => names_.forEach((name) => names.set(name, styles[style]!)));
  }
  return names;
}
const STANDARD_FONT_NAMES = aliases();

const SUBSTITUTED_SUBTYPES = new Set(['Type1', 'MMType1', 'TrueType']);
const FONT_FILE_KEYS = ['FontFile', 'FontFile2', 'FontFile3'].map((key) => PDFName.of(key));
const MAX_DEPTH = 32;
const MAX_VISITED = 100_000;

// Font descriptor flags (PDF 32000-1, 9.8.2).
const FIXED_PITCH = 1;
const SERIF = 2;
const SYMBOLIC = 4;
const NONSYMBOLIC = 32;
const ITALIC = 64;

const require = createRequire(import.meta.url);
const STANDARD_FONTS_FOLDER = path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts');

const name = (key: string) => PDFName.of(key);
const nameOf = (object: PDFObject | undefined) => (object instanceof PDFName ? object.decodeText() : undefined);

/** The built-in encoding of a standard font: code to glyph name. */
function builtInEncoding(font: StandardFont): ReadonlyMap<number, string> {
  if (font === 'Symbol') return SYMBOL;
  if (font === 'ZapfDingbats') return ZAPF_DINGBATS;
  return STANDARD_ENCODING;
}

const metricsCache = new Map<StandardFont, Font>();
/** A font's AFM metrics, decompressed once per process. */
function metricsOf(font: StandardFont): Font {
  let metrics = metricsCache.get(font);
  if (!metrics) metricsCache.set(font, (metrics = Font.load(font)));
  return metrics;
}

/** pdf-lib's encodings map Unicode to [code, glyph name]; the other way round is what a font needs. */
function codesToNames(encoding: (typeof Encodings)[keyof typeof Encodings]): Map<number, string> {
  const table = (encoding as unknown as { unicodeMappings: Record<number, [number, string]> }).unicodeMappings;
  const codes = new Map<number, string>();
  for (const [code, glyph] of Object.values(table)) if (!codes.has(code)) codes.set(code, glyph);
  return codes;
}
const WIN_ANSI = codesToNames(Encodings.WinAnsi);
const SYMBOL = codesToNames(Encodings.Symbol);
const ZAPF_DINGBATS = codesToNames(Encodings.ZapfDingbats);

/** What became of the fonts of some pages: names substituted and names still not embedded. */
export interface PageFonts {
  substituted: string[];
  notEmbedded: string[];
}

/**
 * One per book: each substitute font file is embedded once and shared by every font it replaces.
 * With `substitute` false it only lists the fonts that are not embedded.
 */
export class StandardFontSubstitution {
  private readonly fontFiles = new Map<string, Promise<PDFRef>>();
  private readonly treated = new Set<PDFDict>();

  constructor(
    private readonly pdf: PDFDocument,
    private readonly substitute: boolean,
  ) {}

  /** Substitutes in the fonts these pages use (their resources, forms, patterns and annotations). */
  async pages(pages: readonly PDFPage[]): Promise<PageFonts> {
    const fonts = new Set<PDFDict>();
    const walk = new ResourceWalk(this.pdf, fonts);
    for (const page of pages) {
      walk.resources(page.node.Resources(), 0);
      for (const annotation of walk.array(page.node.get(name('Annots')))?.asArray() ?? []) {
        walk.appearances(walk.dict(annotation));
      }
    }
    const substituted = new Set<string>();
    const notEmbedded = new Set<string>();
    for (const font of fonts) {
      const baseFont = nameOf(this.lookup(font.get(name('BaseFont')))) ?? 'Unnamed font';
      if (this.substitute && !this.treated.has(font)) {
        this.treated.add(font);
        if (await this.substituteIn(font)) substituted.add(baseFont);
      }
      if (!this.isEmbedded(font)) notEmbedded.add(baseFont);
    }
    return { substituted: [...substituted].sort(), notEmbedded: [...notEmbedded].sort() };
  }

  private lookup(object: PDFObject | undefined): PDFObject | undefined {
    return object instanceof PDFRef ? this.pdf.context.lookup(object) : object;
  }

  private dictOf(object: PDFObject | undefined): PDFDict | undefined {
    const value = this.lookup(object);
    return value instanceof PDFDict ? value : undefined;
  }

  private isEmbedded(font: PDFDict): boolean {
    const subtype = nameOf(this.lookup(font.get(name('Subtype'))));
    if (subtype === 'Type3') return true;
    let described = font;
    if (subtype === 'Type0') {
      const descendants = this.lookup(font.get(name('DescendantFonts')));
      const descendant = descendants instanceof PDFArray ? this.dictOf(descendants.get(0)) : undefined;
      if (!descendant) return false;
      described = descendant;
    }
    const descriptor = this.dictOf(described.get(name('FontDescriptor')));
    return !!descriptor && FONT_FILE_KEYS.some((key) => descriptor.has(key));
  }

  /** Embeds the substitute in a simple font that names a standard font without a font file. */
  private async substituteIn(font: PDFDict): Promise<boolean> {
    const subtype = nameOf(this.lookup(font.get(name('Subtype'))));
    if (!subtype || !SUBSTITUTED_SUBTYPES.has(subtype) || this.isEmbedded(font)) return false;
    const standard = STANDARD_FONT_NAMES.get(nameOf(this.lookup(font.get(name('BaseFont')))) ?? '');
    if (!standard) return false;
    const codes = this.encodingOf(font, standard);
    // An encoding without a table here (MacRoman, say) is left alone unless the widths are given.
    if (!codes && !(this.lookup(font.get(name('Widths'))) instanceof PDFArray)) return false;
    const metrics = metricsOf(standard);
    const substitute = SUBSTITUTES[standard];
    const context = this.pdf.context;

    if (codes && !(this.lookup(font.get(name('Widths'))) instanceof PDFArray)) {
      const widths = widthsFor(codes, metrics);
      if (!widths) return false;
      font.set(name('FirstChar'), PDFNumber.of(widths.firstChar));
      font.set(name('LastChar'), PDFNumber.of(widths.lastChar));
      font.set(name('Widths'), context.obj(widths.widths));
    }
    // Without /Encoding a font uses its program's own; the substitute's may differ, so say it.
    if (!font.has(name('Encoding'))) font.set(name('Encoding'), this.explicitEncoding(builtInEncoding(standard)));

    // A descriptor of its own, as one may be shared by fonts given different substitutes.
    const descriptor =
      this.dictOf(font.get(name('FontDescriptor')))?.clone(context) ?? descriptorFor(context, standard, metrics);
    if (!descriptor.has(name('Type'))) descriptor.set(name('Type'), name('FontDescriptor'));
    if (!descriptor.has(name('FontName'))) descriptor.set(name('FontName'), name(standard));
    const flags = this.lookup(descriptor.get(name('Flags')));
    const symbolic = standard === 'Symbol' || standard === 'ZapfDingbats';
    let flagBits = flags instanceof PDFNumber ? flags.asNumber() : flagsFor(standard, metrics);
    flagBits = symbolic ? (flagBits | SYMBOLIC) & ~NONSYMBOLIC : (flagBits | NONSYMBOLIC) & ~SYMBOLIC;
    descriptor.set(name('Flags'), PDFNumber.of(flagBits));

    const fontFile = await this.fontFile(substitute);
    if (substitute.format === 'cff') {
      font.set(name('Subtype'), name('Type1'));
      descriptor.set(name('FontFile3'), fontFile);
    } else {
      font.set(name('Subtype'), name('TrueType'));
      descriptor.set(name('FontFile2'), fontFile);
    }
    font.set(name('FontDescriptor'), context.register(descriptor));
    return true;
  }

  /** The code-to-glyph table the font uses, or undefined for an encoding not known here. */
  private encodingOf(font: PDFDict, standard: StandardFont): ReadonlyMap<number, string> | undefined {
    const baseTable = (base: string | undefined) =>
      base === undefined
        ? builtInEncoding(standard)
        : base === 'WinAnsiEncoding'
          ? WIN_ANSI
          : base === 'StandardEncoding'
            ? STANDARD_ENCODING
            : undefined;
    const encoding = this.lookup(font.get(name('Encoding')));
    if (encoding === undefined) return builtInEncoding(standard);
    if (encoding instanceof PDFName) return baseTable(encoding.decodeText());
    if (!(encoding instanceof PDFDict)) return undefined;
    const base = baseTable(nameOf(this.lookup(encoding.get(name('BaseEncoding')))));
    if (!base) return undefined;
    const codes = new Map(base);
    const differences = this.lookup(encoding.get(name('Differences')));
    if (differences instanceof PDFArray) {
      let code = 0;
      for (const item of differences.asArray()) {
        const value = this.lookup(item);
        if (value instanceof PDFNumber) code = value.asNumber();
        else if (value instanceof PDFName) codes.set(code++, value.decodeText());
      }
    }
    return codes;
  }

  /** An encoding dictionary naming every code's glyph, read the same by every viewer. */
  private explicitEncoding(codes: ReadonlyMap<number, string>): PDFDict {
    const differences: (number | PDFName)[] = [];
    let next = -1;
    for (const [code, glyph] of [...codes].sort(([a], [b]) => a - b)) {
      if (code !== next) differences.push(code);
      differences.push(name(glyph));
      next = code + 1;
    }
    return this.pdf.context.obj({ Type: 'Encoding', Differences: differences });
  }

  private fontFile(substitute: Substitute): Promise<PDFRef> {
    let ref = this.fontFiles.get(substitute.file);
    if (!ref) {
      ref = readFile(path.join(STANDARD_FONTS_FOLDER, substitute.file)).then((bytes) => {
        const context = this.pdf.context;
        const stream =
          substitute.format === 'cff'
            ? context.flateStream(bytes, { Subtype: 'Type1C' })
            : context.flateStream(bytes, { Length1: bytes.length });
        return context.register(stream);
      });
      this.fontFiles.set(substitute.file, ref);
    }
    return ref;
  }
}

/** Widths for the codes that name a glyph the font has, in the font's standard metrics. */
function widthsFor(codes: ReadonlyMap<number, string>, metrics: Font) {
  const known = [...codes].filter(([code, glyph]) => code >= 0 && code <= 255 && metrics.getWidthOfGlyph(glyph));
  if (known.length === 0) return undefined;
  const firstChar = Math.min(...known.map(([code]) => code));
  const lastChar = Math.max(...known.map(([code]) => code));
  const widths: number[] = [];
  for (let code = firstChar; code <= lastChar; code += 1) {
    const glyph = codes.get(code);
    widths.push((glyph && metrics.getWidthOfGlyph(glyph)) || 0);
  }
  return { firstChar, lastChar, widths };
}

function flagsFor(standard: StandardFont, metrics: Font): number {
  let flags = standard === 'Symbol' || standard === 'ZapfDingbats' ? SYMBOLIC : NONSYMBOLIC;
  if (metrics.IsFixedPitch) flags |= FIXED_PITCH;
  if (standard.startsWith('Times')) flags |= SERIF;
  if (metrics.ItalicAngle !== 0) flags |= ITALIC;
  return flags;
}

/** A descriptor from the font's AFM metrics, for a font dictionary that had none. */
function descriptorFor(context: PDFContext, standard: StandardFont, metrics: Font): PDFDict {
  const [, bottom, , top] = metrics.FontBBox;
  const ascent = metrics.Ascender ?? top;
  return context.obj({
    Type: 'FontDescriptor',
    FontName: standard,
    Flags: flagsFor(standard, metrics),
    FontBBox: metrics.FontBBox,
    ItalicAngle: metrics.ItalicAngle,
    Ascent: ascent,
    Descent: metrics.Descender ?? bottom,
    CapHeight: metrics.CapHeight ?? ascent,
    StemV: metrics.StdVW,
  });
}

/**
 * Gathers the font dictionaries reachable from a page: its resources, the form XObjects and
 * tiling patterns they hold (and theirs), Type 3 fonts' resources and annotation appearances.
 * Each object is visited once; a hostile nesting ends at MAX_DEPTH or MAX_VISITED.
 */
class ResourceWalk {
  private readonly seen = new Set<PDFObject>();

  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: Set<PDFDict>,
  ) {}

  private resolve(object: PDFObject | undefined): PDFObject | undefined {
    if (this.seen.size > MAX_VISITED) return undefined;
    return object instanceof PDFRef ? this.pdf.context.lookup(object) : object;
  }
  dict(object: PDFObject | undefined): PDFDict | undefined {
    const value = this.resolve(object);
    if (value instanceof PDFDict) return value;
    if (value instanceof PDFStream) return value.dict;
    return undefined;
  }
  array(object: PDFObject | undefined): PDFArray | undefined {
    const value = this.resolve(object);
    return value instanceof PDFArray ? value : undefined;
  }
  private first(object: PDFObject): boolean {
    if (this.seen.has(object)) return false;
    this.seen.add(object);
    return true;
  }

  resources(object: PDFObject | undefined, depth: number): void {
    const resources = this.dict(object);
    if (!resources || depth > MAX_DEPTH || !this.first(resources)) return;
    for (const [, value] of this.dict(resources.get(name('Font')))?.entries() ?? []) {
      const font = this.dict(value);
      if (!font || this.fonts.has(font)) continue;
      this.fonts.add(font);
      if (nameOf(this.resolve(font.get(name('Subtype')))) === 'Type3') {
        this.resources(font.get(name('Resources')), depth + 1);
      }
    }
    for (const key of ['XObject', 'Pattern']) {
      for (const [, value] of this.dict(resources.get(name(key)))?.entries() ?? []) {
        const inner = this.dict(value);
        if (inner && this.first(inner)) this.resources(inner.get(name('Resources')), depth + 1);
      }
    }
  }

  /** An annotation's normal, rollover and down appearances: each a form or a dictionary of states. */
  appearances(annotation: PDFDict | undefined): void {
    const appearance = this.dict(annotation?.get(name('AP')));
    if (!appearance) return;
    for (const key of ['N', 'R', 'D']) {
      const value = this.resolve(appearance.get(name(key)));
      if (value instanceof PDFStream) this.resources(value.dict.get(name('Resources')), 1);
      else if (value instanceof PDFDict) {
        for (const [, state] of value.entries()) this.resources(this.dict(state)?.get(name('Resources')), 1);
      }
    }
  }
}
