import type { AuthorPaper } from '@shared/schemas/paper.ts';
import type { PaperDeadlines } from '../deadlines/deadlines.service.ts';
import type { AdminFileRow, AuthorRow, PaperRow } from './papers.repository.ts';

export interface PaperParts {
  paper: PaperRow;
  authors: AuthorRow[];
  adminFiles: AdminFileRow[];
  deadlines: PaperDeadlines;
}

/**
 * A paper as its author sees it. Built field by field: the confidential evaluation, the
 * reviewer's identity and storage keys can never slip into an author's response.
 */
export function presentAuthorPaper(
  { paper, authors, adminFiles, deadlines }: PaperParts,
  apiBase: string,
): AuthorPaper {
  return {
    _id: paper.id,
    title: paper.title,
    theme: paper.theme,
    ictacemId: paper.ictacemId,
    modeOfPresentation: paper.modeOfPresentation,
    authors: authors
      .filter((a) => a.paperId === paper.id)
      .map((a) => ({ name: a.name, affiliation: a.affiliation, address: a.address })),
    status: paper.status,
    review: paper.review,
    paymentId: paper.paymentId,
    submittedAt: paper.submittedAt.toISOString(),
    createdAt: paper.createdAt.toISOString(),
    fullPaperSubmittedAt: paper.fullPaperSubmittedAt?.toISOString() ?? null,
    pdfPath: paper.abstractFileId ? `${apiBase}/papers/view/${paper.id}` : null,
    fullPaperPdfPath: paper.fullPaperFileId ? `${apiBase}/papers/view-full/${paper.id}` : null,
    adminUploadedFiles: adminFiles
      .filter((f) => f.paperId === paper.id)
      .map((f) => presentAdminFile(f, `${apiBase}/papers/${paper.id}/shared-files/${f.id}/view`)),
    user: paper.userId,
    deadlines,
  };
}

/** An admin file; the caller decides which route opens it (the author's or the admin's). */
export function presentAdminFile(file: AdminFileRow, viewUrl: string) {
  return {
    _id: file.id,
    fileName: file.fileName,
    fileType: file.fileType,
    description: file.description,
    uploadedAt: file.uploadedAt.toISOString(),
    visibleToUser: file.visibleToUser,
    viewUrl,
  };
}
