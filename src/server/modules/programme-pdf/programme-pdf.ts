// "Programme (PDF)": the published programme, printable, day by day: each session with its time,
// room and chairs, then its talks (time, title, authors with affiliations) or posters (board).
// Same stack as the Book of Abstracts: every script's names drawn with the font stack.
import { PDFDocument } from 'pdf-lib';
import { currentConference } from '@shared/conference.ts';
import { SESSION_KIND_LABELS } from '@shared/domain/programme.ts';
import { formatDayIn, formatTimeOfDayIn } from '@shared/format/dates.ts';
import type { ProgrammeSession, PublishedProgramme } from '@shared/schemas/programme.ts';
import { PdfTypesetter, type TextStyle } from '@server/lib/pdf/pdf-typesetter.ts';
import { wrapToWidth } from '@server/lib/pdf/text-wrap.ts';
import {
  A4,
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  drawLeft,
  drawPageTitle,
  flowIntoPages,
  MARGIN,
  TITLED_PAGE_TOP,
} from '../book-of-abstracts/book-pdf-layout.ts';
import { stampPageNumbers } from '../book-of-abstracts/book-page-numbers.ts';

const DAY: TextStyle = { weight: 'bold', size: 15 };
const SESSION_HEAD: TextStyle = { weight: 'bold', size: 10 };
const SESSION_TITLE: TextStyle = { weight: 'bold', size: 12 };
const TALK_TITLE: TextStyle = { weight: 'regular', size: 10 };
const TALK_AUTHORS: TextStyle = { weight: 'regular', size: 8.5 };
const LINE = 1.35;
/** The talks' text starts after their time. */
const TIME_COLUMN = 48;

interface Line {
  text: string;
  style: TextStyle;
  x: number;
  muted?: boolean;
}
interface Block {
  height: number;
  keepWithNext?: boolean;
  lines: Line[];
  /** Extra space above the block's first line. */
  gap: number;
}

const clock = (instant: string) => formatTimeOfDayIn(new Date(instant), currentConference().timeZone);
const dayOf = (instant: string) => formatDayIn(new Date(instant), currentConference().timeZone);

function block(lines: Line[], gap: number, keepWithNext = false): Block {
  const height = gap + lines.reduce((sum, line) => sum + line.style.size * LINE, 0);
  return { lines, gap, height, keepWithNext };
}

function wrapped(typesetter: PdfTypesetter, text: string, style: TextStyle, x: number, muted = false): Line[] {
  return wrapToWidth(typesetter, text, style, CONTENT_WIDTH - (x - MARGIN)).map((line) => ({
    text: line,
    style,
    x,
    muted,
  }));
}

/** A session's heading, and one block per talk or poster. */
function sessionBlocks(typesetter: PdfTypesetter, session: ProgrammeSession, room: string | undefined): Block[] {
  const head = [
    `${clock(session.startsAt)}–${clock(session.endsAt)} ${currentConference().timeZoneName}`,
    SESSION_KIND_LABELS[session.kind],
    room,
    session.theme,
  ]
    .filter(Boolean)
    .join(' · ');
  const blocks = [
    block(
      [
        { text: head, style: SESSION_HEAD, x: MARGIN, muted: true },
        ...wrapped(typesetter, session.title, SESSION_TITLE, MARGIN),
        ...(session.chairs.length > 0
          ? wrapped(typesetter, `Chairs: ${session.chairs.join(', ')}`, TALK_AUTHORS, MARGIN, true)
          : []),
      ],
      14,
      session.talks.length > 0,
    ),
  ];
  for (const talk of session.talks) {
    const authors = talk.authors
      .map((author) => (author.affiliation ? `${author.name} (${author.affiliation})` : author.name))
      .join(', ');
    blocks.push(
      block(
        [
          ...wrapped(typesetter, talk.title, TALK_TITLE, MARGIN + TIME_COLUMN),
          ...wrapped(typesetter, authors, TALK_AUTHORS, MARGIN + TIME_COLUMN, true),
        ],
        4,
      ),
    );
    // The time (or board) sits beside the title's first line.
    blocks.at(-1)!.lines.unshift({
      text: session.kind === 'poster' ? talk.board || '—' : clock(talk.startsAt),
      style: { weight: 'bold', size: TALK_TITLE.size },
      x: MARGIN,
    });
  }
  return blocks;
}

/** The printable programme of a published version, as PDF bytes. */
export async function buildProgrammePdf(programme: PublishedProgramme): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${currentConference().shortName} Programme, version ${programme.edition}`);
  pdf.setProducer(currentConference().shortName);
  pdf.setCreator(currentConference().shortName);
  pdf.setLanguage('en');
  // Dated by the publication, not the drawing: every process draws a version as the same bytes.
  pdf.setCreationDate(new Date(programme.publishedAt));
  pdf.setModificationDate(new Date(programme.publishedAt));
  const typesetter = await PdfTypesetter.for(pdf);
  const roomName = new Map(programme.rooms.map((room) => [room._id, room.name]));
  const sessions = [...programme.sessions].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const blocks: Block[] = [
    block(
      wrapped(
        typesetter,
        `Version ${programme.edition}, published ${dayOf(programme.publishedAt)}. Times in ${currentConference().timeZoneName}.`,
        TALK_AUTHORS,
        MARGIN,
        true,
      ),
      0,
    ),
  ];
  let day = '';
  for (const session of sessions) {
    if (dayOf(session.startsAt) !== day) {
      day = dayOf(session.startsAt);
      blocks.push(block([{ text: day, style: DAY, x: MARGIN }], 22, true));
    }
    blocks.push(...sessionBlocks(typesetter, session, session.roomId ? roomName.get(session.roomId) : undefined));
  }
  const pages = flowIntoPages(blocks, TITLED_PAGE_TOP, CONTENT_BOTTOM);
  for (const placed of pages) {
    const page = pdf.addPage(A4);
    drawPageTitle(typesetter, page, `${currentConference().shortName} Programme`);
    for (const { block: item, top } of placed) {
      let y = top - item.gap;
      // The time column's first line shares the title's baseline.
      const [first, ...rest] = item.lines;
      const beside = first && first.x === MARGIN && rest[0]?.x === MARGIN + TIME_COLUMN;
      if (beside) drawLeft(typesetter, page, first.text, first.style, first.x, y - first.style.size, first.muted);
      for (const line of beside ? rest : item.lines) {
        y -= line.style.size * LINE;
        drawLeft(typesetter, page, line.text, line.style, line.x, y + line.style.size * (LINE - 1), line.muted);
      }
    }
  }
  stampPageNumbers(typesetter, pdf);
  return typesetter.save();
}
