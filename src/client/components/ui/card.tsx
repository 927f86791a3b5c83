import type { ReactNode } from 'react';

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-xl border border-slate-200 bg-white p-6 shadow-sm ${className}`}>{children}</div>;
}

/** A centred single-card page, as used by the sign-in and status screens. */
export function CenteredCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <Card>
        <h1 className="mb-6 text-center text-2xl font-bold text-brand-900">{title}</h1>
        {children}
      </Card>
    </div>
  );
}
