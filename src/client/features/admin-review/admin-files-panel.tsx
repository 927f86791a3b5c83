import { useState } from 'react';
import { ADMIN_MESSAGES, type AdminPaper } from '@shared/schemas/admin-paper.ts';
import { Button } from '@client/components/ui/button.tsx';
import { ModalDialog } from '@client/components/ui/modal-dialog.tsx';
import { errorText } from '@client/lib/api.ts';
import { formatDate } from '@client/lib/dates.ts';
import { useToast } from '@client/lib/toast.tsx';
import { AdminFileUploadDialog } from './admin-file-upload-dialog.tsx';
import { Panel } from '@client/components/ui/panel.tsx';
import { PAPER_PAGE_SECTIONS } from '@client/lib/paper-page-sections.ts';
import { useDeleteAdminFile, useSetAdminFileVisibility } from './admin-papers-api.ts';

type AdminFile = AdminPaper['adminUploadedFiles'][number];

/** Admin Files (spec 2.7): documents attached to the paper, each shared with the author or kept to admins. */
export function AdminFilesPanel({ paper }: { paper: AdminPaper }) {
  const [uploading, setUploading] = useState(false);
  const files = paper.adminUploadedFiles;
  return (
    <Panel
      id={PAPER_PAGE_SECTIONS.adminFiles}
      headingLevel={2}
      title="Admin Files"
      action={
        <Button variant="secondary" className="px-3 py-1.5" onClick={() => setUploading(true)}>
          Upload File
        </Button>
      }
    >
      {files.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center">
          <p className="font-semibold text-slate-800">No admin files uploaded yet</p>
          <p className="mt-1 text-sm text-slate-600">Upload additional documents, revisions, or notes for this paper</p>
        </div>
      ) : (
        <ul className="space-y-3">
          {files.map((file) => (
            <AdminFileItem key={file._id} paperId={paper._id} file={file} />
          ))}
        </ul>
      )}
      {uploading && <AdminFileUploadDialog paperId={paper._id} onClose={() => setUploading(false)} />}
    </Panel>
  );
}

function AdminFileItem({ paperId, file }: { paperId: string; file: AdminFile }) {
  const toast = useToast();
  const visibility = useSetAdminFileVisibility(paperId);
  const remove = useDeleteAdminFile(paperId);
  const [confirming, setConfirming] = useState(false);

  const toggleVisibility = () =>
    visibility.mutate(
      { fileId: file._id, visibleToUser: !file.visibleToUser },
      { onError: (error) => toast.error(errorText(error, 'Failed to update the file.')) },
    );

  // mutateAsync: the item disappears with the deleted file, and the toast must still come.
  const onDelete = async () => {
    try {
      const answer = await remove.mutateAsync(file._id);
      toast.success(answer.message ?? ADMIN_MESSAGES.fileDeleted);
    } catch (error) {
      setConfirming(false);
      toast.error(errorText(error, 'Failed to delete file. Please try again.'));
    }
  };

  return (
    <li className="rounded-lg border border-slate-200 p-3 text-sm" data-testid="admin-file">
      <p className="font-semibold break-all text-slate-900">{file.fileName}</p>
      <p className="text-xs text-slate-500 capitalize">{file.fileType.replaceAll('_', ' ')}</p>
      {file.description && <p className="mt-1 break-words text-slate-700">{file.description}</p>}
      <p className="mt-1 text-xs text-slate-500">Uploaded {formatDate(file.uploadedAt)}</p>
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
        <button
          type="button"
          role="switch"
          aria-checked={file.visibleToUser}
          aria-label={`Visible to user: ${file.fileName}`}
          onClick={toggleVisibility}
          disabled={visibility.isPending}
          className="flex items-center gap-2 rounded-full text-xs font-semibold disabled:opacity-60"
        >
          <span
            className={`relative h-5 w-9 rounded-full transition-colors ${file.visibleToUser ? 'bg-green-600' : 'bg-slate-300'}`}
            aria-hidden="true"
          >
            <span
              className={`absolute top-0.5 h-4 w-4 rounded-full bg-white shadow transition-all ${file.visibleToUser ? 'left-4.5' : 'left-0.5'}`}
            />
          </span>
          <span
            className={file.visibleToUser ? 'text-green-800' : 'text-slate-600'}
            data-testid="admin-file-visibility"
          >
            {file.visibleToUser ? 'Visible to user' : 'Admin only'}
          </span>
        </button>
        <span className="ml-auto flex gap-3">
          <a
            href={file.viewUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-brand-700 hover:underline"
          >
            View<span className="sr-only"> {file.fileName} (opens in a new tab)</span>
          </a>
          <button
            type="button"
            onClick={() => setConfirming(true)}
            className="font-semibold text-red-700 hover:underline"
          >
            Delete<span className="sr-only"> {file.fileName}</span>
          </button>
        </span>
      </div>
      {confirming && (
        <ModalDialog title="Delete File" onDismiss={remove.isPending ? undefined : () => setConfirming(false)}>
          <p className="text-slate-700">Are you sure you want to delete this file?</p>
          <p className="mt-1 text-sm break-all text-slate-500">{file.fileName}</p>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" autoFocus onClick={() => setConfirming(false)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button variant="danger" onClick={onDelete} disabled={remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete'}
            </Button>
          </div>
        </ModalDialog>
      )}
    </li>
  );
}
