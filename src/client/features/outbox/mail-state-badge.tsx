import { MAIL_STATE_LABELS, type MailState } from '@shared/domain/outbox.ts';
import { Badge, type BadgeTone } from '@client/components/ui/badge.tsx';

const MAIL_STATE_TONES: Record<MailState, BadgeTone> = {
  queued: 'info',
  sent: 'success',
  failed: 'danger',
  unsent: 'attention',
};

export function MailStateBadge({ state }: { state: MailState }) {
  return <Badge tone={MAIL_STATE_TONES[state]}>{MAIL_STATE_LABELS[state]}</Badge>;
}
