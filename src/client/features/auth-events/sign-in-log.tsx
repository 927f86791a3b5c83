import { useState } from 'react';
import { AUTH_EVENT_LABELS, AUTH_EVENT_TYPES } from '@shared/schemas/auth-events.ts';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { errorText } from '@client/lib/api.ts';
import { formatDateTime } from '@client/lib/dates.ts';
import { TablePagination } from '@client/components/ui/table-pagination.tsx';
import { useDebouncedValue } from '@client/lib/use-debounced-value.ts';
import type { AuthEventType } from '@shared/schemas/auth-events.ts';
import { useAuthEvents } from './auth-events-api.ts';

/** Who signed in, failed, reset or signed out, newest first, filtered by kind and e-mail. */
export function SignInLog() {
  const [type, setType] = useState<AuthEventType | ''>('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  const params = new URLSearchParams({
    page: String(page),
    ...(type ? { type } : {}),
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
  });
  const log = useAuthEvents(params);

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row">
        <label className="flex flex-1 flex-col text-sm font-medium text-slate-700">
          E-mail contains
          <input
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            className="mt-1 rounded-md border border-slate-300 px-3 py-2 text-base"
          />
        </label>
        <label className="flex flex-col text-sm font-medium text-slate-700">
          What happened
          <select
            value={type}
            onChange={(e) => {
              setType(e.target.value as AuthEventType | '');
              setPage(1);
            }}
            className="mt-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
          >
            <option value="">Everything</option>
            {AUTH_EVENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {AUTH_EVENT_LABELS[t]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {log.isPending ? (
        <Spinner label="Loading the sign-in log..." />
      ) : log.isError ? (
        <p className="text-red-700">{errorText(log.error, 'The sign-in log could not be loaded.')}</p>
      ) : log.data.events.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">
          Nothing recorded that matches.
        </p>
      ) : (
        <>
          <ul
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
            aria-label="Sign-in events"
          >
            {log.data.events.map((event) => (
              <li
                key={event._id}
                className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[12rem_1fr_16rem]"
                data-testid="auth-event"
              >
                <time dateTime={event.at} className="text-slate-600">
                  {formatDateTime(event.at)}
                </time>
                <span className="min-w-0">
                  <span className="font-semibold text-slate-900">{AUTH_EVENT_LABELS[event.type]}</span>
                  <span className="block break-words text-slate-700">{event.account}</span>
                </span>
                <span className="min-w-0 break-words text-slate-600">
                  {event.address || 'Unknown address'}
                  <span className="block truncate" title={event.userAgent}>
                    {event.userAgent || 'Unknown browser'}
                  </span>
                </span>
              </li>
            ))}
          </ul>
          <TablePagination pagination={log.data.pagination} onPageChange={setPage} label="Sign-in log pages" />
        </>
      )}
    </div>
  );
}
