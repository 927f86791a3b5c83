import { describe, expect, it } from 'vitest';
import { presentationModeLabels, themeLabels } from '@shared/conference.ts';
import { PAPER_MESSAGES } from '@shared/schemas/paper.ts';
import { authorsError, paperDetailsError, submissionError, type WizardValues } from './wizard-validation.ts';

const author = { name: 'Ada Lovelace', affiliation: 'Analytical Engines Ltd', address: 'London' };
const complete: WizardValues = {
  title: 'Vortex shedding behind a cylinder',
  theme: themeLabels()[0]!,
  ictacemId: 'ICTACEMP2025XYZ',
  modeOfPresentation: presentationModeLabels()[0]!,
  authors: [author],
};
const pdf = new File(['%PDF-1.4'], 'abstract.pdf', { type: 'application/pdf' });

describe('step 1: paper details', () => {
  it('asks for every field with the spec text', () => {
    expect(paperDetailsError({ ...complete, title: '  ' })).toBe(PAPER_MESSAGES.stepOneIncomplete);
    expect(paperDetailsError({ ...complete, theme: '' })).toBe(PAPER_MESSAGES.stepOneIncomplete);
    expect(paperDetailsError({ ...complete, modeOfPresentation: '' })).toBe(PAPER_MESSAGES.stepOneIncomplete);
    expect(paperDetailsError(complete)).toBeUndefined();
  });

  it('passes on the shared schema complaint about the ID characters', () => {
    expect(paperDetailsError({ ...complete, ictacemId: 'ICTACEM 2025' })).toMatch(/may contain only/);
  });

  it('names the field and its limit as the server does, when a pasted text is too long', () => {
    expect(paperDetailsError({ ...complete, title: '涡'.repeat(301) })).toBe('Title must be at most 300 characters');
    expect(paperDetailsError({ ...complete, ictacemId: 'ICTACEM'.repeat(6) })).toBe(
      'ICTACEM ID must be at most 40 characters',
    );
    expect(authorsError([author, { ...author, affiliation: 'Політехніка '.repeat(30) }])).toBe(
      'Author affiliation must be at most 300 characters',
    );
  });
});

describe('text pasted from a word processor', () => {
  it('is refused at the step where it is typed, naming the field and the character', () => {
    expect(paperDetailsError({ ...complete, title: 'Vortex\u001b[1m shedding' })).toBe(
      'Title contains a character that cannot be printed or published: U+001B',
    );
    expect(authorsError([author, { ...author, affiliation: 'Politechnika\u000b Łódzka' }])).toBe(
      'Affiliation contains a character that cannot be printed or published: U+000B',
    );
  });
});

describe('step 2: authors', () => {
  it('needs at least one author with all three fields', () => {
    expect(authorsError([])).toBe(PAPER_MESSAGES.authorsIncomplete);
    expect(authorsError([author, { ...author, address: ' ' }])).toBe(PAPER_MESSAGES.authorsIncomplete);
    expect(authorsError([author, author])).toBeUndefined();
  });
});

describe('final submit', () => {
  it('checks in the spec order: fields and PDF, authors, PDF type, confirmation', () => {
    expect(submissionError(complete, null, true)).toBe(PAPER_MESSAGES.allFieldsRequired);
    expect(submissionError({ ...complete, authors: [{ ...author, name: '' }] }, pdf, true)).toBe(
      PAPER_MESSAGES.allAuthorFieldsRequired,
    );
    expect(submissionError(complete, new File(['x'], 'abstract.docx', { type: 'application/msword' }), true)).toBe(
      PAPER_MESSAGES.onlyPdf,
    );
    expect(submissionError(complete, pdf, false)).toBe(PAPER_MESSAGES.confirmationRequired);
    expect(submissionError(complete, pdf, true)).toBeUndefined();
  });
});
