import {
  DELIVERY_STATE_LABELS,
  DELIVERY_STATES,
  type AuthorMessage,
  type DeliveryState,
} from '@shared/schemas/author-messages.ts';
import { formatCount } from '@shared/format/numbers.ts';
import { Badge, type BadgeTone } from '@client/components/ui/badge.tsx';

export const DELIVERY_STATE_TONES: Record<DeliveryState, BadgeTone> = {
  queued: 'attention',
  sent: 'success',
  failed: 'danger',
  not_emailed: 'neutral',
};

/** "3 Sent · 1 Failed": a chip per delivery state that has recipients. */
export function DeliverySummary({ delivery }: { delivery: AuthorMessage['delivery'] }) {
  const shown = DELIVERY_STATES.filter((state) => delivery[state] > 0);
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Delivery">
      {shown.map((state) => (
        <li key={state}>
          <Badge tone={DELIVERY_STATE_TONES[state]}>
            {formatCount(delivery[state])} {DELIVERY_STATE_LABELS[state]}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
