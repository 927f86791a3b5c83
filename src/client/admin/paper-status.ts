import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { PAPER_STATUS_LABELS, PAPER_STATUSES, type PaperStatus } from '@shared/constants.ts';
import type { ListPagination } from '@shared/schemas/admin-dashboard.ts';
import type { AdminPaper, adminPaperChangedResponseSchema } from '@shared/schemas/admin-paper.ts';
import { api, type ResponseOf } from '../lib/api.ts';
import { queryKeys } from '../lib/query-keys.ts';

export interface StatusChange {
  paperId: string;
  status: PaperStatus;
  review: string;
  /** The version the admin saw; the server answers 409 when another admin changed the paper since. */
  version: number;
}

/** What the two review forms hold: the status chosen and the comments to the author. */
export const statusChangeFormSchema = z.object({ status: z.enum(PAPER_STATUSES), review: z.string() });

/**
 * The one way the client sets a paper's status and review comments, from the dashboard's quick
 * review and from the paper page alike. The answer replaces the paper in the cached paper page
 * and lists at once, then every admin view (statistics, tables, review pages) is refetched,
 * after a refusal too, so a 409 shows the other admin's change.
 */
export function useSetPaperStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paperId, ...body }: StatusChange) =>
      api<ResponseOf<typeof adminPaperChangedResponseSchema>>(`/admin/papers/${encodeURIComponent(paperId)}/status`, {
        method: 'PUT',
        body,
      }),
    onSuccess: ({ paper }) => {
      queryClient.setQueryData<{ paper: AdminPaper }>(
        queryKeys.admin.paper(paper._id),
        (old) => old && { ...old, paper },
      );
      queryClient.setQueriesData<{ papers: AdminPaper[]; pagination: ListPagination }>(
        { queryKey: queryKeys.admin.paperList },
        (old) => old && { ...old, papers: old.papers.map((listed) => (listed._id === paper._id ? paper : listed)) },
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

/** Spec 7: "Paper status updated to {status}" (its label), plus " with review comments" when some were given. */
export function statusUpdatedText(status: PaperStatus, review: string): string {
  return `Paper status updated to ${PAPER_STATUS_LABELS[status]}${review.trim() ? ' with review comments' : ''}`;
}
