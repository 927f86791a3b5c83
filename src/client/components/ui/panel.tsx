import { type ReactNode, useId } from 'react';

/**
 * A titled card: the dashboard's panels (level-3 headings under the section's h2) and the review
 * page's side column (level-2 headings under the page's h1). `action` sits on the title's right.
 */
export function Panel({
  title,
  headingLevel,
  action,
  children,
  className = '',
  id,
}: {
  /** Makes the panel a place a link can point at (#id); its heading then takes focus when it does. */
  id?: string;
  title: string;
  headingLevel: 2 | 3;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <Heading
          id={headingId}
          tabIndex={id ? -1 : undefined}
          className={`font-bold text-brand-900 ${headingLevel === 2 ? 'text-lg' : 'text-base sm:text-lg'}`}
        >
          {title}
        </Heading>
        {action}
      </div>
      {children}
    </section>
  );
}
