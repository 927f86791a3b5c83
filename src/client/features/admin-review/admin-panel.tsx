import { type ReactNode, useId } from 'react';

/** A titled card of the review page's side column; `action` sits on the title's right. */
export function AdminPanel({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold text-brand-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
