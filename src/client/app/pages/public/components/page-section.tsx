import { type ReactNode, useId } from 'react';
import { PageContainer } from '@client/components/ui/page-container.tsx';

interface PageSectionProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A titled section of a public page (h2), labelled by its heading for screen readers. */
export function PageSection({ title, intro, children, className = '' }: PageSectionProps) {
  const headingId = useId();
  return (
    <PageContainer as="section" aria-labelledby={headingId} className={`py-10 sm:py-12 ${className}`}>
      <h2 id={headingId} className="text-2xl font-bold text-balance text-brand-900 sm:text-3xl">
        {title}
      </h2>
      {intro && <p className="mt-2 max-w-3xl text-pretty text-slate-600">{intro}</p>}
      <div className="mt-6">{children}</div>
    </PageContainer>
  );
}
