import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApplyPlanBody,
  assignableMembersResponseSchema,
  assignmentPlanResponseSchema,
  AssignReviewersBody,
  AutomaticAssignmentBody,
  paperReviewersResponseSchema,
  reviewersChangedResponseSchema,
} from '@shared/schemas/assignment.ts';
import { api, type ResponseOf } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';

type Changed = ResponseOf<typeof reviewersChangedResponseSchema>;

export function usePaperReviewers(paperId: string) {
  return useQuery({
    queryKey: queryKeys.admin.paperReviewers(paperId),
    queryFn: () =>
      api<ResponseOf<typeof paperReviewersResponseSchema>>(`/admin/papers/${encodeURIComponent(paperId)}/reviewers`),
    select: (answer) => answer.reviewers,
  });
}

export function useAssignableMembers() {
  return useQuery({
    queryKey: [...queryKeys.admin.assignments, 'members'],
    queryFn: () => api<ResponseOf<typeof assignableMembersResponseSchema>>('/admin/assignments/members'),
    select: (answer) => answer.members,
  });
}

/** After any change of assignments: the papers' reviewers and timelines, loads and the committee table. */
function useRefreshAfterAssignment() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'paper'] }),
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.assignments }),
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.committee }),
    ]);
}

export function useAssignReviewers() {
  const refresh = useRefreshAfterAssignment();
  return useMutation({
    mutationFn: (body: AssignReviewersBody) => api<Changed>('/admin/assignments', { method: 'POST', body }),
    onSettled: refresh,
  });
}

export function useUnassignReviewer(paperId: string) {
  const refresh = useRefreshAfterAssignment();
  return useMutation({
    mutationFn: (memberId: string) =>
      api<Changed>(`/admin/papers/${encodeURIComponent(paperId)}/reviewers/${encodeURIComponent(memberId)}/unassign`, {
        method: 'POST',
      }),
    onSettled: refresh,
  });
}

/** Asks for a plan: nothing is assigned until it is applied. */
export function usePlanAssignment() {
  return useMutation({
    mutationFn: (body: AutomaticAssignmentBody) =>
      api<ResponseOf<typeof assignmentPlanResponseSchema>>('/admin/assignments/plan', { method: 'POST', body }),
  });
}

export function useApplyPlan() {
  const refresh = useRefreshAfterAssignment();
  return useMutation({
    mutationFn: (body: ApplyPlanBody) => api<Changed>('/admin/assignments/apply', { method: 'POST', body }),
    onSettled: refresh,
  });
}
