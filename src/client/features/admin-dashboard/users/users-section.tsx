import { useState } from 'react';
import { useAdminUsers } from '../dashboard-api.ts';
import { useReportLoadError } from '../dashboard-messages.tsx';
import { EmptyState, foundText, LOADING_TEXT, LoadFailed, LoadingData, SearchField } from '../dashboard-ui.tsx';
import { TablePagination } from '@client/components/ui/table-pagination.tsx';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@client/lib/use-debounced-value.ts';
import { usePageOf } from '../use-page-of.ts';
import { UserCard } from './user-card.tsx';

/** User Management (spec 2.4): every author, searchable, a page at a time. */
export function UsersSection() {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = usePageOf(search);
  const users = useAdminUsers({ search, page });
  useReportLoadError(users.error, 'Failed to load users: ');
  const { data } = users;

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <SearchField
          label="Search users"
          placeholder="Search by name, email or user ID..."
          value={searchInput}
          onChange={setSearchInput}
        />
        {data && (
          <p className="text-sm font-medium text-slate-700 sm:pb-2" data-testid="users-found">
            {foundText(data.pagination.total, 'user', 'users')}
          </p>
        )}
      </div>
      {!data ? (
        users.isPending ? (
          <LoadingData fillsPage />
        ) : (
          <LoadFailed onRetry={() => void users.refetch()} />
        )
      ) : data.users.length === 0 ? (
        <EmptyState
          title="No users found"
          hint={search ? 'Try adjusting your search query or filters.' : 'No users have registered yet.'}
        />
      ) : (
        <>
          {users.isFetching && users.isPlaceholderData && (
            <p role="status" className="text-sm text-slate-500">
              {LOADING_TEXT}
            </p>
          )}
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {data.users.map((user) => (
              // min-w-0: a grid item otherwise grows to its longest unbreakable line (an e-mail kept on one line).
              <li key={user._id} className="flex min-w-0">
                <UserCard user={user} />
              </li>
            ))}
          </ul>
          <TablePagination pagination={data.pagination} onPageChange={setPage} label="User pages" />
        </>
      )}
    </div>
  );
}
