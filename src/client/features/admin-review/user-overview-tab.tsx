import type { PublicUser } from '@shared/schemas/user.ts';
import { formatDate } from '@client/lib/dates.ts';
import type { UserPaperStats } from './user-paper-stats.ts';

/** Overview (spec 2.6): account information and four stat cards. */
export function UserOverviewTab({ user, stats }: { user: PublicUser; stats: UserPaperStats }) {
  const account: [string, string][] = [
    ['Full Name', user.username],
    ['Email Address', user.email],
    ['User ID', user.customUserId],
    ['Registration Date', formatDate(user.createdAt)],
  ];
  const cards: { label: string; value: number; className: string }[] = [
    { label: 'Total Submissions', value: stats.total, className: 'border-blue-200 bg-blue-50 text-blue-900' },
    { label: 'Accepted Papers', value: stats.accepted, className: 'border-green-200 bg-green-50 text-green-900' },
    { label: 'Under Review', value: stats.underReview, className: 'border-amber-200 bg-amber-50 text-amber-900' },
    { label: 'Full Papers', value: stats.fullPapers, className: 'border-purple-200 bg-purple-50 text-purple-900' },
  ];
  return (
    <div className="space-y-6">
      <section aria-labelledby="account-info">
        <h2 id="account-info" className="text-lg font-bold text-brand-900">
          Account Information
        </h2>
        <dl className="mt-3 grid gap-3 sm:grid-cols-2">
          {account.map(([term, value]) => (
            <div key={term} className="rounded-lg bg-slate-50 px-4 py-3">
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{term}</dt>
              <dd className="mt-0.5 break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <ul className="grid grid-cols-2 gap-3 xl:grid-cols-4" aria-label="Paper statistics">
        {cards.map((card) => (
          <li key={card.label} className={`rounded-xl border p-4 ${card.className}`}>
            <p className="text-3xl font-bold">{card.value}</p>
            <p className="mt-1 text-sm font-medium">{card.label}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
