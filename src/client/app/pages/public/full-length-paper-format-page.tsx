import { DocumentPage } from './components/document-page.tsx';

export default function FullLengthPaperFormatPage() {
  return <DocumentPage which="fullLengthPaperFormat" />;
}
