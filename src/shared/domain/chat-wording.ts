/**
 * How the chat names the organisers' side to an author. Its messages keep the spec's "Reviewer"
 * label; where a programme committee exists, the empty state and the notice of a new message say
 * "the organisers", so that an author never takes an organiser's note for a blind reviewer's.
 */
export const CHAT_WORDING = {
  emptyPrompt: (committeeExists: boolean) =>
    `Ask ${committeeExists ? 'the organisers' : 'the reviewers'} anything about this paper.`,
  noticeTitle: (committeeExists: boolean, paperRef: string) =>
    `New message from ${committeeExists ? 'the organisers' : 'the reviewers'} on ${paperRef}`,
  noticeMessage: (committeeExists: boolean, title: string, preview: string) =>
    `${committeeExists ? 'The organisers wrote' : 'A reviewer wrote'} about "${title}": ${preview}`,
} as const;
