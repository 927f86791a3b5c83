import type { DashboardOverview } from '../dashboard-api.ts';
import { Panel } from '@client/components/ui/panel.tsx';
import { SubmissionAnalyticsPanel, UserEngagementPanel } from './insight-panels.tsx';
import { type BreakdownRow, modeBreakdown, themeBreakdown } from './analytics-breakdown.ts';
import { formatPercent } from '../percentages.ts';
import { formatCount } from '@shared/format/numbers.ts';

/** Analytics (spec 2.3): papers by theme and by mode of presentation. */
export function AnalyticsPanel({ overview }: { overview: DashboardOverview }) {
  const { stats, recentSubmissions } = overview;
  const themes = themeBreakdown(stats.themes, stats.total);
  return (
    <div className="space-y-5">
      <div className="grid gap-5 lg:grid-cols-2">
        <Panel
          headingLevel={3}
          title="Papers by Theme"
          action={
            <span
              className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800"
              data-testid="active-themes"
            >
              {themes.activeThemes} active {themes.activeThemes === 1 ? 'theme' : 'themes'}
            </span>
          }
        >
          <BarList rows={themes.rows} barClass="bg-brand-600" />
        </Panel>
        <Panel headingLevel={3} title="Presentation Modes">
          <BarList rows={modeBreakdown(stats.presentationModes, stats.total)} barClass="bg-purple-500" />
        </Panel>
      </div>
      <div className="grid gap-5 md:grid-cols-2">
        <SubmissionAnalyticsPanel stats={stats} />
        <UserEngagementPanel stats={stats} recentCount={recentSubmissions.length} />
      </div>
    </div>
  );
}

/** Name, count and share as text; the bar only repeats the count visually. */
function BarList({ rows, barClass }: { rows: BreakdownRow[]; barClass: string }) {
  return (
    <ul className="space-y-4">
      {rows.map((row) => (
        <li key={row.name}>
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 break-words text-slate-700">{row.name}</span>
            <span className="shrink-0 font-semibold text-slate-900 tabular-nums">
              {formatCount(row.count)}{' '}
              <span className="font-normal text-slate-500">({formatPercent(row.percent)})</span>
            </span>
          </div>
          <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
            <div className={`h-full rounded-full ${barClass}`} style={{ width: `${row.barPercent}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}
