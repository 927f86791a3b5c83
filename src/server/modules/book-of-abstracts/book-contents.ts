// The contents pages: papers grouped under their theme, each with its title (at most two lines)
// and start page, then its ICTACEM ID and first author on a line below (the ID in full: a long
// author name is what gets cut). Laid out before the start pages are known, because the
// number of contents pages decides them.
import { type PDFPage } from 'pdf-lib';
import { truncateToWidth, wrapToWidth } from '../../lib/pdf-text.ts';
import {
  type BookFonts,
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
  firstAuthor: string;
}

type ContentsBlock = FlowBlock &
  (
    | { kind: 'theme'; theme: string }
    | { kind: 'paper'; itemIndex: number; titleLines: string[]; byline: string }
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

function paperBlock(item: ContentsItem, itemIndex: number, fonts: BookFonts): ContentsBlock {
  const titleLines = wrapToWidth(item.title, { font: fonts.regular, size: TITLE_SIZE }, TITLE_WIDTH, 2);
  return {
    kind: 'paper',
    itemIndex,
    titleLines,
    byline: truncateToWidth(
      `${item.ictacemId}   ${item.firstAuthor}`,
      { font: fonts.regular, size: AUTHOR_SIZE },
      TITLE_WIDTH,
    ),
    height: titleLines.length * TITLE_LEADING + AUTHOR_LEADING + PAPER_GAP,
  };
}

function contentsBlocks(items: readonly ContentsItem[], fonts: BookFonts): ContentsBlock[] {
  if (items.length === 0) return [{ kind: 'empty', height: THEME_HEIGHT }];
  return items.flatMap((item, index): ContentsBlock[] => {
    const paper = paperBlock(item, index, fonts);
    const startsTheme = index === 0 || items[index - 1]!.theme !== item.theme;
    return startsTheme
      ? [{ kind: 'theme', theme: item.theme, height: THEME_HEIGHT, keepWithNext: true }, paper]
      : [paper];
  });
}

/** The blocks of each contents page; the page count is the length. Never empty. */
export function layoutContents(items: readonly ContentsItem[], fonts: BookFonts): ContentsPageLayout[] {
  return flowIntoPages(contentsBlocks(items, fonts), TITLED_PAGE_TOP, CONTENT_BOTTOM);
}

type PaperBlock = Extract<ContentsBlock, { kind: 'paper' }>;

function drawPaper(page: PDFPage, block: PaperBlock, top: number, startPage: number, fonts: BookFonts): void {
  const titleStyle = { font: fonts.regular, size: TITLE_SIZE };
  const firstBaseline = top - TITLE_SIZE;
  block.titleLines.forEach((line, index) =>
    drawLeft(page, line, titleStyle, MARGIN, firstBaseline - index * TITLE_LEADING),
  );
  drawRight(page, String(startPage), titleStyle, MARGIN + CONTENT_WIDTH, firstBaseline);
  const authorBaseline = top - block.titleLines.length * TITLE_LEADING - AUTHOR_SIZE - 1;
  drawLeft(page, block.byline, { font: fonts.regular, size: AUTHOR_SIZE }, MARGIN, authorBaseline, true);
}

function drawBlock(
  page: PDFPage,
  { block, top }: PlacedBlock<ContentsBlock>,
  startPages: readonly number[],
  fonts: BookFonts,
): void {
  const headingStyle = { font: fonts.bold, size: THEME_SIZE };
  if (block.kind === 'paper') {
    drawPaper(page, block, top, startPages[block.itemIndex]!, fonts);
  } else if (block.kind === 'theme') {
    drawLeft(page, truncateToWidth(block.theme, headingStyle, CONTENT_WIDTH), headingStyle, MARGIN, top - 18);
  } else {
    drawLeft(page, 'No abstracts.', { font: fonts.regular, size: TITLE_SIZE }, MARGIN, top - 18);
  }
}

/** Draws one contents page; startPages is indexed like the items given to layoutContents. */
export function drawContentsPage(
  page: PDFPage,
  layout: ContentsPageLayout,
  startPages: readonly number[],
  fonts: BookFonts,
): void {
  drawPageTitle(page, 'Contents', fonts);
  for (const placed of layout) drawBlock(page, placed, startPages, fonts);
}
