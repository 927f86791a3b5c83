import { PageContainer } from '../../../components/ui/page-container.tsx';
import { schedule } from '../../../content/about.ts';
import { conference } from '../../../content/conference.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { PageBanner } from './components/page-banner.tsx';
import { PlaceholderNote } from './components/placeholder-note.tsx';

export default function SchedulePage() {
  useDocumentTitle('Event Schedule', `The event schedule of ${conference.shortName}, ${conference.dates}.`);
  return (
    <>
      <PageBanner title="Event Schedule" lead={`${conference.dates} · ${conference.venue}`} />
      <PageContainer className="py-12">
        <PlaceholderNote text={schedule.summary} />
      </PageContainer>
    </>
  );
}
