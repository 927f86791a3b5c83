import { PageContainer } from '@client/components/ui/page-container.tsx';
import { schedule } from '@client/content/about.ts';
import { conference } from '@client/content/conference.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { PageBanner } from './components/page-banner.tsx';
import { PlaceholderNote } from './components/placeholder-note.tsx';
import { useConferenceDays } from '@client/lib/use-conference-dates.ts';

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
