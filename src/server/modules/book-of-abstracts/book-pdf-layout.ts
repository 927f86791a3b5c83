// Page geometry, text drawing and the top-to-bottom flow shared by the pages the book generates
// itself (cover, contents, author index).
import { type PDFPage, rgb } from 'pdf-lib';
import { type PdfTypesetter, type TextStyle } from '@server/lib/pdf/pdf-typesetter.ts';

export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 56;
export const CONTENT_WIDTH = A4[0] - 2 * MARGIN;
/** Generated pages stop here, leaving the bottom of the page to the page number. */
export const CONTENT_BOTTOM = MARGIN + 10;
export const TEXT_COLOUR = rgb(0.1, 0.1, 0.12);
export const MUTED_COLOUR = rgb(0.35, 0.35, 0.4);

export function drawLeft(
  typesetter: PdfTypesetter,
  page: PDFPage,
  text: string,
  style: TextStyle,
  x: number,
  y: number,
  muted = false,
): void {
  typesetter.draw(page, text, { ...style, x, y, color: muted ? MUTED_COLOUR : TEXT_COLOUR });
}

export function drawRight(
  typesetter: PdfTypesetter,
  page: PDFPage,
  text: string,
  style: TextStyle,
  right: number,
  y: number,
): void {
  drawLeft(typesetter, page, text, style, right - typesetter.width(text, style), y);
}

export function drawCentred(typesetter: PdfTypesetter, page: PDFPage, text: string, style: TextStyle, y: number): void {
  drawLeft(typesetter, page, text, style, (page.getWidth() - typesetter.width(text, style)) / 2, y);
}

/** A page title, as drawn at the top of every contents and index page. */
export function drawPageTitle(typesetter: PdfTypesetter, page: PDFPage, title: string): void {
  drawLeft(typesetter, page, title, { weight: 'bold', size: 20 }, MARGIN, A4[1] - MARGIN - 20);
}

/** Where the first block goes on a page that has a title. */
export const TITLED_PAGE_TOP = A4[1] - MARGIN - 48;

export interface FlowBlock {
  height: number;
  /** A heading: moved to the next page rather than left alone at the bottom of one. */
  keepWithNext?: boolean;
}

export interface PlacedBlock<Block> {
  block: Block;
  /** The y of the block's top edge. */
  top: number;
}

/** Places blocks top to bottom between top and bottom, starting a new page when one is full. */
export function flowIntoPages<Block extends FlowBlock>(
  blocks: readonly Block[],
  top: number,
  bottom: number,
): PlacedBlock<Block>[][] {
  const pages: PlacedBlock<Block>[][] = [[]];
  let y = top;
  blocks.forEach((block, index) => {
    const next = blocks[index + 1];
    const needed = block.height + (block.keepWithNext && next ? next.height : 0);
    if (y - needed < bottom && pages.at(-1)!.length > 0) {
      pages.push([]);
      y = top;
    }
    pages.at(-1)!.push({ block, top: y });
    y -= block.height;
  });
  return pages;
}
