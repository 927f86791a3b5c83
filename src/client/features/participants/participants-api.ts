import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  checkInCountsResponseSchema,
  importPreviewResponseSchema,
  importResponseSchema,
  ParticipantBody,
  ParticipantRole,
  participantResponseSchema,
  ParticipantsQuery,
  participantsResponseSchema,
  volunteerResponseSchema,
  volunteersResponseSchema,
} from '@shared/schemas/participants.ts';
import { api, type ResponseOf } from '@client/lib/api.ts';

const participantsKey = ['admin', 'participants'] as const;

/** The query string of the list's filters, shared by the list and "Badges (PDF)". */
export function filterQuery(filter: ParticipantsQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function useParticipants(filter: ParticipantsQuery) {
  return useQuery(
    queryOptions({
      queryKey: [...participantsKey, filter],
      queryFn: () => api<ResponseOf<typeof participantsResponseSchema>>(`/admin/participants${filterQuery(filter)}`),
      // Another filter's list stays until its own arrives: the panels are not taken down meanwhile.
      placeholderData: keepPreviousData,
    }),
  );
}

export function useAddParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ParticipantBody) =>
      api<ResponseOf<typeof participantResponseSchema>>('/admin/participants', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: participantsKey }),
  });
}

export function useSetPresenter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, presenterPosition, role }: { id: string; presenterPosition: number; role: ParticipantRole }) =>
      api<ResponseOf<typeof participantResponseSchema>>(`/admin/participants/${encodeURIComponent(id)}/presenter`, {
        method: 'PUT',
        body: { presenterPosition, role },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: participantsKey }),
  });
}

export function useReplaceBadge() {
  return useMutation({
    mutationFn: (id: string) =>
      api<{ message: string }>(`/admin/participants/${encodeURIComponent(id)}/replace-badge`, { method: 'POST' }),
  });
}

export function useImportParticipants() {
  const queryClient = useQueryClient();
  return {
    preview: useMutation({
      mutationFn: (file: string) =>
        api<ResponseOf<typeof importPreviewResponseSchema>>('/admin/participants/import/preview', {
          method: 'POST',
          body: { file },
        }),
    }),
    confirm: useMutation({
      mutationFn: (file: string) =>
        api<ResponseOf<typeof importResponseSchema>>('/admin/participants/import', { method: 'POST', body: { file } }),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: participantsKey }),
    }),
  };
}

export function useVolunteers() {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'volunteers'],
      queryFn: () => api<ResponseOf<typeof volunteersResponseSchema>>('/admin/volunteers'),
    }),
  );
}

export function useGrantVolunteer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      api<ResponseOf<typeof volunteerResponseSchema>>('/admin/volunteers', { method: 'POST', body: { email } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'volunteers'] }),
  });
}

export function useRevokeVolunteer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api<{ message: string }>(`/admin/volunteers/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'volunteers'] }),
  });
}

export function useCheckInCounts() {
  return useQuery(
    queryOptions({
      queryKey: [...participantsKey, 'check-in-counts'],
      queryFn: () => api<ResponseOf<typeof checkInCountsResponseSchema>>('/admin/check-ins/counts'),
    }),
  );
}
