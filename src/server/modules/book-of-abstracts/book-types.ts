export interface BookCover {
  fullName: string;
  shortName: string;
  dates: string;
  venue: string;
  isbn: string;
}

export interface BookAuthor {
  name: string;
  affiliation: string;
}

export interface BookEntry {
  /** e.g. 'ICTACEM2025-0042'. */
  ictacemId: string;
  title: string;
  /** Entries arrive ordered by theme, then by ictacemId; the book keeps that order. */
  theme: string;
  /** In author order: the first is the first author. */
  authors: BookAuthor[];
  /** The abstract file's bytes, which may not be a PDF, may be corrupt, or may not load at all. */
  load(): Promise<Uint8Array>;
}

/** An entry left out of the book, with why, e.g. 'Not a PDF file.'. */
export interface BookProblem {
  ictacemId: string;
  title: string;
  reason: string;
}

export interface BookOptions {
  /** Embed substitutes for the standard 14 fonts an abstract names without embedding. */
  embedStandardFonts: boolean;
}

/** An abstract's fonts in the book: those given an embedded substitute, those still not embedded. */
export interface BookAbstractFonts {
  substituted: string[];
  notEmbedded: string[];
}

export interface BookContentsLine {
  ictacemId: string;
  title: string;
  theme: string;
  /** The physical page number in the book, the cover being page 1. */
  startPage: number;
  fonts: BookAbstractFonts;
}

export interface BuiltBook {
  pdf: Uint8Array;
  pageCount: number;
  contents: BookContentsLine[];
  problems: BookProblem[];
}
