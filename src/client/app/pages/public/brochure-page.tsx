import { DocumentPage } from './components/document-page.tsx';

export default function BrochurePage() {
  return <DocumentPage which="brochure" />;
}
