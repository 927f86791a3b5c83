import { type ComponentType, lazy, useDeferredValue, useState } from 'react';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import type { PaperAudience } from '@shared/schemas/paper-audience.ts';
import { BulkToolbar } from './bulk-toolbar.tsx';
import { usePaperSelection } from './use-paper-selection.ts';
import { AdminPaperCard } from './admin-paper-card.tsx';
import { useAdminPapers } from '../dashboard-api.ts';
import { useReportLoadError } from '../dashboard-messages.tsx';
import { EmptyState, foundText, LOADING_TEXT, LoadFailed, LoadingData } from '../dashboard-ui.tsx';
import { PaperFilterBar } from './paper-filter-bar.tsx';
import { filterForApi, type PaperFilters } from '../paper-filters.ts';
import { formatCount } from '@shared/format/numbers.ts';
import { TablePagination } from '@client/components/ui/table-pagination.tsx';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@client/lib/use-debounced-value.ts';
import { usePageOf } from '../use-page-of.ts';

interface AudienceChoice {
  audience: PaperAudience;
  /** In words: "3 selected papers", "all 42 papers matching the filter". */
  text: string;
}

/** "Message authors": a feature of its own, handed in by the page that composes the admin area. */
// The dialogs are fetched when first opened: the list shows without their code and form libraries.
const BulkStatusDialog = lazy(() => import('./bulk-status-dialog.tsx').then((m) => ({ default: m.BulkStatusDialog })));
const FilesZipDialog = lazy(() => import('./job-dialogs.tsx').then((m) => ({ default: m.FilesZipDialog })));
const BookOfAbstractsDialog = lazy(() =>
  import('./job-dialogs.tsx').then((m) => ({ default: m.BookOfAbstractsDialog })),
);

export type MessageAuthorsDialogComponent = ComponentType<{
  audience: PaperAudience;
  audienceText: string;
  onClose: () => void;
}>;

/** The committee's "Assign reviewers" on the ticked papers (features/assignment). */
export type AssignReviewersDialogComponent = ComponentType<{
  paperIds: string[];
  onClose: () => void;
  onFinished: () => void;
}>;

/** The held decisions of the ticked papers, or (no papers named) every held decision. */
type ReleaseScope = { paperIds?: readonly string[] };

/** The release of held decisions (decision-release), given by the page: features do not import each other. */
export interface DecisionReleaseComponents {
  HeldDecisionsBar: ComponentType<{ showingHeld: boolean; onShowHeld: (on: boolean) => void; onRelease: () => void }>;
  ReleaseDecisionsDialog: ComponentType<{ scope: ReleaseScope; onClose: () => void }>;
}

interface PapersSectionProps {
  MessageAuthorsDialog: MessageAuthorsDialogComponent;
  AssignReviewersDialog: AssignReviewersDialogComponent;
  decisionRelease: DecisionReleaseComponents;
  /** The filters the list opens with (a link may set some); read once. */
  initialFilters: PaperFilters;
}

/** Paper Management (spec 2.5): every paper, searchable and filterable, reviewed in place. */
export function PapersSection({
  MessageAuthorsDialog,
  AssignReviewersDialog,
  decisionRelease: { HeldDecisionsBar, ReleaseDecisionsDialog },
  initialFilters,
}: PapersSectionProps) {
  const [filters, setFilters] = useState<PaperFilters>(initialFilters);
  const search = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);
  const applied = { ...filters, search };
  const scope = JSON.stringify(applied);
  const [page, setPage] = usePageOf(scope);
  const selection = usePaperSelection(scope);
  // The papers the open bulk dialog acts on: its own copy, as the selection is cleared once it ran.
  const [bulkPaperIds, setBulkPaperIds] = useState<string[] | null>(null);
  const [messageTo, setMessageTo] = useState<AudienceChoice | null>(null);
  const [filesOf, setFilesOf] = useState<AudienceChoice | null>(null);
  const [bookOpen, setBookOpen] = useState(false);
  const [assigningPaperIds, setAssigningPaperIds] = useState<string[] | null>(null);
  const [releaseScope, setReleaseScope] = useState<ReleaseScope | null>(null);
  const papers = useAdminPapers({ ...applied, page });
  useReportLoadError(papers.error, 'Failed to load papers: ');
  // Spec 4: one review panel open at a time across the list.
  const [reviewingPaperId, setReviewingPaperId] = useState<string | null>(null);
  // The cards drawn in a deferred render, which React splits into short tasks: drawn with the
  // answer's own render, a page of cards was one long task on a phone (docs/performance.md).
  const data = useDeferredValue(papers.data);
  // Until the deferred render catches up the cards shown are the last answer's: not to be ticked,
  // or a paper the filter no longer shows would stay in the selection an action takes.
  const listUpdating = papers.isPlaceholderData || data !== papers.data;
  // What an action on "these papers" takes: the ticked ones, or all the filter matches.
  const currentAudience = (): AudienceChoice => {
    const { size } = selection.selected;
    if (size > 0) {
      return {
        audience: { kind: 'selection', paperIds: [...selection.selected] },
        text: `${formatCount(size)} selected ${size === 1 ? 'paper' : 'papers'}`,
      };
    }
    const total = papers.data?.pagination.total ?? 0;
    return {
      audience: { kind: 'filter', filter: filterForApi(applied) },
      text: `all ${formatCount(total)} ${total === 1 ? 'paper' : 'papers'} matching the filter`,
    };
  };

  return (
    <div className="space-y-5">
      <PaperFilterBar filters={filters} onChange={setFilters} />
      <HeldDecisionsBar
        showingHeld={filters.held === 'yes'}
        onShowHeld={(on) => setFilters({ ...filters, held: on ? 'yes' : '' })}
        onRelease={() => setReleaseScope({})}
      />
      {data && (
        <p className="text-sm font-medium text-slate-700" data-testid="papers-found">
          {foundText(data.pagination.total, 'paper', 'papers')}
        </p>
      )}
      {!data ? (
        papers.isError ? (
          <LoadFailed onRetry={() => void papers.refetch()} />
        ) : (
          <LoadingData fillsPage />
        )
      ) : data.papers.length === 0 ? (
        <EmptyState title="No papers found" />
      ) : (
        <>
          {papers.isFetching && papers.isPlaceholderData && (
            <p role="status" className="text-sm text-slate-500">
              {LOADING_TEXT}
            </p>
          )}
          <BulkToolbar
            selection={selection}
            pageIds={data.papers.map((paper) => paper._id)}
            matching={data.pagination.total}
            filters={applied}
            listUpdating={listUpdating}
            onChangeStatus={() => setBulkPaperIds([...selection.selected])}
            onMessageAuthors={() => setMessageTo(currentAudience())}
            onFilesZip={() => setFilesOf(currentAudience())}
            onBookOfAbstracts={() => setBookOpen(true)}
            onAssignReviewers={() => setAssigningPaperIds([...selection.selected])}
            onReleaseDecisions={() =>
              setReleaseScope(selection.selected.size > 0 ? { paperIds: [...selection.selected] } : {})
            }
          />
          <ul className="space-y-4">
            {data.papers.map((paper) => (
              <li key={paper._id}>
                <AdminPaperCard
                  paper={paper}
                  reviewOpen={reviewingPaperId === paper._id}
                  onReviewOpenChange={(open) => setReviewingPaperId(open ? paper._id : null)}
                  selected={selection.selected.has(paper._id)}
                  onSelectedChange={(on) => selection.setMany([paper._id], on)}
                  selectable={!listUpdating}
                />
              </li>
            ))}
          </ul>
          <TablePagination pagination={data.pagination} onPageChange={setPage} label="Paper pages" />
        </>
      )}
      <LoadBoundary fallback={null}>
        {messageTo && (
          <MessageAuthorsDialog
            audience={messageTo.audience}
            audienceText={`the authors of ${messageTo.text}`}
            onClose={() => setMessageTo(null)}
          />
        )}
        {filesOf && (
          <FilesZipDialog audience={filesOf.audience} audienceText={filesOf.text} onClose={() => setFilesOf(null)} />
        )}
        {bookOpen && <BookOfAbstractsDialog onClose={() => setBookOpen(false)} />}
        {assigningPaperIds && (
          <AssignReviewersDialog
            paperIds={assigningPaperIds}
            onClose={() => setAssigningPaperIds(null)}
            onFinished={selection.clear}
          />
        )}
        {releaseScope && <ReleaseDecisionsDialog scope={releaseScope} onClose={() => setReleaseScope(null)} />}
        {bulkPaperIds && (
          <BulkStatusDialog
            paperIds={bulkPaperIds}
            sampleTitles={(data?.papers ?? []).filter((paper) => bulkPaperIds.includes(paper._id)).map((p) => p.title)}
            onClose={() => setBulkPaperIds(null)}
            onFinished={selection.clear}
          />
        )}
      </LoadBoundary>
    </div>
  );
}
