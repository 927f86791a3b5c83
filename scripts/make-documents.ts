// Writes the placeholder PDFs that the document pages serve, into public/documents/:
//   npm run documents
// Each file says it is a placeholder; organizers replace it with the real document under the
// same file name. The text comes from the conference's configuration and content files (content/), the dates from announcedDates()
// (the defaults the server starts with), so it matches the website. The
// output is byte-for-byte reproducible (no dates or random ids), so re-running it changes nothing.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { currentConference, setConference, themeLabels } from '@shared/conference.ts';
import { announcedDates, formatConferenceDate, formatDateRange } from '@shared/domain/deadlines.ts';
import type { ConferenceDocument } from '@shared/schemas/site-content.ts';
import { conference } from '@client/content/conference.ts';
import { keyDatesOf } from '@client/content/important-dates.ts';
import { loadConfig } from '@server/config.ts';
import { contentDirOf, loadSiteContent } from '@server/modules/site-content/content-loader.ts';
import { PROJECT_ROOT } from '@server/project-paths.ts';

// The conference as the server would be configured (CONFERENCE_FILE, else the default), and the
// edition's content files (CONFERENCE_FILE's, or the project's own), as the site shows them.
const config = loadConfig();
setConference(config.conference);
const { content } = await loadSiteContent(contentDirOf(config, PROJECT_ROOT));

const OUTPUT_DIR = fileURLToPath(new URL('../public/documents/', import.meta.url));
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const BRAND = rgb(0.118, 0.251, 0.686);
const WARNING = rgb(0.725, 0.11, 0.11);
const TEXT = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.35, 0.4);

const PLACEHOLDER_NOTICE =
  'PLACEHOLDER: this file stands in for the official document. The organizers must replace it before the site is published.';

/** Lays out headings, paragraphs and lists top to bottom, starting new pages as needed. */
class DocumentWriter {
  private page!: PDFPage;
  private y = 0;

  private constructor(
    private readonly pdf: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  static async create(title: string): Promise<DocumentWriter> {
    const pdf = await PDFDocument.create({ updateMetadata: false });
    pdf.setTitle(`${title} (placeholder) - ${conference.shortName}`);
    pdf.setSubject(PLACEHOLDER_NOTICE);
    pdf.setCreator('scripts/make-documents.ts');
    pdf.setProducer('pdf-lib');
    pdf.setLanguage('en');
    const writer = new DocumentWriter(
      pdf,
      await pdf.embedFont(StandardFonts.Helvetica),
      await pdf.embedFont(StandardFonts.HelveticaBold),
    );
    writer.notice();
    return writer;
  }

  private get width(): number {
    return A4[0] - 2 * MARGIN;
  }

  private newPage(): void {
    this.page = this.pdf.addPage(A4);
    this.y = A4[1] - MARGIN;
    this.page.drawText(`${conference.shortName} - placeholder document, replace before publishing`, {
      x: MARGIN,
      y: MARGIN / 2,
      size: 8,
      font: this.regular,
      color: MUTED,
    });
  }

  private ensureRoom(height: number): void {
    if (this.y - height < MARGIN) this.newPage();
  }

  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(candidate, size) > width) {
        lines.push(line);
        line = word;
      } else {
        line = candidate;
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  private lines(
    text: string,
    options: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; indent?: number } = {},
  ): void {
    const { font = this.regular, size = 11, color = TEXT, indent = 0 } = options;
    const leading = size * 1.4;
    for (const line of this.wrap(text, font, size, this.width - indent)) {
      this.ensureRoom(leading);
      this.y -= leading;
      this.page.drawText(line, { x: MARGIN + indent, y: this.y, size, font, color });
    }
  }

  /** The red box at the top of the first page. */
  private notice(): void {
    const size = 11;
    const lines = this.wrap(PLACEHOLDER_NOTICE, this.bold, size, this.width - 24);
    const height = lines.length * size * 1.4 + 20;
    this.page.drawRectangle({
      x: MARGIN,
      y: this.y - height,
      width: this.width,
      height,
      borderColor: WARNING,
      borderWidth: 2,
      color: rgb(1, 0.95, 0.95),
    });
    this.y -= 10;
    for (const line of lines) {
      this.y -= size * 1.4;
      this.page.drawText(line, { x: MARGIN + 12, y: this.y + 3, size, font: this.bold, color: WARNING });
    }
    this.y -= 24;
  }

  title(text: string, subtitle: string): this {
    this.lines(text, { font: this.bold, size: 24, color: BRAND });
    this.lines(subtitle, { size: 12, color: MUTED });
    this.y -= 8;
    return this;
  }

  heading(text: string): this {
    this.ensureRoom(48);
    this.y -= 12;
    this.lines(text, { font: this.bold, size: 14, color: BRAND });
    this.y -= 2;
    return this;
  }

  paragraph(text: string): this {
    this.lines(text);
    this.y -= 4;
    return this;
  }

  bullets(items: readonly string[]): this {
    for (const item of items) {
      this.ensureRoom(16);
      this.page.drawText('-', { x: MARGIN + 4, y: this.y - 15.4, size: 11, font: this.regular, color: TEXT });
      this.lines(item, { indent: 16 });
    }
    this.y -= 4;
    return this;
  }

  async save(fileName: string): Promise<void> {
    const bytes = await this.pdf.save();
    await writeFile(path.join(OUTPUT_DIR, fileName), bytes);
    console.log(`public/documents/${fileName} (${bytes.length} bytes)`);
  }
}

const subtitle = `${conference.fullName}. ${formatDateRange(announcedDates().conferenceStarts, announcedDates().conferenceEnds)}, ${conference.venue}.`;

async function writeBrochure(document: ConferenceDocument): Promise<void> {
  const writer = await DocumentWriter.create(document.title);
  writer
    .title(`${conference.shortName} ${document.title}`, subtitle)
    .heading('About the conference')
    .paragraph(`${conference.edition}.`)
    .heading('Conference themes')
    .bullets(themeLabels())
    .heading('Important dates')
    .bullets(keyDatesOf(announcedDates()).map((keyDate) => `${keyDate.label}: ${keyDate.title}`))
    .heading('Registration and payment')
    .paragraph(
      `The early-bird rate is valid for payments received on or before ${formatConferenceDate(announcedDates().earlyBirdCloses)}; late registration applies from ${formatConferenceDate(announcedDates().lateRegistrationOpens)}. Payment is made through ${conference.registration.paymentPortal}. Programme ID: ${conference.registration.programmeId}.`,
    )
    .heading('Publication')
    .paragraph(content.home.announcements.publication.text)
    .heading('Accommodation')
    .paragraph(`${content.importantDates.accommodation.summary} ${content.importantDates.accommodation.deadlineNote}`)
    .heading('Sponsorship tiers')
    .bullets(
      currentConference().sponsorshipTiers.map(
        (tier) => `${tier.name}, ${tier.price}: ${[...tier.benefits, tier.limit].filter(Boolean).join('; ')}`,
      ),
    )
    .paragraph(`Every tier: ${conference.sponsorshipBenefits.join('; ')}.`)
    .heading('Additional opportunities')
    .bullets(
      conference.sponsorshipOpportunities.map(
        (item) => `${item.name}: ${item.price}${item.limit ? ` (${item.limit})` : ''}`,
      ),
    )
    .heading('Contact')
    .bullets([
      `E-mail: ${conference.contact.email}`,
      `Phone: ${conference.contact.phone}`,
      `Address: ${conference.contact.postalAddress}`,
    ]);
  await writer.save(document.fileName);
}

async function writeFormat(document: ConferenceDocument): Promise<void> {
  const writer = await DocumentWriter.create(document.title);
  writer
    .title(`${conference.shortName} ${document.title}`, subtitle)
    .paragraph(
      'The official template will be published in this file. Until then, this page lists the notes for authors.',
    )
    .heading(document.listHeading)
    .bullets(document.listItems);
  await writer.save(document.fileName);
}

await mkdir(OUTPUT_DIR, { recursive: true });
await writeBrochure(content.documents.brochure);
await writeFormat(content.documents.extendedAbstractFormat);
await writeFormat(content.documents.fullLengthPaperFormat);
