import { type Conference, currentConference } from '@shared/conference.ts';
import { buttonClass } from '@client/components/ui/button.tsx';
import { conference, contactMailHref, isAnnounced } from '@client/content/conference.ts';
import { DocumentLinks } from '@client/features/documents/document-links.tsx';
import { PdfPreview } from '@client/features/documents/pdf-preview.tsx';
import { fillPlaceholders, usePlaceholders } from '@client/features/site-content/prose.tsx';
import { useSiteContent } from '@client/features/site-content/site-content-api.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { PageBanner } from './components/page-banner.tsx';
import { PageSection } from './components/page-section.tsx';

/** Header colours per tier name; an unknown tier added to the content gets the neutral style. */
const TIER_ACCENTS: Record<string, string> = {
  Platinum: 'from-slate-900 to-slate-700',
  Gold: 'from-amber-800 to-amber-700',
  Silver: 'from-slate-600 to-slate-500',
  Bronze: 'from-orange-900 to-orange-700',
};

export default function SponsorshipPage() {
  const { documents, sponsorship } = useSiteContent();
  useDocumentTitle('Sponsorship', fillPlaceholders(sponsorship.metaDescription, usePlaceholders()));
  const brochure = documents.brochure;
  return (
    <>
      <PageBanner title="Sponsorship" lead={sponsorship.intro} />
      <PageSection title="Sponsorship Tiers">
        <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
          {currentConference().sponsorshipTiers.map((tier) => (
            <TierCard key={tier.name} tier={tier} />
          ))}
        </ul>
        <div className="mt-6 rounded-xl bg-brand-50 p-5">
          <h3 className="font-semibold text-brand-900">Included in every tier</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
            {currentConference().sponsorshipBenefits.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
        </div>
      </PageSection>
      <div className="bg-white">
        <PageSection title="Additional Opportunities">
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {currentConference().sponsorshipOpportunities.map((opportunity) => (
              <li key={opportunity.name} className="flex flex-col rounded-xl border border-slate-200 bg-slate-50 p-5">
                <h3 className="font-semibold text-slate-900">{opportunity.name}</h3>
                {isAnnounced(opportunity.price) ? (
                  <p className="mt-2 text-xl font-bold text-brand-800">{opportunity.price}</p>
                ) : (
                  <p className="mt-2 font-medium text-slate-600">Price: {opportunity.price.toLowerCase()}</p>
                )}
                {opportunity.limit && (
                  <p className="mt-3 self-start rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
                    {opportunity.limit}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </PageSection>
      </div>
      <PageSection title="Sponsorship Brochure" intro="The conference brochure gives the full details of every sponsorship option.">
        <DocumentLinks fileName={brochure.fileName} viewLabel="View Brochure" downloadLabel="Download Brochure" className="mb-6" />
        <PdfPreview fileName={brochure.fileName} title={brochure.title} />
      </PageSection>
      <SponsorshipContact />
    </>
  );
}

function TierCard({ tier }: { tier: Conference['sponsorshipTiers'][number] }) {
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className={`bg-gradient-to-r px-6 py-5 text-white ${TIER_ACCENTS[tier.name] ?? 'from-brand-800 to-brand-700'}`}>
        <h3 className="text-xl font-bold">{tier.name}</h3>
        <p className="mt-1 text-2xl font-extrabold">{tier.price}</p>
      </div>
      <div className="flex flex-1 flex-col p-6">
        <ul className="space-y-2 text-slate-700">
          {tier.benefits.map((benefit) => (
            <li key={benefit} className="flex gap-2">
              <span className="text-green-700" aria-hidden="true">
                ✓
              </span>
              {benefit}
            </li>
          ))}
        </ul>
        {tier.limit && (
          <p className="mt-4 self-start rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900">{tier.limit}</p>
        )}
      </div>
    </li>
  );
}

function SponsorshipContact() {
  const mail = contactMailHref(`${conference.shortName} sponsorship`);
  return (
    <PageSection title="Contact" className="pb-14">
      <div className="max-w-3xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-slate-700">To become a sponsor or ask about an opportunity, contact the organizers.</p>
        {mail ? (
          <a href={mail} className={buttonClass('primary', 'mt-4')}>
            E-mail: {conference.contact.email}
          </a>
        ) : (
          <p className="mt-4 font-medium text-slate-800">Contact e-mail address: to be announced.</p>
        )}
        <p className="mt-3 text-sm text-slate-600">Phone: {conference.contact.phone}</p>
      </div>
    </PageSection>
  );
}
