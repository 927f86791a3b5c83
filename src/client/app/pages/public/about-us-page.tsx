import { PageContainer } from '@client/components/ui/page-container.tsx';
import { conference } from '@client/content/conference.ts';
import { useSiteContent } from '@client/features/site-content/site-content-api.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { PageBanner } from './components/page-banner.tsx';
import { PlaceholderNote } from './components/placeholder-note.tsx';

export default function AboutUsPage() {
  const { about } = useSiteContent();
  useDocumentTitle('About Us', `About the organizers of ${conference.shortName}, the ${conference.fullName}.`);
  return (
    <>
      <PageBanner title="About Us" />
      <PageContainer className="py-12">
        <PlaceholderNote text={about.aboutUs} />
      </PageContainer>
    </>
  );
}
