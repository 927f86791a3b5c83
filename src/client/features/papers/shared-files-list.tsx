import type { AuthorPaper } from '@shared/schemas/paper.ts';
import { formatDate } from '@client/lib/dates.ts';

/** Documents the organizers shared with the author (only those marked visible to the user). */
export function SharedFilesList({ paper }: { paper: AuthorPaper }) {
  const files = paper.adminUploadedFiles.filter((file) => file.visibleToUser);
  if (files.length === 0) return null;
  return (
    <section aria-labelledby={`shared-files-${paper._id}`}>
      <h3 id={`shared-files-${paper._id}`} className="font-semibold text-slate-900">
        Documents from the Organizers
      </h3>
      <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
        {files.map((file) => (
          <li key={file._id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0 text-sm">
              <p className="font-medium break-all text-slate-900">{file.fileName}</p>
              {file.description && <p className="text-slate-700">{file.description}</p>}
              <p className="text-xs text-slate-500">Shared on {formatDate(file.uploadedAt)}</p>
            </div>
            <a
              href={file.viewUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="shrink-0 text-sm font-semibold text-brand-700 hover:underline"
            >
              View<span className="sr-only"> {file.fileName} (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
