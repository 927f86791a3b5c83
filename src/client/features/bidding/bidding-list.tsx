import { useId, useState } from 'react';
import { type Bid, BID_LABELS, BIDS } from '@shared/domain/bidding.ts';
import { formatConferenceTime } from '@shared/domain/deadlines.ts';
import type { BiddablePaper, Bidding } from '@shared/schemas/bidding.ts';
import { formatCount } from '@shared/format/numbers.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Badge } from '@client/components/ui/badge.tsx';
import { SelectField, TextField } from '@client/components/ui/form-field.tsx';
import { TablePagination } from '@client/components/ui/table-pagination.tsx';
import { errorText } from '@client/lib/api.ts';
import { useToast } from '@client/lib/toast.tsx';
import { usePlaceBid } from './bidding-api.ts';

const PAGE_SIZE = 25;

function windowText(bidding: Bidding): string {
  if (bidding.open) return `Bidding is open until ${formatConferenceTime(bidding.closesAt)}.`;
  if (Date.now() < Date.parse(bidding.opensAt)) return `Bidding opens on ${formatConferenceTime(bidding.opensAt)}.`;
  return `Bidding closed on ${formatConferenceTime(bidding.closesAt)}: your bids are kept as they are.`;
}

/** The papers a member may bid on, filtered by theme and title, a page at a time. */
export function BiddingList({ bidding }: { bidding: Bidding }) {
  const [theme, setTheme] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const folded = search.trim().toLocaleLowerCase();
  const shown = bidding.papers.filter(
    (paper) => (!theme || paper.theme === theme) && (!folded || paper.title.toLocaleLowerCase().includes(folded)),
  );
  const totalPages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, totalPages);
  const themes = [...new Set(bidding.papers.map((paper) => paper.theme))].sort();
  const bidCount = bidding.papers.filter((paper) => paper.bid !== null).length;

  return (
    <div className="space-y-5">
      <Alert tone="info">{windowText(bidding)}</Alert>
      <p className="text-slate-700" data-testid="bid-progress">
        You have bid on {formatCount(bidCount)} of {formatCount(bidding.papers.length)} papers.
      </p>
      {bidding.papers.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-600">
          There is no paper for you to bid on: none is waiting for review, or those waiting are ones you are in conflict
          with.
        </p>
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label="Theme"
              value={theme}
              onChange={(event) => {
                setTheme(event.target.value);
                setPage(1);
              }}
              options={[{ value: '', label: 'All themes' }, ...themes.map((value) => ({ value, label: value }))]}
            />
            <TextField
              label="Search titles"
              type="search"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
            />
          </div>
          {shown.length === 0 ? (
            <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-600">No paper matches.</p>
          ) : (
            <ul className="space-y-3" aria-label="Papers to bid on">
              {shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE).map((paper) => (
                <BidCard
                  key={paper._id}
                  paper={paper}
                  open={bidding.open}
                  ownTheme={bidding.themes.includes(paper.theme)}
                />
              ))}
            </ul>
          )}
          <TablePagination
            pagination={{ page: current, limit: PAGE_SIZE, total: shown.length, totalPages }}
            onPageChange={setPage}
            label="Pages of papers to bid on"
          />
        </>
      )}
    </div>
  );
}

function BidCard({ paper, open, ownTheme }: { paper: BiddablePaper; open: boolean; ownTheme: boolean }) {
  const place = usePlaceBid();
  const toast = useToast();
  const titleId = useId();
  // The choice being saved shows at once: set in the click's own render, not a tick later when the
  // mutation's state arrives (a controlled radio would be put back in between).
  const [saving, setSaving] = useState<{ bid: Bid | null } | null>(null);
  const choose = (bid: Bid | null) => {
    setSaving({ bid });
    place.mutate(
      { paperId: paper._id, bid },
      {
        onError: (error) => toast.error(errorText(error, 'Your bid could not be saved. Please try again.')),
        onSettled: () => setSaving(null),
      },
    );
  };
  const shown = saving ? saving.bid : paper.bid;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="bid-card">
      <fieldset aria-labelledby={titleId} disabled={!open}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={titleId} className="min-w-0 font-semibold break-words text-slate-900">
            {paper.title}
          </h2>
          <Badge tone={ownTheme ? 'accent' : 'neutral'}>{paper.theme}</Badge>
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          {BIDS.map((bid) => (
            <label
              key={bid}
              className={`inline-flex cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 text-sm has-[:checked]:font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${
                bid === 'conflict'
                  ? 'border-red-200 has-[:checked]:border-red-700 has-[:checked]:bg-red-50 has-[:checked]:text-red-800'
                  : 'border-slate-300 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-900'
              }`}
            >
              <input
                type="radio"
                name={`bid-${paper._id}`}
                value={bid}
                checked={shown === bid}
                onChange={() => choose(bid)}
                className="size-4"
              />
              {BID_LABELS[bid]}
            </label>
          ))}
          {shown !== null && (
            <button
              type="button"
              aria-describedby={titleId}
              onClick={() => choose(null)}
              className="rounded-md px-3 py-1.5 text-sm font-medium text-brand-700 hover:underline"
            >
              Clear
            </button>
          )}
        </div>
      </fieldset>
    </li>
  );
}
