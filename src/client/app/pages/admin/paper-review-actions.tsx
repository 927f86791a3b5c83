import type { AdminPaper } from '@shared/schemas/admin-paper.ts';
import { Panel } from '@client/components/ui/panel.tsx';
import { AdminPaperLetters } from '@client/features/letters/admin-paper-letters.tsx';
import { PAPER_PAGE_SECTIONS, useOpenAtSection } from '@client/lib/paper-page-sections.ts';
import { AdminFilesPanel } from '@client/features/admin-review/admin-files-panel.tsx';
import { PaperDeadlinesPanel } from '@client/features/admin-review/paper-deadlines-panel.tsx';
import { ReviewStatusPanel } from '@client/features/admin-review/review-status-panel.tsx';
import { SubmissionControls } from '@client/features/admin-review/submission-controls.tsx';

/**
 * The paper page's column of actions: status and comments, resets, deadlines, files and letters.
 * Its forms come with it, after the paper itself has shown; a link to one of its sections
 * (paper-page-sections.ts) opens there once it is.
 */
export default function ReviewActions({ paper }: { paper: AdminPaper }) {
  useOpenAtSection();
  return (
    <>
      <ReviewStatusPanel paper={paper} />
      <Panel id={PAPER_PAGE_SECTIONS.submissionControls} headingLevel={2} title="Submission Controls">
        <SubmissionControls paper={paper} />
      </Panel>
      <PaperDeadlinesPanel paper={paper} />
      <AdminFilesPanel paper={paper} />
      <AdminPaperLetters paperId={paper._id} status={paper.status} />
    </>
  );
}
