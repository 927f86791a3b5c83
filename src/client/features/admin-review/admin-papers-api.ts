import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminPaper,
  adminFileResponseSchema,
  adminPaperDetailsResponseSchema,
  evaluationSavedResponseSchema,
  paperHistoryResponseSchema,
  adminPaperChangedResponseSchema,
} from '@shared/schemas/admin-paper.ts';
import type { DeadlineExtensionBody } from '@shared/schemas/deadlines.ts';
import type { paperTimelineResponseSchema } from '@shared/schemas/timeline.ts';
import { api, ApiError, upload, type ResponseOf } from '@client/lib/api.ts';
import type { EvaluationBody } from './evaluation-form.ts';
import type { SubmissionKind } from './history-timeline.ts';
import { queryKeys } from '@client/lib/query-keys.ts';
import type { messageResponseSchema } from '@shared/schemas/responses.ts';

const paperPath = (paperId: string) => `/admin/papers/${encodeURIComponent(paperId)}`;

/** The paper and its submitter (the communicating author; null when the account is gone). */
export type AdminPaperDetails = Omit<ResponseOf<typeof adminPaperDetailsResponseSchema>, 'success'>;

/**
 * A malformed id (the server answers 400 for a path parameter that is not an id) is as missing
 * as an unknown one (404): both show the not-found card and are not asked for again.
 */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

const retryUnlessMissing = (failures: number, error: unknown) => !isNotFound(error) && failures < 1;

export function useAdminPaper(paperId: string) {
  return useQuery({
    queryKey: queryKeys.admin.paper(paperId),
    queryFn: async () => {
      const { paper, user } = await api<ResponseOf<typeof adminPaperDetailsResponseSchema>>(paperPath(paperId));
      return { paper, user };
    },
    retry: retryUnlessMissing,
  });
}

export function fetchPaperHistory(paperId: string) {
  return api<ResponseOf<typeof paperHistoryResponseSchema>>(`${paperPath(paperId)}/history`).then(
    (answer) => answer.paper,
  );
}

export function usePaperHistory(paperId: string) {
  return useQuery({
    queryKey: queryKeys.admin.paperHistory(paperId),
    queryFn: () => fetchPaperHistory(paperId),
    retry: retryUnlessMissing,
  });
}

/** The paper's timeline; under the 'admin' key, so every change to the paper refreshes it. */
export function usePaperTimeline(paperId: string) {
  return useQuery({
    queryKey: queryKeys.admin.paperTimeline(paperId),
    queryFn: async () =>
      (await api<ResponseOf<typeof paperTimelineResponseSchema>>(`${paperPath(paperId)}/timeline`)).timeline,
    retry: retryUnlessMissing,
  });
}

/**
 * A change to one paper: the answer is written into the cached paper at once (so the page
 * shows it without waiting), then every admin view is refreshed from the server.
 */
function usePaperChange<TVariables, TAnswer>(
  paperId: string,
  send: (variables: TVariables) => Promise<TAnswer>,
  applyAnswer: (paper: AdminPaper, answer: TAnswer, variables: TVariables) => AdminPaper,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer, variables) => {
      queryClient.setQueryData<AdminPaperDetails>(
        queryKeys.admin.paper(paperId),
        (old) => old && { ...old, paper: applyAnswer(old.paper, answer, variables) },
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

type PaperAnswer = ResponseOf<typeof adminPaperChangedResponseSchema>;

export function useSaveEvaluation(paperId: string) {
  return usePaperChange(
    paperId,
    (body: EvaluationBody) =>
      api<ResponseOf<typeof evaluationSavedResponseSchema>>(`${paperPath(paperId)}/evaluate`, { method: 'PUT', body }),
    (paper, answer) => ({ ...paper, adminEvaluation: answer.paper.adminEvaluation }),
  );
}

interface ToggleRequest {
  kind: SubmissionKind;
  /** true resets the submission so the author may upload again, false restores the last reset version. */
  reset: boolean;
  reason: string;
  /** The paper version the admin saw; the server answers 409 if it changed meanwhile. */
  version: number;
  /** With a reset: the author may upload again until then (ISO 8601 with offset); without, until they do. */
  reuploadUntil?: string;
}

export function useToggleSubmission(paperId: string) {
  return usePaperChange(
    paperId,
    ({ kind, reset, reason, version, reuploadUntil }: ToggleRequest) =>
      kind === 'abstract'
        ? api<PaperAnswer>(`${paperPath(paperId)}/toggle-abstract`, {
            method: 'PUT',
            body: { resetAbstract: reset, reason, version, reuploadUntil },
          })
        : api<PaperAnswer>(`${paperPath(paperId)}/toggle-fullpaper`, {
            method: 'PUT',
            body: { resetFullPaper: reset, reason, version, reuploadUntil },
          }),
    (_, answer) => answer.paper,
  );
}

/** Gives the paper its own, later deadline for a step the author has still to do. */
export function useExtendDeadline(paperId: string) {
  return usePaperChange(
    paperId,
    (body: DeadlineExtensionBody) =>
      api<PaperAnswer>(`${paperPath(paperId)}/deadline-extensions`, { method: 'POST', body }),
    (_, answer) => answer.paper,
  );
}

interface AdminFileUpload {
  file: File;
  description: string;
  visibleToUser: boolean;
}

export function useUploadAdminFile(paperId: string) {
  return usePaperChange(
    paperId,
    ({ file, description, visibleToUser }: AdminFileUpload) => {
      const form = new FormData();
      form.append('description', description);
      form.append('fileType', 'review_comment_file');
      form.append('visibleToUser', String(visibleToUser));
      // The file goes last so that a server streaming the upload has read the text fields by then.
      form.append('adminFile', file);
      return upload<PaperAnswer>(`${paperPath(paperId)}/upload-file`, form);
    },
    (_, answer) => answer.paper,
  );
}

export function useSetAdminFileVisibility(paperId: string) {
  return usePaperChange(
    paperId,
    ({ fileId, visibleToUser }: { fileId: string; visibleToUser: boolean }) =>
      api<ResponseOf<typeof adminFileResponseSchema>>(
        `${paperPath(paperId)}/admin-files/${encodeURIComponent(fileId)}`,
        {
          method: 'PATCH',
          body: { visibleToUser },
        },
      ),
    (paper, answer) => ({
      ...paper,
      adminUploadedFiles: paper.adminUploadedFiles.map((file) => (file._id === answer.file._id ? answer.file : file)),
    }),
  );
}

export function useDeleteAdminFile(paperId: string) {
  return usePaperChange(
    paperId,
    (fileId: string) =>
      api<ResponseOf<typeof messageResponseSchema>>(`${paperPath(paperId)}/admin-files/${encodeURIComponent(fileId)}`, {
        method: 'DELETE',
      }),
    (paper, _, fileId) => ({
      ...paper,
      adminUploadedFiles: paper.adminUploadedFiles.filter((file) => file._id !== fileId),
    }),
  );
}
