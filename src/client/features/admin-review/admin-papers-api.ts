import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  adminFileResponseSchema,
  evaluationSavedResponseSchema,
  paperHistoryResponseSchema,
  adminPaperChangedResponseSchema,
} from '@shared/schemas/admin-paper.ts';
import type { DeadlineExtensionBody } from '@shared/schemas/deadlines.ts';
import type { paperTimelineResponseSchema } from '@shared/schemas/timeline.ts';
import { api, upload, type ResponseOf } from '@client/lib/api.ts';
import type { EvaluationBody } from './evaluation-form.ts';
import type { SubmissionKind } from './history-timeline.ts';
import { queryKeys } from '@client/lib/query-keys.ts';
import { adminPaperPath, adminPaperQuery, retryUnlessMissing, usePaperChange } from '@client/admin/admin-paper.ts';
import type { messageResponseSchema } from '@shared/schemas/responses.ts';

export function useAdminPaper(paperId: string) {
  return useQuery(adminPaperQuery(paperId));
}

export function fetchPaperHistory(paperId: string) {
  return api<ResponseOf<typeof paperHistoryResponseSchema>>(`${adminPaperPath(paperId)}/history`).then(
    (answer) => answer.paper,
  );
}

function paperHistoryQuery(paperId: string) {
  return queryOptions({
    queryKey: queryKeys.admin.paperHistory(paperId),
    queryFn: () => fetchPaperHistory(paperId),
    retry: retryUnlessMissing,
  });
}

export function usePaperHistory(paperId: string) {
  return useQuery(paperHistoryQuery(paperId));
}

/** The paper's timeline; under the 'admin' key, so every change to the paper refreshes it. */
function paperTimelineQuery(paperId: string) {
  return queryOptions({
    queryKey: queryKeys.admin.paperTimeline(paperId),
    queryFn: async () =>
      (await api<ResponseOf<typeof paperTimelineResponseSchema>>(`${adminPaperPath(paperId)}/timeline`)).timeline,
    retry: retryUnlessMissing,
  });
}

export function usePaperTimeline(paperId: string) {
  return useQuery(paperTimelineQuery(paperId));
}

type PaperAnswer = ResponseOf<typeof adminPaperChangedResponseSchema>;

export function useSaveEvaluation(paperId: string) {
  return usePaperChange({
    paperIdOf: () => paperId,
    send: (body: EvaluationBody) =>
      api<ResponseOf<typeof evaluationSavedResponseSchema>>(`${adminPaperPath(paperId)}/evaluate`, {
        method: 'PUT',
        body,
      }),
    applyAnswer: (paper, answer) => ({ ...paper, adminEvaluation: answer.paper.adminEvaluation }),
  });
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
  return usePaperChange({
    paperIdOf: () => paperId,
    send: ({ kind, reset, reason, version, reuploadUntil }: ToggleRequest) =>
      kind === 'abstract'
        ? api<PaperAnswer>(`${adminPaperPath(paperId)}/toggle-abstract`, {
            method: 'PUT',
            body: { resetAbstract: reset, reason, version, reuploadUntil },
          })
        : api<PaperAnswer>(`${adminPaperPath(paperId)}/toggle-fullpaper`, {
            method: 'PUT',
            body: { resetFullPaper: reset, reason, version, reuploadUntil },
          }),
    applyAnswer: (_, answer) => answer.paper,
  });
}

/** Gives the paper its own, later deadline for a step the author has still to do. */
export function useExtendDeadline(paperId: string) {
  return usePaperChange({
    paperIdOf: () => paperId,
    send: (body: DeadlineExtensionBody) =>
      api<PaperAnswer>(`${adminPaperPath(paperId)}/deadline-extensions`, { method: 'POST', body }),
    applyAnswer: (_, answer) => answer.paper,
  });
}

interface AdminFileUpload {
  file: File;
  description: string;
  visibleToUser: boolean;
}

export function useUploadAdminFile(paperId: string) {
  return usePaperChange({
    paperIdOf: () => paperId,
    send: ({ file, description, visibleToUser }: AdminFileUpload) => {
      const form = new FormData();
      form.append('description', description);
      form.append('fileType', 'review_comment_file');
      form.append('visibleToUser', String(visibleToUser));
      // The file goes last so that a server streaming the upload has read the text fields by then.
      form.append('adminFile', file);
      return upload<PaperAnswer>(`${adminPaperPath(paperId)}/upload-file`, form);
    },
    applyAnswer: (_, answer) => answer.paper,
  });
}

export function useSetAdminFileVisibility(paperId: string) {
  return usePaperChange({
    paperIdOf: () => paperId,
    send: ({ fileId, visibleToUser }: { fileId: string; visibleToUser: boolean }) =>
      api<ResponseOf<typeof adminFileResponseSchema>>(
        `${adminPaperPath(paperId)}/admin-files/${encodeURIComponent(fileId)}`,
        {
          method: 'PATCH',
          body: { visibleToUser },
        },
      ),
    applyAnswer: (paper, answer) => ({
      ...paper,
      adminUploadedFiles: paper.adminUploadedFiles.map((file) => (file._id === answer.file._id ? answer.file : file)),
    }),
  });
}

export function useDeleteAdminFile(paperId: string) {
  return usePaperChange({
    paperIdOf: () => paperId,
    send: (fileId: string) =>
      api<ResponseOf<typeof messageResponseSchema>>(
        `${adminPaperPath(paperId)}/admin-files/${encodeURIComponent(fileId)}`,
        {
          method: 'DELETE',
        },
      ),
    applyAnswer: (paper, _, fileId) => ({
      ...paper,
      adminUploadedFiles: paper.adminUploadedFiles.filter((file) => file._id !== fileId),
    }),
  });
}
