/**
 * When a decision reaches its author. The spec's behaviour (at once) is the default; a committee
 * that announces decisions together holds them until an organiser releases them or the
 * notification date comes.
 */
export const DECISION_RELEASE_MODES = ['on_entry', 'on_release', 'on_notification_date'] as const;
export type DecisionReleaseMode = (typeof DECISION_RELEASE_MODES)[number];
export const DEFAULT_DECISION_RELEASE_MODE: DecisionReleaseMode = 'on_entry';

export const DECISION_RELEASE_MODE_LABELS: Record<DecisionReleaseMode, string> = {
  on_entry: 'As soon as they are entered',
  on_release: 'When I release them',
  on_notification_date: 'On the notification date',
};

/** Decisions released per request: the dialog shows its progress between batches. */
export const RELEASE_BATCH_SIZE = 25;

export const DECISION_RELEASE_TEXTS = {
  invalidMode: 'Choose when decisions are released.',
  saved: (mode: DecisionReleaseMode) => `Release decisions: ${DECISION_RELEASE_MODE_LABELS[mode]}.`,
  held: 'Decision held',
  nothingHeld: 'No decision is held.',
  stillHeld: (n: number) =>
    `${n} decision${n === 1 ? ' is' : 's are'} still held: release ${n === 1 ? 'it' : 'them'} from the paper list.`,
} as const;
