import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaperStatus } from '@shared/constants.ts';
import { BULK_BATCH_SIZE } from '@shared/domain/bulk-actions.ts';
import type { bulkSelectionResponseSchema, BulkStatusResult } from '@shared/schemas/bulk-actions.ts';
import { api, type ResponseOf } from '@client/lib/api.ts';
import type { PaperFilters } from '../paper-filters.ts';
import { queryKeys } from '@client/lib/query-keys.ts';
import { toQueryString } from '@client/lib/query-string.ts';

/** Every paper the list's filter matches ("Select all N matching"). */
export async function fetchMatchingPaperIds(filters: PaperFilters): Promise<string[]> {
  const query = toQueryString({ ...filters, search: filters.search.trim() });
  return (await api<ResponseOf<typeof bulkSelectionResponseSchema>>(`/admin/papers/bulk/selection${query}`)).paperIds;
}

/**
 * Changes the status of many papers, a batch of BULK_BATCH_SIZE at a time, reporting after each
 * how many are done; the results of all batches are joined. A failing batch stops the rest, and
 * what the earlier batches did stays done (each paper is changed whole or not at all).
 */
async function changeStatusInBatches(
  paperIds: readonly string[],
  change: { status: PaperStatus; review: string; shareReviews: boolean },
  onProgress: (done: number) => void,
): Promise<Omit<BulkStatusResult, 'success'>> {
  const joined: Omit<BulkStatusResult, 'success'> = { changed: [], held: 0, skipped: [], byEmail: true };
  for (let start = 0; start < paperIds.length; start += BULK_BATCH_SIZE) {
    const batch = paperIds.slice(start, start + BULK_BATCH_SIZE);
    const result = await api<BulkStatusResult>('/admin/papers/bulk/status', {
      method: 'POST',
      body: { paperIds: batch, ...change },
    });
    joined.changed.push(...result.changed);
    joined.held += result.held;
    joined.skipped.push(...result.skipped);
    joined.byEmail = result.byEmail;
    onProgress(start + batch.length);
  }
  return joined;
}

interface BulkStatusChange {
  paperIds: readonly string[];
  change: { status: PaperStatus; review: string; shareReviews: boolean };
  onProgress: (done: number) => void;
}

/** "Change status" of a selection, batch by batch; every admin view is refreshed after, a failure too. */
export function useBulkStatusChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paperIds, change, onProgress }: BulkStatusChange) =>
      changeStatusInBatches(paperIds, change, onProgress),
    // Not awaited: the summary shows at once, the views refresh behind it.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
