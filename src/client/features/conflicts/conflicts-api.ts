import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  conflictChangedResponseSchema,
  DeclareConflictBody,
  paperConflictsResponseSchema,
} from '@shared/schemas/conflicts.ts';
import { api, type ResponseOf } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';

const conflictsPath = (paperId: string) => `/admin/papers/${encodeURIComponent(paperId)}/conflicts`;

export function usePaperConflicts(paperId: string) {
  return useQuery({
    queryKey: queryKeys.admin.paperConflicts(paperId),
    queryFn: () => api<ResponseOf<typeof paperConflictsResponseSchema>>(conflictsPath(paperId)),
    select: (answer) => answer.conflicts,
  });
}

export type ConflictChange =
  | { action: 'declare'; body: DeclareConflictBody }
  | { action: 'lift'; memberId: string; reason: string }
  | { action: 'withdraw' | 'restore'; memberId: string };

function requestOf(paperId: string, change: ConflictChange) {
  const base = conflictsPath(paperId);
  switch (change.action) {
    case 'declare':
      return { path: base, body: change.body };
    case 'lift':
      return { path: `${base}/${encodeURIComponent(change.memberId)}/lift`, body: { reason: change.reason } };
    default:
      return { path: `${base}/${encodeURIComponent(change.memberId)}/${change.action}`, body: undefined };
  }
}

/** Declare, lift, withdraw or restore: each answer carries the paper's conflicts as they now stand. */
export function useConflictChange(paperId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ConflictChange) => {
      const { path, body } = requestOf(paperId, change);
      return api<ResponseOf<typeof conflictChangedResponseSchema>>(path, { method: 'POST', body });
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.admin.paperConflicts(paperId), { success: true, conflicts: answer.conflicts });
      // Who may review the paper changed with it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.paperReviewers(paperId) });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.paperConflicts(paperId) }),
  });
}
