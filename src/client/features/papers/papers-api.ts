import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import type {
  ownPapersResponseSchema,
  submissionCountResponseSchema,
  paperChangedResponseSchema,
  paperResponseSchema,
} from '@shared/schemas/paper.ts';
import { api, ApiError, upload, type ResponseOf } from '@client/lib/api.ts';
import { queryKeys } from '@client/lib/query-keys.ts';
import type { reviewerCommentsResponseSchema } from '@shared/schemas/reviews.ts';

/** Every paper query starts with 'papers', so one invalidation refreshes them all after a change. */

type PaperResponse = ResponseOf<typeof paperChangedResponseSchema>;

function userPapersQuery() {
  return queryOptions({
    queryKey: queryKeys.papers.mine,
    queryFn: () => api<ResponseOf<typeof ownPapersResponseSchema>>('/papers/user'),
  });
}

export function useUserPapers() {
  return useQuery(userPapersQuery());
}

function submissionCountQuery() {
  return queryOptions({
    queryKey: queryKeys.papers.submissionCount,
    queryFn: async () =>
      (await api<ResponseOf<typeof submissionCountResponseSchema>>('/papers/user-submissions')).count,
  });
}

export function useSubmissionCount() {
  return useQuery(submissionCountQuery());
}

function paperQuery(paperId: string) {
  return queryOptions({
    queryKey: queryKeys.papers.detail(paperId),
    queryFn: async () =>
      (await api<ResponseOf<typeof paperResponseSchema>>(`/papers/${encodeURIComponent(paperId)}`)).paper,
    // A missing paper stays missing: no point asking again.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });
}

export function usePaper(paperId: string) {
  return useQuery(paperQuery(paperId));
}

function useInvalidatePapers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.papers.all });
}

export interface NewPaper {
  title: string;
  theme: string;
  ictacemId: string;
  modeOfPresentation: string;
  authors: { name: string; affiliation: string; address: string }[];
  paperPdf: File;
}

export function useSubmitPaper() {
  const invalidatePapers = useInvalidatePapers();
  return useMutation({
    mutationFn: ({ authors, paperPdf, ...fields }: NewPaper) => {
      const formData = new FormData();
      for (const [name, value] of Object.entries(fields)) formData.append(name, value);
      formData.append('authors', JSON.stringify(authors));
      formData.append('paperPdf', paperPdf);
      return upload<PaperResponse>('/papers/submit', formData);
    },
    onSettled: invalidatePapers,
  });
}

export function useSavePaymentId(paperId: string) {
  const invalidatePapers = useInvalidatePapers();
  return useMutation({
    mutationFn: (paymentId: string) =>
      api<PaperResponse>(`/papers/${encodeURIComponent(paperId)}/payment`, { method: 'PATCH', body: { paymentId } }),
    onSuccess: invalidatePapers,
  });
}

/** Uploads one PDF under the given multipart field name. */
function uploadPdf(path: string, fieldName: string, file: File) {
  const formData = new FormData();
  formData.append(fieldName, file);
  return upload<PaperResponse>(path, formData);
}

export function useReuploadAbstract(paperId: string) {
  const invalidatePapers = useInvalidatePapers();
  return useMutation({
    mutationFn: (file: File) =>
      uploadPdf(`/papers/${encodeURIComponent(paperId)}/re-upload-abstract`, 'paperPdf', file),
    onSuccess: invalidatePapers,
  });
}

export function useSubmitFullPaper(paperId: string) {
  const invalidatePapers = useInvalidatePapers();
  return useMutation({
    mutationFn: (file: File) => uploadPdf(`/papers/${encodeURIComponent(paperId)}/full-paper`, 'fullPaperPdf', file),
    onSuccess: invalidatePapers,
  });
}

/** The reviewers' comments to the authors, once the organisers share them (an empty list before). */
export function useReviewerComments(paperId: string, decided: boolean) {
  return useQuery({
    queryKey: queryKeys.reviewerComments(paperId),
    queryFn: () =>
      api<ResponseOf<typeof reviewerCommentsResponseSchema>>(
        `/papers/${encodeURIComponent(paperId)}/reviewer-comments`,
      ),
    select: (answer) => answer.comments,
    enabled: decided,
  });
}
