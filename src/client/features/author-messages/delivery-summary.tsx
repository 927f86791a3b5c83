import { DELIVERY_STATE_LABELS, DELIVERY_STATES, type AuthorMessage } from '@shared/schemas/author-messages.ts';
import { formatCount } from '@client/lib/numbers.ts';

export const DELIVERY_STATE_CLASSES = {
  queued: 'bg-amber-50 text-amber-800 ring-amber-200',
  sent: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  not_emailed: 'bg-slate-100 text-slate-700 ring-slate-200',
} as const;

/** "3 Sent · 1 Failed": a chip per delivery state that has recipients. */
export function DeliverySummary({ delivery }: { delivery: AuthorMessage['delivery'] }) {
  const shown = DELIVERY_STATES.filter((state) => delivery[state] > 0);
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Delivery">
      {shown.map((state) => (
        <li
          key={state}
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${DELIVERY_STATE_CLASSES[state]}`}
        >
          {formatCount(delivery[state])} {DELIVERY_STATE_LABELS[state]}
        </li>
      ))}
    </ul>
  );
}
