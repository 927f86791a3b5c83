import { PageContainer } from '../../../components/ui/page-container.tsx';
import { schedule } from '../../../content/about.ts';
import { conference } from '../../../content/conference.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { PageBanner } from './components/page-banner.tsx';
import { PlaceholderNote } from './components/placeholder-note.tsx';
import { useConferenceDays } from '../../../lib/use-conference-dates.ts';

export default function SchedulePage() {
  const days = useConferenceDays();
  useDocumentTitle('Event Schedule', `The event schedule of ${conference.shortName}${days ? `, ${days}` : ''}.`);
  return (
    <>
      <PageBanner title="Event Schedule" lead={days ? `${days} · ${conference.venue}` : conference.venue} />
      <PageContainer className="py-12">
        <PlaceholderNote text={schedule.summary} />
      </PageContainer>
    </>
  );
}
