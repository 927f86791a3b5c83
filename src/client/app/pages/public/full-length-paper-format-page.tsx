import { conferenceDocuments } from '@client/content/documents.ts';
import { DocumentPage } from './components/document-page.tsx';

export default function FullLengthPaperFormatPage() {
  return <DocumentPage document={conferenceDocuments.fullLengthPaperFormat} />;
}
