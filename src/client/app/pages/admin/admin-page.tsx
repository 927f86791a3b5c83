import { AdminDashboard } from '@client/features/admin-dashboard/admin-dashboard.tsx';
import { AdminHeader } from '@client/features/admin-review/admin-header.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { lazy } from 'react';
import { AdminGuard } from './admin-guard.tsx';
import { HeldDecisionsBar } from '@client/features/decision-release/held-decisions-bar.tsx';

// Fetched when an organiser first opens it (the paper list holds it in a Suspense of its own).
const MessageAuthorsDialog = lazy(() =>
  import('@client/features/author-messages/message-authors-dialog.tsx').then((m) => ({
    default: m.MessageAuthorsDialog,
  })),
);

const AssignReviewersDialog = lazy(() =>
  import('@client/features/assignment/assign-reviewers-dialog.tsx').then((m) => ({
    default: m.BulkAssignReviewersDialog,
  })),
);

const decisionRelease = {
  // Shown above the paper list whenever decisions are held: loaded with the list.
  HeldDecisionsBar,
  ReleaseDecisionsDialog: lazy(() =>
    import('@client/features/decision-release/release-decisions-dialog.tsx').then((m) => ({
      default: m.ReleaseDecisionsDialog,
    })),
  ),
};

// The committee's section, a chunk of its own like the dashboard's other sections.
const CommitteeSection = lazy(() =>
  import('@client/features/committee/committee-section.tsx').then((m) => ({ default: m.CommitteeSection })),
);
const AutomaticAssignmentDialog = lazy(() =>
  import('@client/features/assignment/automatic-assignment-dialog.tsx').then((m) => ({
    default: m.AutomaticAssignmentDialog,
  })),
);

const ProgrammeSection = lazy(() =>
  import('@client/features/programme-admin/programme-section.tsx').then((m) => ({ default: m.ProgrammeSection })),
);

const OutboxSection = lazy(() =>
  import('@client/features/outbox/outbox-section.tsx').then((m) => ({ default: m.OutboxSection })),
);

function Committee() {
  return <CommitteeSection AutomaticAssignmentDialog={AutomaticAssignmentDialog} />;
}

/** The admin area's entry: the header, then the dashboard, users, papers, committee, programme and outbox. */
export default function AdminPage() {
  useDocumentTitle('Admin Dashboard');
  return (
    <AdminGuard>
      {(admin) => (
        <>
          <AdminHeader user={admin} titleIsHeading />
          <AdminDashboard
            MessageAuthorsDialog={MessageAuthorsDialog}
            AssignReviewersDialog={AssignReviewersDialog}
            decisionRelease={decisionRelease}
            CommitteeSection={Committee}
            ProgrammeSection={ProgrammeSection}
            OutboxSection={OutboxSection}
          />
        </>
      )}
    </AdminGuard>
  );
}
