export interface CommitteeMember {
  name: string;
  position: string;
}

export interface Committee {
  title: string;
  members: readonly CommitteeMember[];
}

/**
 * The committees, in the order shown. Members are not published yet: add entries such as
 * { name: 'Full Name', position: 'Chair' } and the page lists them; an empty list reads
 * "To be announced".
 */
export const committees: readonly Committee[] = [
  { title: 'Patrons', members: [] },
  { title: 'Organizing Committee', members: [] },
  { title: 'Technical Committee', members: [] },
  { title: 'Advisory Committee', members: [] },
];
