// The contents pages: papers grouped under their theme, each with its whole title and start page,
// then its ICTACEM ID and every author, first author first, below. Laid out before the start pages
// are known, because the number of contents pages decides them.
import { type PDFPage } from 'pdf-lib';
import { type PdfTypesetter } from '@server/lib/pdf/pdf-typesetter.ts';
import { wrapToWidth } from '@server/lib/pdf/text-wrap.ts';
import {
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  drawLeft,
  drawPageTitle,
  drawRight,
  flowIntoPages,
  type FlowBlock,
  MARGIN,
  type PlacedBlock,
  TITLED_PAGE_TOP,
} from './book-pdf-layout.ts';

export interface ContentsItem {
  ictacemId: string;
  title: string;
  theme: string;
  /** In author order. */
  authors: string[];
}

type ContentsBlock = FlowBlock &
  (
    | { kind: 'theme'; themeLines: string[] }
    | { kind: 'paper'; itemIndex: number; titleLines: string[]; bylineLines: string[] }
    | { kind: 'empty' }
  );

export type ContentsPageLayout = PlacedBlock<ContentsBlock>[];

const PAGE_NUMBER_COLUMN = 36;
const TITLE_WIDTH = CONTENT_WIDTH - PAGE_NUMBER_COLUMN;
const TITLE_SIZE = 10;
const TITLE_LEADING = 13;
const AUTHOR_SIZE = 8.5;
const AUTHOR_LEADING = 11;
const PAPER_GAP = 5;
const THEME_SIZE = 12;
const THEME_HEIGHT = 28;
const THEME_LEADING = 15;

const TITLE_STYLE = { weight: 'regular', size: TITLE_SIZE } as const;
const AUTHOR_STYLE = { weight: 'regular', size: AUTHOR_SIZE } as const;
const THEME_STYLE = { weight: 'bold', size: THEME_SIZE } as const;

function paperBlock(typesetter: PdfTypesetter, item: ContentsItem, itemIndex: number): ContentsBlock {
  const titleLines = wrapToWidth(typesetter, item.title, TITLE_STYLE, TITLE_WIDTH);
  const byline = `${item.ictacemId} · ${item.authors.join(', ')}`;
  const bylineLines = wrapToWidth(typesetter, byline, AUTHOR_STYLE, TITLE_WIDTH);
  return {
    kind: 'paper',
    itemIndex,
    titleLines,
    bylineLines,
    height: titleLines.length * TITLE_LEADING + bylineLines.length * AUTHOR_LEADING + PAPER_GAP,
  };
}

function themeBlock(typesetter: PdfTypesetter, theme: string): ContentsBlock {
  const themeLines = wrapToWidth(typesetter, theme, THEME_STYLE, CONTENT_WIDTH);
  return {
    kind: 'theme',
    themeLines,
    height: THEME_HEIGHT + (themeLines.length - 1) * THEME_LEADING,
    keepWithNext: true,
  };
}

function contentsBlocks(typesetter: PdfTypesetter, items: readonly ContentsItem[]): ContentsBlock[] {
  if (items.length === 0) return [{ kind: 'empty', height: THEME_HEIGHT }];
  return items.flatMap((item, index): ContentsBlock[] => {
    const paper = paperBlock(typesetter, item, index);
    const startsTheme = index === 0 || items[index - 1]!.theme !== item.theme;
    return startsTheme ? [themeBlock(typesetter, item.theme), paper] : [paper];
  });
}

/** The blocks of each contents page; the page count is the length. Never empty. */
export function layoutContents(typesetter: PdfTypesetter, items: readonly ContentsItem[]): ContentsPageLayout[] {
  return flowIntoPages(contentsBlocks(typesetter, items), TITLED_PAGE_TOP, CONTENT_BOTTOM);
}

type PaperBlock = Extract<ContentsBlock, { kind: 'paper' }>;

function drawPaper(typesetter: PdfTypesetter, page: PDFPage, block: PaperBlock, top: number, startPage: number): void {
  const firstBaseline = top - TITLE_SIZE;
  block.titleLines.forEach((line, index) =>
    drawLeft(typesetter, page, line, TITLE_STYLE, MARGIN, firstBaseline - index * TITLE_LEADING),
  );
  drawRight(typesetter, page, String(startPage), TITLE_STYLE, MARGIN + CONTENT_WIDTH, firstBaseline);
  const bylineBaseline = top - block.titleLines.length * TITLE_LEADING - AUTHOR_SIZE - 1;
  block.bylineLines.forEach((line, index) =>
    drawLeft(typesetter, page, line, AUTHOR_STYLE, MARGIN, bylineBaseline - index * AUTHOR_LEADING, true),
  );
}

function drawBlock(
  typesetter: PdfTypesetter,
  page: PDFPage,
  { block, top }: PlacedBlock<ContentsBlock>,
  startPages: readonly number[],
): void {
  if (block.kind === 'paper') {
    drawPaper(typesetter, page, block, top, startPages[block.itemIndex]!);
  } else if (block.kind === 'theme') {
    block.themeLines.forEach((line, index) =>
      drawLeft(typesetter, page, line, THEME_STYLE, MARGIN, top - 18 - index * THEME_LEADING),
    );
  } else {
    drawLeft(typesetter, page, 'No abstracts.', TITLE_STYLE, MARGIN, top - 18);
  }
}

/** Draws one contents page; startPages is indexed like the items given to layoutContents. */
export function drawContentsPage(
  typesetter: PdfTypesetter,
  page: PDFPage,
  layout: ContentsPageLayout,
  startPages: readonly number[],
): void {
  drawPageTitle(typesetter, page, 'Contents');
  for (const placed of layout) drawBlock(typesetter, page, placed, startPages);
}
