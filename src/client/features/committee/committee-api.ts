import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CommitteeInvitationBody,
  committeeListResponseSchema,
  committeeMemberResponseSchema,
} from '@shared/schemas/committee.ts';
import type { messageResponseSchema } from '@shared/schemas/responses.ts';
import type { reviewModeSavedResponseSchema, SetReviewModeBody } from '@shared/schemas/review-mode.ts';
import type {
  automaticRemindersResponseSchema,
  automaticRemindersSavedResponseSchema,
} from '@shared/schemas/review-reminders.ts';
import { api, type ResponseOf } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';

const committeeQuery = queryOptions({
  queryKey: queryKeys.admin.committee,
  queryFn: () => api<ResponseOf<typeof committeeListResponseSchema>>('/admin/committee'),
});

export function useCommittee() {
  return useQuery(committeeQuery);
}

export function useInviteReviewer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommitteeInvitationBody) =>
      api<ResponseOf<typeof committeeMemberResponseSchema>>('/admin/committee/invitations', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.committee }),
  });
}

export type CommitteeAction = 'resend' | 'revoke';

/** "Send again" and "Withdraw" / "Remove" on a row of the committee table. */
export function useCommitteeAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, action }: { memberId: string; action: CommitteeAction }) =>
      api<ResponseOf<typeof committeeMemberResponseSchema>>(
        `/admin/committee/${encodeURIComponent(memberId)}/${action}`,
        { method: 'POST' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.committee }),
  });
}

/** "Review mode": the answer is the mode now in force, for every page that reads it. */
export function useSetReviewMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetReviewModeBody) =>
      api<ResponseOf<typeof reviewModeSavedResponseSchema>>('/admin/committee/review-mode', { method: 'PUT', body }),
    onSuccess: (answer) =>
      queryClient.setQueryData(queryKeys.reviewMode, { success: true, reviewMode: answer.reviewMode }),
  });
}

/** "Remind reviewers": one notice, and one e-mail with a mail server, per member with unfinished reviews. */
export function useRemindReviewers() {
  return useMutation({
    mutationFn: () => api<ResponseOf<typeof messageResponseSchema>>('/admin/committee/reminders', { method: 'POST' }),
  });
}

const automaticRemindersQuery = queryOptions({
  queryKey: queryKeys.admin.automaticReminders,
  queryFn: () => api<ResponseOf<typeof automaticRemindersResponseSchema>>('/admin/committee/automatic-reminders'),
});

export function useAutomaticReminders() {
  return useQuery(automaticRemindersQuery);
}

/** Turns the automatic reminders on or off; the answer is the setting now in force. */
export function useSetAutomaticReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (automatic: boolean) =>
      api<ResponseOf<typeof automaticRemindersSavedResponseSchema>>('/admin/committee/automatic-reminders', {
        method: 'PUT',
        body: { automatic },
      }),
    onSuccess: (answer) =>
      queryClient.setQueryData(automaticRemindersQuery.queryKey, { success: true, reminders: answer.reminders }),
  });
}
