import type { Conference } from './conference/conference-types.ts';

export type { Conference } from './conference/conference-types.ts';

/**
 * Who the conference is and where, as configured (CONFERENCE_FILE, or the built-in default):
 * set once, by the server before it builds the app and by the client from the page it was served
 * in, before either renders anything. Read it when needed, never into a module-level constant.
 * When it takes place is one of the conference's dates (domain/deadlines.ts).
 */
let current: Conference | undefined;

export function currentConference(): Conference {
  if (!current) throw new Error('The conference is read before its configuration was set (setConference).');
  return current;
}

export function setConference(conference: Conference): void {
  current = conference;
}

/** The themes' labels, as stored with papers, in the configured order. */
export function themeLabels(): string[] {
  return currentConference().themes.map(({ label }) => label);
}

/** The presentation modes' labels, as stored with papers, in the configured order. */
export function presentationModeLabels(): string[] {
  return currentConference().presentationModes.map(({ label }) => label);
}

/** The id of the JSON script through which the served page hands the conference to the client. */
export const CONFERENCE_SCRIPT_ID = 'conference-configuration';

/**
 * The conference as data in the page's head, read by the client before it renders (main.tsx): a
 * JSON script is never run, so the CSP needs no exception, and `<` is escaped so that no text in
 * it can close the element.
 */
export function conferenceScript(conference: Conference): string {
  const json = JSON.stringify(conference).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${CONFERENCE_SCRIPT_ID}">${json}</script>`;
}

/**
 * A text that must be one of the configured choices (a theme, a mode), checked when parsed: the
 * list is the conference's, read at each parse, not fixed when the schema was made.
 */
export function isConfiguredChoice(choices: () => readonly string[]) {
  return (value: string) => choices().includes(value);
}

/** What a paper's conference ID is called on every page, export and message: "acronym ID". */
export function conferenceIdLabel(): string {
  return `${currentConference().acronym} ID`;
}

/** How the site's downloads are named: "acronym" and year in lower case, e.g. "conf2030-papers.csv". */
export function conferenceFileStem(): string {
  const { acronym, year } = currentConference();
  return `${acronym.toLowerCase()}${year}`;
}
