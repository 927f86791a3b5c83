// The fonts of every PDF the site makes: Noto Sans (Latin with every European and Vietnamese
// letter, Greek, Cyrillic and Devanagari) then Noto Sans SC (Chinese, Japanese kana) for what the
// first lacks. Both are TrueType (glyf) fonts, which fontkit subsets reliably. They are read and
// parsed on the first PDF a process makes, not at start-up, and kept for the next one.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit, { type Font as FontkitFont } from '@pdf-lib/fontkit';
import type * as HarfBuzzModule from 'harfbuzzjs';

export type FontWeight = 'regular' | 'bold';

const NOTO_SANS_REGULAR = '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf';
const NOTO_SANS_BOLD = '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf';
// Chinese is printed in the regular weight even in bold text: a second 10 MB face would double
// the memory the fonts hold for a difference few readers see in a name.
const NOTO_SANS_SC = '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf';
const WITHOUT_HARFBUZZ = new Set([NOTO_SANS_SC]);

/** Each weight's faces in fallback order: a character is printed with the first that has it. */
export const FONT_STACK_FILES: Record<FontWeight, readonly string[]> = {
  regular: [NOTO_SANS_REGULAR, NOTO_SANS_SC],
  bold: [NOTO_SANS_BOLD, NOTO_SANS_SC],
};

type HarfBuzz = typeof HarfBuzzModule;

export interface ShapedGlyph {
  glyphId: number;
  /** Offset in the run's text (UTF-16) of the cluster the glyph belongs to. */
  cluster: number;
  /** In font units. */
  xAdvance: number;
  xOffset: number;
  yOffset: number;
}

/**
 * One font file, parsed by fontkit (character map, metrics, subsetting) and, for the scripts that
 * need shaping, by HarfBuzz. Chinese needs none beyond fontkit's layout, which spares a copy of
 * the 10 MB face in HarfBuzz's memory.
 */
export class FontFace {
  constructor(
    readonly file: string,
    readonly font: FontkitFont,
    private readonly harfBuzz?: { module: HarfBuzz; font: InstanceType<HarfBuzz['Font']> },
  ) {}

  get unitsPerEm(): number {
    return this.font.unitsPerEm;
  }

  has(codePoint: number): boolean {
    return this.font.hasGlyphForCodePoint(codePoint);
  }

  /** Glyphs with their positions: reordered, joined into conjuncts and ligatures, kerned. */
  shape(text: string): ShapedGlyph[] {
    return this.harfBuzz ? this.shapeWithHarfBuzz(this.harfBuzz, text) : this.shapeWithFontkit(text);
  }

  /**
   * One HarfBuzz buffer per face, reset for each text (shaping is synchronous). harfbuzzjs frees a
   * buffer only when the garbage collector finalises its small wrapper, so a new buffer per line
   * grew the WebAssembly heap, which never shrinks, by tens of megabytes over a book's pages.
   */
  private harfBuzzBuffer?: InstanceType<HarfBuzz['Buffer']>;

  private shapeWithHarfBuzz({ module, font }: NonNullable<FontFace['harfBuzz']>, text: string): ShapedGlyph[] {
    this.harfBuzzBuffer ??= new module.Buffer();
    const buffer = this.harfBuzzBuffer;
    buffer.reset();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    module.shape(font, buffer);
    const positions = buffer.getGlyphPositions();
    return buffer.getGlyphInfos().map((info, index) => ({
      glyphId: info.codepoint,
      cluster: info.cluster,
      xAdvance: positions[index]!.xAdvance,
      xOffset: positions[index]!.xOffset,
      yOffset: positions[index]!.yOffset,
    }));
  }

  private shapeWithFontkit(text: string): ShapedGlyph[] {
    const { glyphs, positions } = this.font.layout(text);
    let offset = 0;
    return glyphs.map((glyph, index) => {
      const cluster = offset;
      offset += String.fromCodePoint(...glyph.codePoints).length;
      return {
        glyphId: glyph.id,
        cluster,
        xAdvance: positions[index]!.xAdvance,
        xOffset: positions[index]!.xOffset,
        yOffset: positions[index]!.yOffset,
      };
    });
  }
}

export type FontStack = Record<FontWeight, readonly FontFace[]>;

const require = createRequire(import.meta.url);

async function loadStack(): Promise<FontStack> {
  const harfBuzz = await import('harfbuzzjs');
  const faces = new Map<string, FontFace>();
  for (const file of new Set(Object.values(FONT_STACK_FILES).flat())) {
    const bytes = await readFile(require.resolve(file));
    const shaper = WITHOUT_HARFBUZZ.has(file)
      ? undefined
      : { module: harfBuzz, font: new harfBuzz.Font(new harfBuzz.Face(new harfBuzz.Blob(bytes))) };
    faces.set(file, new FontFace(file, fontkit.create(bytes), shaper));
  }
  const facesOf = (weight: FontWeight) => FONT_STACK_FILES[weight].map((file) => faces.get(file)!);
  return { regular: facesOf('regular'), bold: facesOf('bold') };
}

let loading: Promise<FontStack> | undefined;

/** The parsed fonts, loaded on first use; a failed load is tried again on the next call. */
export function fontStack(): Promise<FontStack> {
  loading ??= loadStack().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
