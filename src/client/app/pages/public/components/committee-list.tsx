import { TO_BE_ANNOUNCED } from '@client/content/conference.ts';

interface Committee {
  title: string;
  members: readonly { name: string; position?: string }[];
}

/** One committee: its members with their positions, or "To be announced" while none are listed. */
export function CommitteeList({ committee }: { committee: Committee }) {
  const headingId = `committee-${committee.title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={headingId} className="border-b border-slate-200 pb-3 text-xl font-bold text-brand-900">
        {committee.title}
      </h2>
      {committee.members.length === 0 ? (
        <p className="mt-4 text-slate-600">
          <span className="font-medium text-slate-800">{TO_BE_ANNOUNCED}.</span> Members will be listed here once confirmed.
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {committee.members.map((member) => (
            <li key={`${member.name}-${member.position}`} className="flex flex-col gap-0.5 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
              <span className="font-semibold text-slate-900">{member.name}</span>
              <span className="text-sm text-slate-600">{member.position}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
