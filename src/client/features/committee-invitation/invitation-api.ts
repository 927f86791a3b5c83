import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  acceptInvitationBodySchema,
  committeeInvitationResponseSchema,
  invitationAnsweredResponseSchema,
} from '@shared/schemas/committee.ts';
import type { z } from 'zod';
import { api, type ResponseOf } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';

const invitationPath = (token: string) => `/committee/invitations/${encodeURIComponent(token)}`;

export function useInvitation(token: string) {
  return useQuery({
    queryKey: queryKeys.committeeInvitation(token),
    queryFn: () => api<ResponseOf<typeof committeeInvitationResponseSchema>>(invitationPath(token)),
    // An answered, withdrawn or expired link says so at once: asking again changes nothing.
    retry: false,
  });
}

type Answer =
  | { answer: 'accept'; body: z.input<typeof acceptInvitationBodySchema> }
  | { answer: 'decline'; body: { reason: string } };

/** Accepting may create the invitee's account and sign it in: the session is read again after. */
export function useAnswerInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ answer, body }: Answer) =>
      api<ResponseOf<typeof invitationAnsweredResponseSchema>>(`${invitationPath(token)}/${answer}`, {
        method: 'POST',
        body,
      }),
    // Signed in now, or a member now: the header's links follow the session.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
    // Refused because the link changed meanwhile (answered, withdrawn, expired, an account made):
    // the page reads it again and shows where it stands.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.committeeInvitation(token) }),
  });
}
