import { DocumentPage } from './components/document-page.tsx';

export default function ExtendedAbstractFormatPage() {
  return <DocumentPage which="extendedAbstractFormat" />;
}
