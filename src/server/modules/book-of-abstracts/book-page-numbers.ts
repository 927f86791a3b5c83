// Running page numbers. Copied abstract pages come in any size, offset and rotation, so the
// number goes at the bottom centre of the page as the reader sees it, on a white box so that
// it stays readable over the abstract's own content.
import { degrees, type PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { type PdfTypesetter } from '@server/lib/pdf/pdf-typesetter.ts';

const SIZE = 8;
const DISTANCE_FROM_EDGE = 20;
const PADDING = 2;

interface Point {
  x: number;
  y: number;
}

/** Rotates a vector counter-clockwise by a multiple of 90 degrees. */
function rotate({ x, y }: Point, angle: number): Point {
  const cos = Math.round(Math.cos((angle * Math.PI) / 180));
  const sin = Math.round(Math.sin((angle * Math.PI) / 180));
  return { x: x * cos - y * sin, y: x * sin + y * cos };
}

/**
 * Maps points from the page as displayed (origin at the middle of its visible bottom edge, x to
 * the right) into the page's own coordinates, which a /Rotate entry turns clockwise on screen.
 */
function visibleBottomFrame(page: PDFPage): { angle: number; toPage: (point: Point) => Point } {
  // The PDF specification allows only multiples of 90; anything else is rounded to one.
  const angle = (((Math.round(page.getRotation().angle / 90) * 90) % 360) + 360) % 360;
  const box = page.getCropBox();
  const visibleHeight = angle % 180 === 0 ? box.height : box.width;
  const down = rotate({ x: 0, y: -visibleHeight / 2 }, angle);
  const origin = { x: box.x + box.width / 2 + down.x, y: box.y + box.height / 2 + down.y };
  return {
    angle,
    toPage: (point) => {
      const turned = rotate(point, angle);
      return { x: origin.x + turned.x, y: origin.y + turned.y };
    },
  };
}

const STYLE = { weight: 'regular', size: SIZE } as const;

function stampPageNumber(typesetter: PdfTypesetter, page: PDFPage, pageNumber: number): void {
  const text = String(pageNumber);
  const width = typesetter.width(text, STYLE);
  const { angle, toPage } = visibleBottomFrame(page);
  const box = toPage({ x: -width / 2 - PADDING, y: DISTANCE_FROM_EDGE - PADDING });
  page.drawRectangle({
    ...box,
    width: width + 2 * PADDING,
    height: SIZE + PADDING,
    color: rgb(1, 1, 1),
    rotate: degrees(angle),
  });
  const start = toPage({ x: -width / 2, y: DISTANCE_FROM_EDGE });
  typesetter.draw(page, text, { ...start, ...STYLE, color: rgb(0, 0, 0), rotation: angle });
}

/** Numbers every page but the cover with its physical page number (the cover is page 1). */
export function stampPageNumbers(typesetter: PdfTypesetter, pdf: PDFDocument): void {
  pdf.getPages().forEach((page, index) => {
    if (index > 0) stampPageNumber(typesetter, page, index + 1);
  });
}
