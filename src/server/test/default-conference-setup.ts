import { setConference } from '@shared/conference.ts';
import { DEFAULT_CONFERENCE } from '@shared/conference/default-conference.ts';

// Every test file starts with the default conference, as the server does without CONFERENCE_FILE;
// a test app sets its own when it is built.
setConference(DEFAULT_CONFERENCE);
