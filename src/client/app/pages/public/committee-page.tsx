import { PageContainer } from '@client/components/ui/page-container.tsx';
import { conference } from '@client/content/conference.ts';
import { usePublicCommittee, useSiteContent } from '@client/features/site-content/site-content-api.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { CommitteeList } from './components/committee-list.tsx';
import { PageBanner } from './components/page-banner.tsx';

export default function CommitteePage() {
  useDocumentTitle('Committee', `Patrons and the organizing, technical and advisory committees of ${conference.shortName}.`);
  const { committees, programmeCommitteeTitle } = useSiteContent().committee;
  const programmeCommittee = usePublicCommittee();
  return (
    <>
      <PageBanner title="Committee" lead="The people behind the conference." />
      <PageContainer className="grid gap-6 py-12 md:grid-cols-2">
        {committees.map((committee) => (
          <CommitteeList key={committee.title} committee={committee} />
        ))}
        {/* Beside the organisers' lists: the reviewers who agreed, on accepting their invitation, to be named. */}
        {programmeCommitteeTitle && (
          <CommitteeList
            committee={{
              title: programmeCommitteeTitle,
              members: programmeCommittee.map((member) => ({ name: member.name, position: member.affiliation })),
            }}
          />
        )}
      </PageContainer>
    </>
  );
}
