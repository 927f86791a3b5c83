import type { DashboardOverview } from '../dashboard-api.ts';
import { FactList, StatCard } from '../dashboard-ui.tsx';
import { NextDeadlineCard } from './next-deadline-card.tsx';
import type { LinkedFilters } from '../paper-filters.ts';
import { Panel } from '@client/components/ui/panel.tsx';
import { SubmissionAnalyticsPanel, UserEngagementPanel } from './insight-panels.tsx';
import { formatPercent, percentOf } from '../percentages.ts';
import { RecentSubmissions } from './recent-submissions.tsx';
import { StatusDonutChart } from './status-donut-chart.tsx';
import { formatCount } from '@shared/format/numbers.ts';

interface OverviewPanelProps {
  overview: DashboardOverview;
  papersHref: (filters: LinkedFilters) => string;
  onShowPapers: () => void;
}

/** Overview (spec 2.3): the next deadline, the headline numbers, the review pipeline and the newest submissions. */
export function OverviewPanel({ overview, papersHref, onShowPapers }: OverviewPanelProps) {
  const { stats, recentSubmissions } = overview;
  const { total, byStatus } = stats;
  const shareOfTotal = (count: number) => `${formatPercent(percentOf(count, total))} of total`;
  const countWithShare = (count: number) => `${formatCount(count)} (${formatPercent(percentOf(count, total))})`;

  return (
    <div className="space-y-5">
      <NextDeadlineCard papersHref={papersHref} onShowPapers={onShowPapers} />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Total Users" value={stats.totalUsers} />
        <StatCard label="Total Papers" value={total} accent="blue" />
        <StatCard
          label="Accepted"
          value={byStatus.abstract_accepted}
          detail={shareOfTotal(byStatus.abstract_accepted)}
          accent="green"
        />
        <StatCard label="Declined" value={byStatus.declined} detail={shareOfTotal(byStatus.declined)} accent="red" />
      </div>

      <div className="grid gap-3 sm:grid-cols-3">
        <StatCard
          label="Review Awaited"
          value={byStatus.review_awaited}
          detail={shareOfTotal(byStatus.review_awaited)}
          accent="blue"
        />
        <StatCard
          label="In Progress"
          value={byStatus.review_in_progress}
          detail={shareOfTotal(byStatus.review_in_progress)}
          accent="yellow"
        />
        <StatCard
          label="Author Response"
          value={byStatus.author_response_awaited}
          detail={shareOfTotal(byStatus.author_response_awaited)}
          accent="purple"
        />
      </div>

      <div className="grid gap-5 md:grid-cols-2">
        <Panel headingLevel={3} title="Paper Submissions">
          <FactList
            facts={[
              ['Full Papers Submitted', stats.fullPaperSubmitted],
              ['Abstract Only', stats.abstractOnlySubmitted],
            ]}
          />
        </Panel>
        <Panel headingLevel={3} title="Payment Status">
          <FactList
            facts={[
              ['Confirmed', countWithShare(stats.paymentConfirmed)],
              ['Entered', countWithShare(stats.paymentEntered)],
              ['Unpaid', countWithShare(stats.pendingPayment)],
              ['Payment Completed (payment ID entered)', countWithShare(stats.paymentCompleted)],
            ]}
          />
        </Panel>
        <SubmissionAnalyticsPanel stats={stats} />
        <UserEngagementPanel stats={stats} recentCount={recentSubmissions.length} />
      </div>

      {/* Aligned to the top: the chart keeps its own height beside the longer recent list. */}
      <div className="grid gap-5 xl:grid-cols-2 xl:items-start">
        <Panel headingLevel={3} title="Review Status Distribution">
          <StatusDonutChart byStatus={byStatus} total={total} />
        </Panel>
        <Panel headingLevel={3} title="Recent Submissions">
          <RecentSubmissions
            submissions={recentSubmissions}
            totalPapers={total}
            allSubmissionsHref={papersHref({})}
            onViewAll={onShowPapers}
          />
        </Panel>
      </div>
    </div>
  );
}
