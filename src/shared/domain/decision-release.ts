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
