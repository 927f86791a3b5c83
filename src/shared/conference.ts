import type { Conference } from './conference/conference-types.ts';
import { DEFAULT_CONFERENCE } from './conference/default-conference.ts';

export type { Conference } from './conference/conference-types.ts';

/**
 * Who the conference is and where, as configured (CONFERENCE_FILE, or the built-in default):
 * set once, by the server before it builds the app and by the client from the page it was served
 * in, before either renders anything. Read it when needed, never into a module-level constant.
 * When it takes place is one of the conference's dates (domain/deadlines.ts).
 */
let current: Conference = DEFAULT_CONFERENCE;

export function currentConference(): Conference {
  return current;
}

export function setConference(conference: Conference): void {
  current = conference;
}

/** The themes' labels, as stored with papers, in the configured order. */
export function themeLabels(): string[] {
  return current.themes.map(({ label }) => label);
}

/** The presentation modes' labels, as stored with papers, in the configured order. */
export function presentationModeLabels(): string[] {
  return current.presentationModes.map(({ label }) => label);
}

/** The id of the JSON script through which the served page hands the conference to the client. */
export const CONFERENCE_SCRIPT_ID = 'conference-configuration';

/**
 * A text that must be one of the configured choices (a theme, a mode), checked when parsed: the
 * list is the conference's, read at each parse, not fixed when the schema was made.
 */
export function isConfiguredChoice(choices: () => readonly string[]) {
  return (value: string) => choices().includes(value);
}
