import type { SiteContent } from '@shared/schemas/site-content.ts';
import { DocumentPageLayout } from '@client/features/documents/document-page-layout.tsx';
import { useSiteContent } from '@client/features/site-content/site-content-api.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { PageBanner } from './page-banner.tsx';

/** The Brochure or a format page, as documents.yaml describes the document. */
export function DocumentPage({ which }: { which: keyof SiteContent['documents'] }) {
  const document = useSiteContent().documents[which];
  useDocumentTitle(document.title, document.metaDescription);
  return (
    <>
      <PageBanner title={document.title} lead={document.summary} />
      <DocumentPageLayout document={document} />
    </>
  );
}
