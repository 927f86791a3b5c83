export interface ConferenceDocument {
  /** Page heading and tab title. */
  title: string;
  /** File name under /documents, as the specification names it. */
  fileName: string;
  /** Completes the button labels "View …" and "Download …". */
  buttonLabel: string;
  summary: string;
  metaDescription: string;
  listHeading: string;
  listItems: readonly string[];
}

const formatNotes = [
  'Follow the format strictly.',
  'Stay within the page limit.',
  'Prepare your manuscript with the template.',
  'Refer to every figure and table in the text.',
] as const;

/** The downloadable documents; scripts/make-documents.ts writes placeholder PDFs under these names. */
export const conferenceDocuments = {
  brochure: {
    title: 'Conference Brochure',
    fileName: 'ICTACEM 2025 Brochure.pdf',
    buttonLabel: 'Brochure',
    summary: 'Everything about ICTACEM 2025 in one document, to read online or download.',
    metaDescription: 'View or download the ICTACEM 2025 conference brochure (PDF).',
    listHeading: "What's inside",
    listItems: [
      'About the conference and its history',
      'The four conference themes',
      'Important dates',
      'Registration, payment and accommodation',
      'Sponsorship opportunities',
      'Contact details',
    ],
  },
  extendedAbstractFormat: {
    title: 'Extended Abstract Format',
    fileName: 'format_for_Extended_Abstract.pdf',
    buttonLabel: 'Format',
    summary: 'Prepare your extended abstract with this template before you submit it.',
    metaDescription: 'The ICTACEM 2025 extended abstract format and template (PDF), with the notes for authors.',
    listHeading: 'Notes for authors',
    listItems: formatNotes,
  },
  fullLengthPaperFormat: {
    title: 'Full-Length Paper Format',
    fileName: 'format_for_Full_Length_Paper.pdf',
    buttonLabel: 'Format',
    summary: 'Prepare your full-length paper with this template after your abstract is accepted.',
    metaDescription: 'The ICTACEM 2025 full-length paper format and template (PDF), with the notes for authors.',
    listHeading: 'Notes for authors',
    listItems: [
      ...formatNotes,
      'Include a comprehensive list of references.',
      'Selected papers will be considered for publication.',
    ],
  },
} as const satisfies Record<string, ConferenceDocument>;
