// The PDF of a demo paper: one A4 page with its title, authors, theme and a few paragraphs of
// text, set in the site's fonts (embedded subsets), so that every reader, the Book of Abstracts
// and the blind copy handle it as an upload.
import { PDFDocument, rgb } from 'pdf-lib';
import { PdfTypesetter, type TextStyle } from '@server/lib/pdf/pdf-typesetter.ts';
import { wrapToWidth } from '@server/lib/pdf/text-wrap.ts';

export interface DemoPaper {
  kind: 'Extended abstract' | 'Full paper';
  title: string;
  theme: string;
  authors: { name: string; affiliation: string }[];
}

const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 64;
const WIDTH = PAGE[0] - 2 * MARGIN;
const INK = rgb(0.1, 0.1, 0.12);

/** Paragraphs that read as an abstract of the title, without claiming results anyone obtained. */
function paragraphs(paper: DemoPaper): string[] {
  const subject = paper.title.charAt(0).toLowerCase() + paper.title.slice(1);
  return [
    `This ${paper.kind.toLowerCase()} is sample content of the ICTACEM demo conference. It studies ${subject}, a question of the theme ${paper.theme}.`,
    'The problem is set out with its governing equations and boundary conditions, then solved numerically on successively refined grids; the grid study, the time step and the solver tolerances are reported so that the results can be reproduced.',
    'The computed quantities are compared with measurements from the literature and with a reduced-order model. The agreement, the remaining discrepancies and their likely sources are discussed, with the limits of the approach.',
    'Keywords: numerical simulation; validation; reduced-order model.',
  ];
}

/** A one-page PDF of the paper. */
export async function demoPaperPdf(paper: DemoPaper): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(paper.title);
  const typesetter = await PdfTypesetter.for(pdf);
  const page = pdf.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  const write = (text: string, style: TextStyle, spaceBefore: number) => {
    wrapToWidth(typesetter, text, style, WIDTH).forEach((line, index) => {
      y -= (index === 0 ? spaceBefore : 0) + style.size * 1.35;
      typesetter.draw(page, line, { ...style, x: MARGIN, y, color: INK });
    });
  };
  write(`ICTACEM demo conference · ${paper.kind}`, { weight: 'regular', size: 9 }, 0);
  write(paper.title, { weight: 'bold', size: 17 }, 18);
  write(paper.authors.map((author) => author.name).join(', '), { weight: 'regular', size: 11 }, 10);
  for (const affiliation of new Set(paper.authors.map((author) => author.affiliation))) {
    write(affiliation, { weight: 'regular', size: 9.5 }, 2);
  }
  write('Abstract', { weight: 'bold', size: 12 }, 22);
  for (const paragraph of paragraphs(paper)) write(paragraph, { weight: 'regular', size: 10.5 }, 8);
  return typesetter.save();
}
