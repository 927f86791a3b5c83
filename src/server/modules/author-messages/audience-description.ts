import { PAPER_STATUS_LABELS } from '@shared/constants.ts';
import type { PaperAudience } from '@shared/schemas/paper-audience.ts';
import { formatCount } from '@shared/format/numbers.ts';

function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** The audience in words, kept with the message: "Papers: Abstract Accepted, unpaid". */
export function describeAudience(audience: PaperAudience): string {
  if (audience.kind === 'selection') {
    return plural(new Set(audience.paperIds).size, 'selected paper', 'selected papers');
  }
  const { filter } = audience;
  const parts = [
    filter.status && PAPER_STATUS_LABELS[filter.status],
    filter.theme,
    filter.mode,
    filter.payment,
    filter.fullPaper && (filter.fullPaper === 'yes' ? 'with a full paper' : 'without a full paper'),
    filter.unread && 'with unread messages',
    filter.search && `matching "${filter.search}"`,
  ].filter(Boolean);
  return parts.length === 0 ? 'All papers' : `Papers: ${parts.join(', ')}`;
}
