import type { ReactNode } from 'react';
import { PageContainer } from '@client/components/ui/page-container.tsx';
import { conference } from '@client/content/conference.ts';

/** The coloured band at the top of every public page; holds the page's only h1. */
export function PageBanner({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <div className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      <PageContainer className="py-10 sm:py-14">
        <p className="text-xs font-semibold tracking-widest text-amber-300 uppercase sm:text-sm">{conference.shortName}</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{title}</h1>
        {lead && <p className="mt-3 max-w-3xl text-base text-pretty text-blue-100 sm:text-lg">{lead}</p>}
      </PageContainer>
    </div>
  );
}
