import { PROGRAMME_TEXTS } from '@shared/domain/programme.ts';
import { PageContainer } from '@client/components/ui/page-container.tsx';
import { conference } from '@client/content/conference.ts';
import { EventSchedule } from '@client/features/schedule/event-schedule.tsx';
import { useConferenceDays } from '@client/lib/use-conference-dates.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { PageBanner } from './components/page-banner.tsx';
import { PlaceholderNote } from './components/placeholder-note.tsx';

export default function SchedulePage() {
  const days = useConferenceDays();
  useDocumentTitle('Event Schedule', `The event schedule of ${conference.shortName}${days ? `, ${days}` : ''}.`);
  return (
    <>
      <PageBanner title="Event Schedule" lead={days ? `${days} · ${conference.venue}` : conference.venue} />
      <PageContainer className="py-10">
        <EventSchedule empty={<PlaceholderNote text={PROGRAMME_TEXTS.notPublished} />} />
      </PageContainer>
    </>
  );
}
