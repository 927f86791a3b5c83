import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListPagination } from '@shared/schemas/admin-dashboard.ts';
import type { AdminPaper, adminPaperDetailsResponseSchema } from '@shared/schemas/admin-paper.ts';
import { api, ApiError, type ResponseOf } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';

/**
 * One paper as the organisers' pages hold it, and the one way they change it: the paper page
 * (admin-review) and the dashboard's quick review (admin-dashboard) both go through here.
 */

export const adminPaperPath = (paperId: string) => `/admin/papers/${encodeURIComponent(paperId)}`;

/** The paper and its submitter (the communicating author; null when the account is gone). */
export type AdminPaperDetails = Omit<ResponseOf<typeof adminPaperDetailsResponseSchema>, 'success'>;

/**
 * A malformed id (the server answers 400 for a path parameter that is not an id) is as missing
 * as an unknown one (404): both show the not-found card and are not asked for again.
 */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export const retryUnlessMissing = (failures: number, error: unknown) => !isNotFound(error) && failures < 1;

export function adminPaperQuery(paperId: string) {
  return queryOptions({
    queryKey: queryKeys.admin.paper(paperId),
    queryFn: async (): Promise<AdminPaperDetails> => {
      const { paper, user } = await api<ResponseOf<typeof adminPaperDetailsResponseSchema>>(adminPaperPath(paperId));
      return { paper, user };
    },
    retry: retryUnlessMissing,
  });
}

interface PaperChange<TVariables, TAnswer> {
  send: (variables: TVariables) => Promise<TAnswer>;
  /** Which paper the change is to. */
  paperIdOf: (variables: TVariables) => string;
  /** The paper as the answer leaves it. */
  applyAnswer: (paper: AdminPaper, answer: TAnswer, variables: TVariables) => AdminPaper;
}

/**
 * A change to one paper: the answer is written into the cached paper page and the cached paper
 * lists at once (so they show it without waiting), then every admin view (statistics, tables,
 * review pages) is refreshed from the server, after a refusal too, so a 409 shows the other
 * admin's change.
 */
export function usePaperChange<TVariables, TAnswer>({
  send,
  paperIdOf,
  applyAnswer,
}: PaperChange<TVariables, TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer, variables) => {
      const paperId = paperIdOf(variables);
      queryClient.setQueryData(
        adminPaperQuery(paperId).queryKey,
        (old) => old && { ...old, paper: applyAnswer(old.paper, answer, variables) },
      );
      queryClient.setQueriesData<{ papers: AdminPaper[]; pagination: ListPagination }>(
        { queryKey: queryKeys.admin.paperList },
        (old) =>
          old && {
            ...old,
            // A listed paper may carry more than the paper (its unread messages): kept.
            papers: old.papers.map((listed) =>
              listed._id === paperId ? { ...listed, ...applyAnswer(listed, answer, variables) } : listed,
            ),
          },
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
