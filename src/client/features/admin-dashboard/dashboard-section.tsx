import { lazy, type ReactNode, useState } from 'react';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { type TabItem, TabList, TabPanel } from '@client/components/ui/tabs.tsx';
import { type DashboardOverview, useDashboardStats, useNextDeadline } from './dashboard-api.ts';
import { useReportLoadError } from './dashboard-messages.tsx';
import { LoadFailed, LoadingData } from './dashboard-ui.tsx';
import { OverviewPanel } from './overview/overview-panel.tsx';
import type { LinkedFilters } from './paper-filters.ts';

type DashboardView = 'overview' | 'analytics' | 'financial' | 'evaluation';

const VIEWS: readonly TabItem<DashboardView>[] = [
  { key: 'overview', label: 'Overview' },
  { key: 'analytics', label: 'Analytics' },
  { key: 'financial', label: 'Financial' },
  { key: 'evaluation', label: 'Evaluation' },
];
const ID_PREFIX = 'admin-dashboard-view';

interface DashboardSectionProps {
  /** Where a link to the paper list points, filtered or not. */
  papersHref: (filters: LinkedFilters) => string;
  /** A link to the paper list was followed. */
  onShowPapers: () => void;
}

// The overview opens with the section; the other views are chunks of their own, fetched when chosen.
const AnalyticsPanel = lazy(() =>
  import('./overview/analytics-panel.tsx').then((m) => ({ default: m.AnalyticsPanel })),
);
const FinancialPanel = lazy(() => import('./records/financial-panel.tsx').then((m) => ({ default: m.FinancialPanel })));
const EvaluationPanel = lazy(() =>
  import('./records/evaluation-panel.tsx').then((m) => ({ default: m.EvaluationPanel })),
);

/** The dashboard section (spec 2.3): four views of the conference's numbers. */
export function DashboardSection({ papersHref, onShowPapers }: DashboardSectionProps) {
  const [view, setView] = useState<DashboardView>('overview');
  return (
    <div className="space-y-5">
      <TabList tabs={VIEWS} selected={view} onSelect={setView} label="Dashboard views" idPrefix={ID_PREFIX} />
      <TabPanel idPrefix={ID_PREFIX} tabKey={view}>
        {view === 'overview' && (
          <OverviewWithStatistics>
            {(overview) => <OverviewPanel overview={overview} papersHref={papersHref} onShowPapers={onShowPapers} />}
          </OverviewWithStatistics>
        )}
        <LoadBoundary fallback={<LoadingData fillsPage />}>
          {view === 'analytics' && (
            <WithStatistics>{(overview) => <AnalyticsPanel overview={overview} />}</WithStatistics>
          )}
          {view === 'financial' && <FinancialPanel />}
          {view === 'evaluation' && <EvaluationPanel />}
        </LoadBoundary>
      </TabPanel>
    </div>
  );
}

/** The statistics both Overview and Analytics are drawn from, loaded once and shared through the cache. */
function WithStatistics({
  children,
  alsoLoading = false,
}: {
  children: (overview: DashboardOverview) => ReactNode;
  /** Something else the view opens with is still on its way. */
  alsoLoading?: boolean;
}) {
  const stats = useDashboardStats();
  useReportLoadError(stats.error, 'Failed to load dashboard statistics: ');
  if (stats.data && !alsoLoading) return children(stats.data);
  return stats.isPending || alsoLoading ? (
    <LoadingData fillsPage />
  ) : (
    <LoadFailed onRetry={() => void stats.refetch()} />
  );
}

/** The overview opens with the next deadline's card: it comes with the numbers, not after them, pushing them down. */
function OverviewWithStatistics({ children }: { children: (overview: DashboardOverview) => ReactNode }) {
  const nextDeadline = useNextDeadline();
  return <WithStatistics alsoLoading={nextDeadline.isPending}>{children}</WithStatistics>;
}
