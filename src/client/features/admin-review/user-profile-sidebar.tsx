import type { PublicUser } from '@shared/schemas/user.ts';
import { type TabItem, TabList } from '@client/components/ui/tabs.tsx';
import { EndUserSessions } from './end-user-sessions.tsx';
import { initialsOf } from '@client/lib/initials.ts';
import type { UserPaperStats } from './user-paper-stats.ts';

export type UserTab = 'overview' | 'papers' | 'activity';
const USER_TABS: TabItem<UserTab>[] = [
  { key: 'overview', label: 'Overview' },
  { key: 'papers', label: 'Papers' },
  { key: 'activity', label: 'Activity' },
];
export const USER_TABS_ID = 'user';

interface UserProfileCardProps {
  user: PublicUser;
  tab: UserTab;
  onTabChange: (tab: UserTab) => void;
}

/** The top of the user page's left column (spec 2.6): who the user is and the tab menu. */
export function UserProfileCard({ user, tab, onTabChange }: UserProfileCardProps) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm">
      <span
        className="mx-auto flex h-20 w-20 items-center justify-center rounded-full bg-brand-700 text-2xl font-bold text-white"
        aria-hidden="true"
        data-testid="user-initials"
      >
        {initialsOf(user.username)}
      </span>
      <h1 className="mt-3 text-xl font-bold break-words text-brand-900">{user.username}</h1>
      <p className="text-sm break-all text-slate-600">{user.email}</p>
      <p className="mt-1 font-mono text-sm text-slate-700">{user.customUserId}</p>
      <span className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-green-100 px-3 py-1 text-xs font-semibold text-green-800">
        <span className="h-2 w-2 rounded-full bg-green-600" aria-hidden="true" />
        Active User
      </span>
      <div className="mt-5 border-t border-slate-100 pt-4">
        <TabList
          tabs={USER_TABS}
          selected={tab}
          onSelect={onTabChange}
          label="User profile sections"
          idPrefix={USER_TABS_ID}
          variant="menu"
        />
      </div>
      <div className="mt-4 border-t border-slate-100 pt-4">
        <EndUserSessions userId={user._id} username={user.username} />
      </div>
    </div>
  );
}

/** The Quick Stats box of the left column (spec 2.6). */
export function QuickStats({ stats, className = '' }: { stats: UserPaperStats; className?: string }) {
  const quickStats: [string, number][] = [
    ['Total Papers', stats.total],
    ['Accepted', stats.accepted],
    ['Under Review', stats.underReview],
    ['Full Papers', stats.fullPapers],
  ];
  return (
    <section
      aria-labelledby="quick-stats"
      className={`rounded-xl border border-slate-200 bg-white p-5 shadow-sm ${className}`}
    >
      <h2 id="quick-stats" className="font-bold text-slate-900">
        Quick Stats
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        {quickStats.map(([term, value]) => (
          <div key={term} className="flex justify-between gap-3">
            <dt className="text-slate-600">{term}</dt>
            <dd className="font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
