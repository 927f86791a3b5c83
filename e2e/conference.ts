import { readConferenceFile } from '@server/conference-file.ts';
import { DEFAULT_CONFERENCE } from '@shared/conference/default-conference.ts';

/** The conference the servers under test run (CONFERENCE_FILE, else the default): labels come from it. */
export const e2eConference = process.env.CONFERENCE_FILE
  ? readConferenceFile(process.env.CONFERENCE_FILE)
  : DEFAULT_CONFERENCE;
