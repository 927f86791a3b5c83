import { conferenceDocuments } from '@client/content/documents.ts';
import { DocumentPage } from './components/document-page.tsx';

export default function ExtendedAbstractFormatPage() {
  return <DocumentPage document={conferenceDocuments.extendedAbstractFormat} />;
}
