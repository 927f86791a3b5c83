import type { ConferenceDocument } from '@client/content/documents.ts';
import { DocumentPageLayout } from '@client/features/documents/document-page-layout.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { PageBanner } from './page-banner.tsx';

export function DocumentPage({ document }: { document: ConferenceDocument }) {
  useDocumentTitle(document.title, document.metaDescription);
  return (
    <>
      <PageBanner title={document.title} lead={document.summary} />
      <DocumentPageLayout document={document} />
    </>
  );
}
