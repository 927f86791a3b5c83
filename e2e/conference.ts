import { readConferenceFile } from '@server/conference-file.ts';
import { DEFAULT_CONFERENCE } from '@shared/conference/default-conference.ts';

/** The conference the servers under test run (CONFERENCE_FILE, else the default): labels come from it. */
export const e2eConference = process.env.CONFERENCE_FILE
  ? readConferenceFile(process.env.CONFERENCE_FILE)
  : DEFAULT_CONFERENCE;

/**
 * The second conference the suite runs its main journeys against (e2e/second-edition/), on a
 * server of its own started with this file: another name, base path, time zone, themes and modes.
 */
export const SECOND_EDITION_FILE = 'examples/demo-conference/conference.yaml';
export const secondEdition = readConferenceFile(SECOND_EDITION_FILE);
