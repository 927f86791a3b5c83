import { Link } from 'react-router';
import { themeLabels } from '@shared/conference.ts';
import { countInWords } from '@shared/format/numbers.ts';
import { buttonClass } from '@client/components/ui/button.tsx';
import { conference, isAnnounced } from '@client/content/conference.ts';
import { Prose, usePlaceholders } from '@client/features/site-content/prose.tsx';
import { useSiteContent } from '@client/features/site-content/site-content-api.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { PageBanner } from './components/page-banner.tsx';
import { PageSection } from './components/page-section.tsx';
import { useConferenceDays } from '@client/lib/use-conference-dates.ts';

export default function AboutPage() {
  const { about } = useSiteContent();
  const placeholders = usePlaceholders();
  useDocumentTitle(
    'About',
    `About ${conference.shortName}: the conference, its ${countInWords(themeLabels().length)} themes and the host institute campus in ${conference.location}.`,
  );
  return (
    <>
      <PageBanner title={`About ${conference.shortName}`} lead={conference.edition} />
      <PageSection title="About The Conference">
        <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="space-y-4 text-lg text-slate-700">
            <Prose blocks={about.conference} values={placeholders} />
          </div>
          <AtAGlance />
        </div>
      </PageSection>
      <div className="bg-white">
        <PageSection title="Conference Themes" intro={about.themesIntro}>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {themeLabels().map((theme, index) => (
              <li key={theme} className="flex flex-col rounded-xl border border-slate-200 bg-slate-50 p-6 shadow-sm">
                <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-700 font-bold text-white" aria-hidden="true">
                  {index + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{theme}</h3>
              </li>
            ))}
          </ul>
        </PageSection>
      </div>
      <PageSection title="About the Institute Campus">
        <div className="max-w-3xl space-y-4 text-lg text-slate-700">
          <Prose blocks={about.campus} values={placeholders} />
          <p className="text-base">
            <span className="font-semibold text-slate-900">Host institute:</span> {conference.institute.name}
          </p>
        </div>
        <KnowMoreLink />
      </PageSection>
    </>
  );
}

function AtAGlance() {
  const days = useConferenceDays();
  const facts = [
    { term: 'Dates', value: days ?? '' },
    { term: 'Venue', value: conference.venue },
    { term: 'Edition', value: conference.edition },
    { term: 'Themes', value: `${themeLabels().length} themes in ${conference.discipline}` },
  ];
  return (
    <div className="self-start rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h3 className="text-lg font-semibold text-brand-900">At a Glance</h3>
      <dl className="mt-4 space-y-3">
        {facts.map((fact) => (
          <div key={fact.term}>
            <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{fact.term}</dt>
            <dd className="mt-0.5 text-slate-900">{fact.value}</dd>
          </div>
        ))}
      </dl>
      <Link to="/important-dates" className="mt-5 inline-block font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
        See the important dates
      </Link>
    </div>
  );
}

function KnowMoreLink() {
  const { websiteUrl } = conference.institute;
  if (!isAnnounced(websiteUrl)) {
    return <p className="mt-6 text-sm text-slate-600">Know More: the institute's website link is to be announced.</p>;
  }
  return (
    <a
      href={websiteUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClass('primary', 'mt-6')}
    >
      Know More
      <span className="sr-only"> about the institute (opens in a new tab)</span>
      <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 01-1 1H5a1 1 0 01-1-1V7a1 1 0 011-1h5" />
      </svg>
    </a>
  );
}
