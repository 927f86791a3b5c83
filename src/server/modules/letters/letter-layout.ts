// One-page letters on the conference letterhead, with a verification code and a QR code of the
// address where anyone can check the letter. The body shrinks until it fits on the page: an
// official letter must not spill onto a second page, however long the paper's title.
import { PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { PdfTypesetter, type TextStyle } from '@server/lib/pdf/pdf-typesetter.ts';
import { wrapToWidth } from '@server/lib/pdf/text-wrap.ts';
import { documentDay } from '@server/lib/document-dates.ts';

export interface Letterhead {
  organisation: string;
  /** Printed under the organisation, e.g. the conference name, then address lines. */
  lines: string[];
}

export interface LetterSignature {
  name: string;
  role: string;
}

export type LetterBlock = { paragraph: string } | { details: [label: string, value: string][] };

export interface Letter {
  /** The PDF's title metadata. */
  title: string;
  /** Written as the PDF's creator and producer. */
  issuer: string;
  letterhead: Letterhead;
  signature: LetterSignature;
  issuedAt: Date;
  /** The addressee's lines under the date, the name first; none for letters to whom it may concern. */
  recipient: string[];
  reference: string;
  heading: string;
  /** Empty for a document that addresses no one (a receipt). */
  salutation: string;
  body: LetterBlock[];
  closing: string;
  verificationCode: string;
  verificationUrl: string;
  /** What the footer calls the document: "letter" unless given (a receipt). */
  documentName?: string;
}

interface TextLine {
  text: string;
  x: number;
  y: number;
  style: TextStyle;
  muted: boolean;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const CONTENT_WIDTH = A4[0] - 2 * MARGIN;
const TEXT_COLOUR = rgb(0.1, 0.1, 0.12);
const MUTED_COLOUR = rgb(0.35, 0.35, 0.4);
const QR_SIZE = 80;
const FOOTER_TOP = MARGIN + QR_SIZE + 12;
const BODY_BOTTOM = FOOTER_TOP + 12;
const BODY_SIZES = [11, 10.5, 10, 9.5, 9, 8.5, 8, 7.5, 7];
const DETAILS_LABEL_WIDTH = 170;

interface TextOptions {
  bold?: boolean;
  muted?: boolean;
  indent?: number;
  /** Wrap width; the rest of the line after the indent by default. */
  width?: number;
  /** Points added to the composer's size. */
  sizeDelta?: number;
}

/** Collects wrapped lines top to bottom, so the body is drawn only once it is known to fit. */
class TextComposer {
  readonly lines: TextLine[] = [];

  constructor(
    private readonly typesetter: PdfTypesetter,
    private readonly size: number,
    public y: number,
    private readonly width = CONTENT_WIDTH,
  ) {}

  text(text: string, options: TextOptions = {}): void {
    const style: TextStyle = {
      weight: options.bold ? 'bold' : 'regular',
      size: this.size + (options.sizeDelta ?? 0),
    };
    const indent = options.indent ?? 0;
    for (const line of wrapToWidth(this.typesetter, text, style, options.width ?? this.width - indent)) {
      this.y -= style.size * 1.4;
      this.lines.push({ text: line, x: MARGIN + indent, y: this.y, style, muted: options.muted ?? false });
    }
  }

  gap(lines = 0.8): void {
    this.y -= this.size * lines;
  }

  details(rows: [string, string][]): void {
    for (const [label, value] of rows) {
      const top = this.y;
      this.text(label, { muted: true, width: DETAILS_LABEL_WIDTH - 10 });
      const labelBottom = this.y;
      this.y = top;
      this.text(value, { bold: true, indent: DETAILS_LABEL_WIDTH });
      this.y = Math.min(this.y, labelBottom);
    }
  }
}

function composeBody(letter: Letter, typesetter: PdfTypesetter, size: number, top: number): TextComposer {
  const body = new TextComposer(typesetter, size, top);
  body.text(documentDay(letter.issuedAt));
  if (letter.recipient.length > 0) body.gap();
  letter.recipient.forEach((line, index) => body.text(line, { bold: index === 0 }));
  body.text(letter.reference);
  body.gap(1.5);
  body.text(letter.heading, { bold: true, sizeDelta: 2 });
  if (letter.salutation) {
    body.gap();
    body.text(letter.salutation);
  }
  for (const block of letter.body) {
    body.gap();
    if ('paragraph' in block) body.text(block.paragraph);
    else body.details(block.details);
  }
  body.gap(1.5);
  body.text(letter.closing);
  body.gap(3.5);
  body.text(letter.signature.name, { bold: true });
  if (letter.signature.role) body.text(letter.signature.role);
  body.text(letter.letterhead.organisation);
  return body;
}

/** The body at the largest size that ends above the footer (the smallest size if none does). */
function fittedBody(letter: Letter, typesetter: PdfTypesetter, top: number): TextComposer {
  let body = composeBody(letter, typesetter, BODY_SIZES[0]!, top);
  for (const size of BODY_SIZES.slice(1)) {
    if (body.y >= BODY_BOTTOM) break;
    body = composeBody(letter, typesetter, size, top);
  }
  return body;
}

function drawTextLine(typesetter: PdfTypesetter, page: PDFPage, { text, x, y, style, muted }: TextLine): void {
  typesetter.draw(page, text, { x, y, ...style, color: muted ? MUTED_COLOUR : TEXT_COLOUR });
}

function drawRule(page: PDFPage, y: number): void {
  page.drawLine({ start: { x: MARGIN, y }, end: { x: A4[0] - MARGIN, y }, thickness: 0.75, color: MUTED_COLOUR });
}

/** Draws the letterhead and returns the y under its rule. */
function drawLetterhead(typesetter: PdfTypesetter, page: PDFPage, letterhead: Letterhead): number {
  const header = new TextComposer(typesetter, 9, A4[1] - MARGIN + 6);
  header.text(letterhead.organisation, { bold: true, sizeDelta: 6 });
  header.gap(0.3);
  for (const line of letterhead.lines) header.text(line, { muted: true });
  header.lines.forEach((line) => drawTextLine(typesetter, page, line));
  drawRule(page, header.y - 8);
  return header.y - 16;
}

async function drawVerification(
  typesetter: PdfTypesetter,
  pdf: PDFDocument,
  page: PDFPage,
  letter: Letter,
): Promise<void> {
  const qr = await pdf.embedPng(await QRCode.toBuffer(letter.verificationUrl, { type: 'png', margin: 1, width: 256 }));
  page.drawImage(qr, { x: A4[0] - MARGIN - QR_SIZE, y: MARGIN, width: QR_SIZE, height: QR_SIZE });
  drawRule(page, FOOTER_TOP);
  // The text keeps clear of the QR code on its right.
  const footer = new TextComposer(typesetter, 9, FOOTER_TOP - 4, CONTENT_WIDTH - QR_SIZE - 16);
  footer.text(`Verification code: ${letter.verificationCode}`, { bold: true, sizeDelta: 1 });
  footer.text(`Verify at ${letter.verificationUrl}`);
  footer.gap(0.4);
  footer.text(
    `Scan the QR code or open the address above to check that this ${letter.documentName ?? 'letter'} is genuine.`,
    {
      muted: true,
      sizeDelta: -1,
    },
  );
  footer.lines.forEach((line) => drawTextLine(typesetter, page, line));
}

export async function renderLetter(letter: Letter): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(letter.title);
  pdf.setSubject(`${letter.heading}, verification code ${letter.verificationCode}`);
  pdf.setCreator(letter.issuer);
  pdf.setProducer(letter.issuer);
  pdf.setLanguage('en');
  const typesetter = await PdfTypesetter.for(pdf);
  const page = pdf.addPage(A4);
  const bodyTop = drawLetterhead(typesetter, page, letter.letterhead);
  fittedBody(letter, typesetter, bodyTop).lines.forEach((line) => drawTextLine(typesetter, page, line));
  await drawVerification(typesetter, pdf, page, letter);
  return typesetter.save();
}
