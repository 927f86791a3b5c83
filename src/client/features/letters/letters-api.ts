import { useMutation, useQuery, useQueryClient, queryOptions, keepPreviousData } from '@tanstack/react-query';
import type { VisaRequestStatus } from '@shared/domain/letters.ts';
import type {
  adminVisaRequestListResponseSchema,
  letterVerificationResponseSchema,
  ownVisaRequestsResponseSchema,
  VisaRequestBody,
  visaRequestCreatedResponseSchema,
  visaRequestDecidedResponseSchema,
} from '@shared/schemas/letters.ts';
import { api, apiBase, ApiError, type ResponseOf } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';

const paperPath = (paperId: string) => `/papers/${encodeURIComponent(paperId)}`;

/** Plain download links: the server answers the PDF as an attachment, with the session cookie. */
export const acceptanceLetterUrl = (paperId: string) => `${apiBase()}${paperPath(paperId)}/letters/acceptance`;
export const adminAcceptanceLetterUrl = (paperId: string) =>
  `${apiBase()}/admin${paperPath(paperId)}/letters/acceptance`;
/** Streamed by the server as it is made, so a link rather than a fetch into memory. */
export const acceptanceLettersZipUrl = () => `${apiBase()}/admin/letters/acceptance.zip`;

function ownVisaRequestsQuery(paperId: string) {
  return queryOptions({
    queryKey: queryKeys.letters.visaRequests(paperId),
    queryFn: () => api<ResponseOf<typeof ownVisaRequestsResponseSchema>>(`${paperPath(paperId)}/visa-requests`),
  });
}

export function useOwnVisaRequests(paperId: string) {
  return useQuery(ownVisaRequestsQuery(paperId));
}

export function useRequestVisaLetter(paperId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VisaRequestBody) =>
      api<ResponseOf<typeof visaRequestCreatedResponseSchema>>(`${paperPath(paperId)}/visa-requests`, {
        method: 'POST',
        body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.letters.visaRequests(paperId) }),
  });
}

function adminVisaRequestsQuery(status: VisaRequestStatus | '', page: number) {
  const query = new URLSearchParams({ page: String(page), ...(status ? { status } : {}) });
  return queryOptions({
    queryKey: queryKeys.admin.visaRequests(status, page),
    queryFn: () => api<ResponseOf<typeof adminVisaRequestListResponseSchema>>(`/admin/visa-requests?${query}`),
    placeholderData: keepPreviousData,
  });
}

export function useAdminVisaRequests(status: VisaRequestStatus | '', page: number) {
  return useQuery(adminVisaRequestsQuery(status, page));
}

export type VisaDecision =
  { requestId: string; decision: 'approve' } | { requestId: string; decision: 'decline'; note: string };

export function useDecideVisaRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VisaDecision) =>
      api<ResponseOf<typeof visaRequestDecidedResponseSchema>>(
        `/admin/visa-requests/${encodeURIComponent(input.requestId)}/${input.decision}`,
        input.decision === 'decline' ? { method: 'POST', body: { note: input.note } } : { method: 'POST' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.allVisaRequests }),
  });
}

/** What the public page says about a code; null asks nothing. */
function letterVerificationQuery(code: string | null) {
  return queryOptions({
    queryKey: queryKeys.letters.verification(code ?? ''),
    queryFn: () =>
      api<ResponseOf<typeof letterVerificationResponseSchema>>(`/letters/verify/${encodeURIComponent(code!)}`),
    enabled: code !== null,
    // An unknown code stays unknown, and a rate limit is not lifted by asking again at once.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
}

export function useLetterVerification(code: string | null) {
  return useQuery(letterVerificationQuery(code));
}
