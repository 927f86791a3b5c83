// Measures and draws text in one PDF with the site's font stack. A line is split into runs of
// the face that has its characters, each run shaped by HarfBuzz (so Devanagari conjuncts and
// vowel signs come out right), and the glyphs drawn by their ids in subsets of the fonts that are
// embedded when the document is saved. Each line is marked with its text as typed (ActualText),
// so that copying or extracting it gives the name back even where the glyph order is not the
// reading order.
import { createHash } from 'node:crypto';
import {
  beginText,
  type Color,
  endText,
  type PDFContext,
  type PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  type PDFRef,
  PDFString,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  showText,
} from 'pdf-lib';
import { type FontFace, type FontStack, fontStack, type FontWeight, type ShapedGlyph } from './font-stack.ts';

export type { FontWeight } from './font-stack.ts';

export interface TextStyle {
  weight: FontWeight;
  size: number;
}

export interface DrawTextOptions extends TextStyle {
  x: number;
  y: number;
  color: Color;
  /** Degrees counter-clockwise about (x, y). */
  rotation?: number;
}

/** Where a point of the line, given along and above its baseline, lands on the page. */
interface LineFrame {
  cos: number;
  sin: number;
  place(along: number, above: number): [number, number];
}

function lineFrame(x: number, y: number, rotation: number): LineFrame {
  const radians = (rotation * Math.PI) / 180;
  // Rounded, so a quarter turn is exactly 0 and 1 (a PDF number has no exponent like 6e-17).
  const cos = Math.round(Math.cos(radians) * 1e6) / 1e6;
  const sin = Math.round(Math.sin(radians) * 1e6) / 1e6;
  return { cos, sin, place: (along, above) => [x + cos * along - sin * above, y + sin * along + cos * above] };
}

interface ShapedRun {
  face: EmbeddedFace;
  text: string;
  glyphs: ShapedGlyph[];
  /** In font units. */
  advance: number;
}

// Marks, joiners and spaces stay in the face of the character before them, so a base letter and
// its accents, or a conjunct's parts, are shaped together.
const STAYS_IN_RUN = /[\p{M}\p{Cf}\s]/u;

const toHex = (value: number) => value.toString(16).padStart(4, '0');

interface TrueTypeSubsetInternals {
  _addGlyph(glyphId: number): number;
  glyf: Uint8Array[];
  offset: number;
}

/**
 * fontkit writes a small subset's glyph offsets in the short format (offset / 2) but copies each
 * glyph as it is; Noto's glyphs have odd lengths, so every glyph after an odd one pointed into
 * its neighbour and printed blank. Padding each glyph to an even length keeps the halves exact.
 */
function evenGlyphOffsets<Subset extends object>(subset: Subset): Subset {
  const internals = subset as unknown as TrueTypeSubsetInternals;
  const addGlyph = internals._addGlyph.bind(internals);
  internals._addGlyph = (glyphId) => {
    const index = addGlyph(glyphId);
    const glyph = internals.glyf[index]!;
    if (glyph.length % 2 === 1) {
      // Of fontkit's own buffer class, which its encoder insists on.
      const padded = new (glyph.constructor as typeof Uint8Array)(glyph.length + 1);
      padded.set(glyph);
      internals.glyf[index] = padded;
      internals.offset += 1;
    }
    return index;
  };
  return subset;
}

/** One face's subset in this document: glyph ids are renumbered in the order they are first used. */
class EmbeddedFace {
  readonly ref: PDFRef;
  private readonly subset;
  /** Original glyph id of each subset glyph id. */
  private readonly originalIds: number[] = [0];
  private readonly subsetIds = new Map<number, number>([[0, 0]]);
  private readonly unicodeOf = new Map<number, string>();
  private readonly pageKeys = new WeakMap<PDFPage, PDFName>();

  constructor(
    readonly face: FontFace,
    private readonly context: PDFContext,
  ) {
    this.ref = context.nextRef();
    this.subset = evenGlyphOffsets(face.font.createSubset());
  }

  get name(): string {
    return (this.face.font.postscriptName ?? 'Font').replace(/[^A-Za-z0-9-]/g, '');
  }

  /** Whether any glyph of the face was drawn (a face only measured is not embedded). */
  get drawn(): boolean {
    return this.originalIds.length > 1;
  }

  subsetId(originalId: number): number {
    let id = this.subsetIds.get(originalId);
    if (id === undefined) {
      id = this.subset.includeGlyph(originalId);
      this.subsetIds.set(originalId, id);
      this.originalIds[id] = originalId;
    }
    return id;
  }

  /** Records what text a glyph stands for, for the ToUnicode map (the first meaning seen wins). */
  noteText(subsetId: number, text: string): void {
    if (!this.unicodeOf.has(subsetId)) this.unicodeOf.set(subsetId, text);
  }

  resourceKey(page: PDFPage): PDFName {
    let key = this.pageKeys.get(page);
    if (!key) {
      key = page.node.newFontDictionary(this.name, this.ref);
      this.pageKeys.set(page, key);
    }
    return key;
  }

  private widths(): (number | number[])[] {
    const scale = 1000 / this.face.unitsPerEm;
    return [0, this.originalIds.map((id) => Math.round(this.face.font.getGlyph(id).advanceWidth * scale))];
  }

  private toUnicodeCMap(): string {
    const entries = [...this.unicodeOf].map(
      ([id, text]) => `<${toHex(id)}> <${Buffer.from(text, 'utf16le').swap16().toString('hex')}>`,
    );
    const blocks: string[] = [];
    for (let start = 0; start < entries.length; start += 100) {
      const block = entries.slice(start, start + 100);
      blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
    }
    return [
      '/CIDInit /ProcSet findresource begin',
      '12 dict begin',
      'begincmap',
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
      '/CMapName /Adobe-Identity-UCS def',
      '/CMapType 2 def',
      '1 begincodespacerange\n<0000> <ffff>\nendcodespacerange',
      ...blocks,
      'endcmap',
      'CMapName currentdict /CMap defineresource pop',
      'end',
      'end',
    ].join('\n');
  }

  private async fontProgram(): Promise<Uint8Array> {
    const parts: Uint8Array[] = [];
    await new Promise<void>((resolve) =>
      this.subset
        .encodeStream()
        .on('data', (bytes) => parts.push(bytes))
        .on('end', () => resolve()),
    );
    return Buffer.concat(parts);
  }

  /** Writes the subset font and its dictionaries under the reference the pages already use. */
  async embed(): Promise<void> {
    const { font } = this.face;
    // A subset's name starts with a tag of six capitals; derived from its glyphs, so the same
    // document is the same bytes each time.
    const tag = [...createHash('sha256').update(this.originalIds.join(',')).digest().subarray(0, 6)]
      .map((byte) => String.fromCharCode(65 + (byte % 26)))
      .join('');
    const baseFont = `${tag}+${this.name}`;
    const scale = 1000 / this.face.unitsPerEm;
    const program = this.context.register(this.context.flateStream(await this.fontProgram()));
    const descriptor = this.context.register(
      this.context.obj({
        Type: 'FontDescriptor',
        FontName: baseFont,
        Flags: 4, // symbolic: glyphs are addressed by id, not by a standard encoding
        FontBBox: [font.bbox.minX, font.bbox.minY, font.bbox.maxX, font.bbox.maxY].map((value) => value * scale),
        ItalicAngle: font.italicAngle,
        Ascent: font.ascent * scale,
        Descent: font.descent * scale,
        CapHeight: (font.capHeight || font.ascent) * scale,
        XHeight: (font.xHeight || 0) * scale,
        StemV: 0,
        FontFile2: program,
      }),
    );
    const cidFont = this.context.register(
      this.context.obj({
        Type: 'Font',
        Subtype: 'CIDFontType2',
        BaseFont: baseFont,
        CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
        FontDescriptor: descriptor,
        CIDToGIDMap: 'Identity',
        W: this.widths(),
      }),
    );
    const toUnicode = this.context.register(this.context.flateStream(this.toUnicodeCMap()));
    this.context.assign(
      this.ref,
      this.context.obj({
        Type: 'Font',
        Subtype: 'Type0',
        BaseFont: baseFont,
        Encoding: 'Identity-H',
        DescendantFonts: [cidFont],
        ToUnicode: toUnicode,
      }),
    );
  }
}

export class PdfTypesetter {
  private readonly embedded = new Map<FontFace, EmbeddedFace>();
  private readonly widthCache = new Map<string, number>();

  private constructor(
    private readonly pdf: PDFDocument,
    private readonly stack: FontStack,
  ) {}

  /** A typesetter for the document; loads the fonts if this process has not yet. */
  static async for(pdf: PDFDocument): Promise<PdfTypesetter> {
    return new PdfTypesetter(pdf, await fontStack());
  }

  private embeddedFace(face: FontFace): EmbeddedFace {
    let embedded = this.embedded.get(face);
    if (!embedded) {
      embedded = new EmbeddedFace(face, this.pdf.context);
      this.embedded.set(face, embedded);
    }
    return embedded;
  }

  /** The text split where the face that can print it changes. */
  private runsOf(text: string, weight: FontWeight): { face: FontFace; text: string }[] {
    const faces = this.stack[weight];
    const runs: { face: FontFace; text: string }[] = [];
    for (const character of text) {
      const codePoint = character.codePointAt(0)!;
      const current = runs.at(-1);
      // Nothing has it (the input checks keep such text out): the first face prints its blank.
      const face = faces.find((candidate) => candidate.has(codePoint)) ?? faces[0]!;
      if (current && (current.face === face || STAYS_IN_RUN.test(character))) current.text += character;
      else runs.push({ face, text: character });
    }
    return runs;
  }

  private shape(text: string, weight: FontWeight): ShapedRun[] {
    return this.runsOf(text.normalize('NFC'), weight).map(({ face, text: runText }) => {
      const glyphs = face.shape(runText);
      return {
        face: this.embeddedFace(face),
        text: runText,
        glyphs,
        advance: glyphs.reduce((sum, glyph) => sum + glyph.xAdvance, 0),
      };
    });
  }

  /** The width in points of text drawn at the style. */
  width(text: string, { weight, size }: TextStyle): number {
    const key = `${weight}\u0000${text}`;
    let unitWidth = this.widthCache.get(key);
    if (unitWidth === undefined) {
      unitWidth = this.shape(text, weight).reduce((sum, run) => sum + run.advance / run.face.face.unitsPerEm, 0);
      this.widthCache.set(key, unitWidth);
    }
    return unitWidth * size;
  }

  /** Draws one line of text with its left end at x and its baseline at y. */
  draw(page: PDFPage, text: string, { x, y, size, weight, color, rotation = 0 }: DrawTextOptions): void {
    const operators: PDFOperator[] = [
      PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [
        PDFName.of('Span'),
        // An inline property list, which pdf-lib's operator type leaves out but writes as given.
        this.pdf.context.obj({ ActualText: PDFHexString.fromText(text) }) as unknown as PDFName,
      ]),
      beginText(),
      setFillingColor(color),
    ];
    const frame = lineFrame(x, y, rotation);
    let pen = 0;
    for (const run of this.shape(text, weight)) {
      const scale = size / run.face.face.unitsPerEm;
      operators.push(setFontAndSize(run.face.resourceKey(page), size));
      operators.push(...this.runOperators(run, frame, pen, scale));
      pen += run.advance * scale;
    }
    operators.push(endText(), PDFOperator.of(PDFOperatorNames.EndMarkedContent));
    page.pushOperators(...operators);
  }

  /**
   * A run's glyphs: a text matrix where the run starts and wherever HarfBuzz moved a glyph off the
   * pen (a mark placed on its base), and between those one TJ of glyph ids, with adjustments
   * where the shaped advance differs from the glyph's own width (kerning).
   */
  private runOperators(run: ShapedRun, frame: LineFrame, start: number, scale: number): PDFOperator[] {
    const operators: PDFOperator[] = [];
    const { face } = run;
    const unitsToThousandths = 1000 / face.face.unitsPerEm;
    const texts = glyphTexts(run);
    let batch: (PDFHexString | PDFNumber)[] = [];
    const moveTo = (along: number, above: number) =>
      setTextMatrix(frame.cos, frame.sin, -frame.sin, frame.cos, ...frame.place(along, above));
    let pen = start;
    let needsMove = true;
    const flush = () => {
      if (batch.length > 0) {
        operators.push(PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [this.pdf.context.obj(batch)]));
      }
      batch = [];
    };
    run.glyphs.forEach((glyph, index) => {
      const id = face.subsetId(glyph.glyphId);
      if (texts[index]) face.noteText(id, texts[index]);
      const hex = PDFHexString.of(toHex(id));
      if (glyph.xOffset !== 0 || glyph.yOffset !== 0) {
        flush();
        operators.push(moveTo(pen + glyph.xOffset * scale, glyph.yOffset * scale));
        operators.push(showText(hex));
        needsMove = true;
      } else {
        if (needsMove) {
          flush();
          operators.push(moveTo(pen, 0));
          needsMove = false;
        }
        batch.push(hex);
        const width = face.face.font.getGlyph(glyph.glyphId).advanceWidth;
        if (glyph.xAdvance !== width) batch.push(PDFNumber.of(-(glyph.xAdvance - width) * unitsToThousandths));
      }
      pen += glyph.xAdvance * scale;
    });
    flush();
    return operators;
  }

  /** Embeds the subset fonts, then saves the document. */
  async save(): Promise<Uint8Array> {
    for (const embedded of this.embedded.values()) if (embedded.drawn) await embedded.embed();
    return this.pdf.save();
  }
}

/**
 * What each glyph stands for: its cluster's text when the cluster is one glyph (a letter, a
 * conjunct), else the character the font maps to that glyph, if any (a vowel sign moved before
 * its consonant).
 */
function glyphTexts(run: ShapedRun): string[] {
  const starts = [...new Set(run.glyphs.map((glyph) => glyph.cluster))].sort((a, b) => a - b);
  const glyphsIn = new Map<number, number>();
  for (const { cluster } of run.glyphs) glyphsIn.set(cluster, (glyphsIn.get(cluster) ?? 0) + 1);
  return run.glyphs.map(({ cluster, glyphId }) => {
    const clusterText = run.text.slice(cluster, starts.find((start) => start > cluster) ?? run.text.length);
    if (glyphsIn.get(cluster) === 1) return clusterText;
    const font = run.face.face.font;
    return [...clusterText].find((character) => font.glyphForCodePoint(character.codePointAt(0)!).id === glyphId) ?? '';
  });
}
