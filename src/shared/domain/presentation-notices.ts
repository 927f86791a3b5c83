/** The titles of an author's notices about their presentation: the site links the first two to the calendar entry. */
export const PRESENTATION_NOTICE_TITLES: Record<'added' | 'moved' | 'removed', string> = {
  added: 'Your presentation is scheduled',
  moved: 'Your presentation has moved',
  removed: 'Your presentation is no longer in the programme',
};

export const ADD_TO_CALENDAR = 'Add to calendar';
