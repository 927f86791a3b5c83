// Name badges: A6, four to an A4 sheet with cut marks or one to a page for badge printers. The
// name is set as large as fits (in the site's font stack, so every script prints right), the
// affiliation under it, the role as a coloured band at the foot, and a QR code of the signed
// participant code the registration desk scans. Loaded with import(): pdf-lib and qrcode stay off
// the server's start.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PDFDocument, type PDFPage, rgb, type RGB } from 'pdf-lib';
import QRCode from 'qrcode';
import { PdfTypesetter } from '@server/lib/pdf/pdf-typesetter.ts';
import { wrapToWidth } from '@server/lib/pdf/text-wrap.ts';
import type { BadgeLayout, ParticipantRole } from '@shared/schemas/participants.ts';
import { PARTICIPANT_ROLE_LABELS } from '@shared/schemas/participants.ts';

export interface BadgeInput {
  name: string;
  affiliation: string;
  role: ParticipantRole;
  /** The signed code the QR carries. */
  code: string;
}

const A4: [number, number] = [595.28, 841.89];
const A6: [number, number] = [A4[0] / 2, A4[1] / 2];
const MARGIN = 20;
const BAND_HEIGHT = 50;
const QR_SIZE = 120;
const NAME_SIZES = [34, 30, 27, 24, 21, 18, 16, 14];
const TEXT = rgb(0.08, 0.08, 0.1);
const TEXT_RGB = '0.08 0.08 0.1';
const MUTED = rgb(0.35, 0.35, 0.4);
const WHITE = rgb(1, 1, 1);
const CUT_MARK = 14;

/** The band's colour per role: told apart at a glance and each dark enough under white text. */
const ROLE_COLOURS: Record<ParticipantRole, RGB> = {
  author: rgb(0.1, 0.32, 0.64),
  speaker: rgb(0.7, 0.12, 0.15),
  committee: rgb(0.1, 0.45, 0.25),
  delegate: rgb(0.33, 0.33, 0.38),
  volunteer: rgb(0.78, 0.38, 0.0),
};

/**
 * The QR code as filled rectangles (one per run of dark modules): sharp at any printer's
 * resolution. Written as one content stream of its own, not as pdf-lib operator objects: a
 * badge's code is some 400 rectangles, and thousands of badges of objects cost seconds and
 * gigabytes.
 */
function drawQr(pdf: PDFDocument, page: PDFPage, code: string, x: number, y: number, size: number) {
  const qr = QRCode.create(code, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const quiet = 2;
  const module = size / (count + 2 * quiet);
  const n = (value: number) => value.toFixed(3);
  const parts = [`q 1 1 1 rg ${n(x)} ${n(y)} ${n(size)} ${n(size)} re f`, `${TEXT_RGB} rg`];
  for (let row = 0; row < count; row += 1) {
    let start = -1;
    for (let column = 0; column <= count; column += 1) {
      const dark = column < count && qr.modules.get(row, column) === 1;
      if (dark && start < 0) start = column;
      if (!dark && start >= 0) {
        parts.push(
          `${n(x + (quiet + start) * module)} ${n(y + size - (quiet + row + 1) * module)} ${n((column - start) * module)} ${n(module)} re`,
        );
        start = -1;
      }
    }
  }
  parts.push('f Q');
  page.node.addContentStream(pdf.context.register(pdf.context.flateStream(parts.join('\n'))));
}

function drawCentred(
  typesetter: PdfTypesetter,
  page: PDFPage,
  text: string,
  centreX: number,
  y: number,
  size: number,
  bold: boolean,
  color: RGB,
) {
  const style = { weight: bold ? ('bold' as const) : ('regular' as const), size };
  typesetter.draw(page, text, { x: centreX - typesetter.width(text, style) / 2, y, color, ...style });
}

/** The name's lines at the largest size where it takes two lines at most (the smallest size else). */
function fittedName(typesetter: PdfTypesetter, name: string, width: number) {
  for (const size of NAME_SIZES) {
    const lines = wrapToWidth(typesetter, name, { weight: 'bold', size }, width);
    if (lines.length <= 2) return { size, lines };
  }
  const size = NAME_SIZES.at(-1)!;
  return { size, lines: wrapToWidth(typesetter, name, { weight: 'bold', size }, width) };
}

function drawBadge(
  pdf: PDFDocument,
  typesetter: PdfTypesetter,
  page: PDFPage,
  badge: BadgeInput,
  conference: string,
  ox: number,
  oy: number,
) {
  const [width, height] = A6;
  const centreX = ox + width / 2;
  const textWidth = width - 2 * MARGIN;
  let y = oy + height - MARGIN - 12;
  drawCentred(typesetter, page, conference, centreX, y, 12, true, MUTED);
  y -= 34;
  const name = fittedName(typesetter, badge.name, textWidth);
  for (const line of name.lines) {
    y -= name.size;
    drawCentred(typesetter, page, line, centreX, y, name.size, true, TEXT);
    y -= name.size * 0.25;
  }
  y -= 10;
  for (const line of wrapToWidth(typesetter, badge.affiliation, { weight: 'regular', size: 12 }, textWidth).slice(
    0,
    3,
  )) {
    y -= 15;
    drawCentred(typesetter, page, line, centreX, y, 12, false, MUTED);
  }
  drawQr(pdf, page, badge.code, centreX - QR_SIZE / 2, oy + BAND_HEIGHT + 14, QR_SIZE);
  page.drawRectangle({ x: ox, y: oy, width, height: BAND_HEIGHT, color: ROLE_COLOURS[badge.role] });
  drawCentred(
    typesetter,
    page,
    PARTICIPANT_ROLE_LABELS[badge.role].toUpperCase(),
    centreX,
    oy + BAND_HEIGHT / 2 - 7,
    20,
    true,
    WHITE,
  );
}

/** Marks on the sheet's edges and centre where the guillotine cuts it into four. */
function drawCutMarks(page: PDFPage) {
  const [width, height] = A4;
  const line = (x1: number, y1: number, x2: number, y2: number) =>
    page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness: 0.5, color: MUTED });
  line(width / 2, height, width / 2, height - CUT_MARK);
  line(width / 2, 0, width / 2, CUT_MARK);
  line(0, height / 2, CUT_MARK, height / 2);
  line(width, height / 2, width - CUT_MARK, height / 2);
  line(width / 2 - CUT_MARK / 2, height / 2, width / 2 + CUT_MARK / 2, height / 2);
  line(width / 2, height / 2 - CUT_MARK / 2, width / 2, height / 2 + CUT_MARK / 2);
}

/**
 * Badges drawn between two turns of the event loop: a batch of 2,000 drawn at once held every
 * other request of the process for seconds (`npm run bench:badges`, longest event-loop stall).
 */
const BADGES_PER_TURN = 8;

export async function renderBadges(badges: BadgeInput[], layout: BadgeLayout, conference: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${conference} name badges`);
  pdf.setCreator(conference);
  pdf.setProducer(conference);
  const typesetter = await PdfTypesetter.for(pdf);
  if (layout === 'single') {
    for (const [index, badge] of badges.entries()) {
      if (index % BADGES_PER_TURN === 0) await nextTurn();
      drawBadge(pdf, typesetter, pdf.addPage(A6), badge, conference, 0, 0);
    }
  } else {
    // Reading order on the sheet: top left, top right, bottom left, bottom right.
    const slots: [number, number][] = [
      [0, A6[1]],
      [A6[0], A6[1]],
      [0, 0],
      [A6[0], 0],
    ];
    for (let first = 0; first < badges.length; first += 4) {
      if (first % BADGES_PER_TURN === 0) await nextTurn();
      const page = pdf.addPage(A4);
      badges
        .slice(first, first + 4)
        .forEach((badge, index) => drawBadge(pdf, typesetter, page, badge, conference, ...slots[index]!));
      drawCutMarks(page);
    }
  }
  if (badges.length === 0) pdf.addPage(layout === 'single' ? A6 : A4);
  return typesetter.save();
}
