import type { DashboardStats } from '@shared/schemas/admin-dashboard.ts';
import { FactList } from '../dashboard-ui.tsx';
import { Panel } from '@client/components/ui/panel.tsx';
import { formatPercent, formatRate, formatRatio, percentOf, rateOf } from '../percentages.ts';

/** Submission Analytics (spec 2.3): kinds of submission and how many are paid. */
export function SubmissionAnalyticsPanel({ stats }: { stats: DashboardStats }) {
  const { total, fullPaperSubmitted, abstractOnlySubmitted, paymentCompleted, pendingPayment } = stats;
  return (
    <Panel headingLevel={3} title="Submission Analytics">
      <FactList
        facts={[
          ['Full papers', fullPaperSubmitted],
          ['Abstract only', abstractOnlySubmitted],
          ['Paid', paymentCompleted],
          ['Unpaid', pendingPayment],
          ['Payment rate', formatRate(rateOf(paymentCompleted, total))],
          ['Full paper %', formatPercent(percentOf(fullPaperSubmitted, total))],
          ['Abstract only %', formatPercent(percentOf(abstractOnlySubmitted, total))],
        ]}
      />
    </Panel>
  );
}

/** User Engagement (spec 2.3 and 9). */
export function UserEngagementPanel({ stats, recentCount }: { stats: DashboardStats; recentCount: number }) {
  return (
    <Panel headingLevel={3} title="User Engagement">
      <FactList
        facts={[
          ['Users with papers', stats.usersWithPapers],
          ['Active this week', stats.activeThisWeek],
          // The specification defines engagement as the papers in the recent list (at most 8) over all users.
          ['Engagement', formatPercent(percentOf(recentCount, stats.totalUsers))],
          ['Submissions per user', formatRatio(stats.total, stats.totalUsers)],
        ]}
      />
    </Panel>
  );
}
