import { PageContainer } from '@client/components/ui/page-container.tsx';
import { conference } from '@client/content/conference.ts';
import { useSiteContent } from '@client/features/site-content/site-content-api.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { PageBanner } from './components/page-banner.tsx';
import { SpeakerGrid } from './components/speaker-grid.tsx';
import { useConferenceDays } from '@client/lib/use-conference-dates.ts';

export default function SpeakersPage() {
  const days = useConferenceDays();
  const { speakers } = useSiteContent();
  useDocumentTitle('Speakers', `The keynote speakers of ${conference.shortName}${days ? `, ${days}` : ''}.`);
  return (
    <>
      <PageBanner title="Speakers" lead="Keynote speakers of the conference." />
      <PageContainer className="py-12">
        <SpeakerGrid speakers={speakers} />
      </PageContainer>
    </>
  );
}
