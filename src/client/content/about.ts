import { conference } from './conference.ts';

/** `days` undefined: not known yet, the sentence that needs them waits. */
export const aboutConference = (days: string | undefined) => ({
  paragraphs: [
    `${conference.shortName} is the ${conference.fullName}. It is the ninth edition of a conference that has been held every three years since 1998.`,
    'It brings together researchers, engineers and students working on theoretical, applied, computational and experimental mechanics, with a focus on aerospace and mechanics.',
    days
      ? `The conference takes place on ${days} on the campus of a technical institute in West Bengal, India.`
      : 'The conference takes place on the campus of a technical institute in West Bengal, India.',
  ],
});

/** The theme cards' titles come from THEMES in src/shared/constants.ts, the list the submission form uses. */
export const themesIntro = 'Extended abstracts and papers are invited in the following four themes.';

export const campus = {
  paragraphs: [
    'The conference is hosted on the campus of a technical institute in West Bengal, India, where the sessions take place and guest-house accommodation is offered on request.',
  ],
} as const;

export const aboutUs = {
  summary: 'Information about the organizers of the conference is to be announced.',
} as const;
