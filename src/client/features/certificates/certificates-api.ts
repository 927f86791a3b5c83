import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CertificateKind } from '@shared/domain/certificates.ts';
import type {
  CertificateReissueBody,
  certificateChangedResponseSchema,
  certificateHoldersResponseSchema,
  ownCertificatesResponseSchema,
} from '@shared/schemas/certificates.ts';
import { api, apiBase, type ResponseOf } from '@client/lib/api.ts';

const holdersKey = ['admin', 'certificates'] as const;

/** A plain download link: the server answers the PDF as an attachment, issuing it on first download. */
export const participantCertificateUrl = (participantId: string, kind: CertificateKind) =>
  `${apiBase()}/admin/participants/${encodeURIComponent(participantId)}/certificates/${kind}`;

export function useOwnCertificates(paperId: string) {
  return useQuery(
    queryOptions({
      queryKey: ['certificates', paperId],
      queryFn: () =>
        api<ResponseOf<typeof ownCertificatesResponseSchema>>(`/papers/${encodeURIComponent(paperId)}/certificates`),
    }),
  );
}

export function useCertificateHolders() {
  return useQuery(
    queryOptions({
      queryKey: holdersKey,
      queryFn: () => api<ResponseOf<typeof certificateHoldersResponseSchema>>('/admin/certificates'),
    }),
  );
}

export function useWithdrawCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (letterId: string) =>
      api<ResponseOf<typeof certificateChangedResponseSchema>>(
        `/admin/certificates/${encodeURIComponent(letterId)}/withdraw`,
        { method: 'POST' },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: holdersKey }),
  });
}

export function useReissueCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ letterId, body }: { letterId: string; body: CertificateReissueBody }) =>
      api<ResponseOf<typeof certificateChangedResponseSchema>>(
        `/admin/certificates/${encodeURIComponent(letterId)}/reissue`,
        { method: 'POST', body },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: holdersKey }),
  });
}
