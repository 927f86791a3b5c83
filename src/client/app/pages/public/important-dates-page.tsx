import type { ConferenceDateKind } from '@shared/domain/deadlines.ts';
import { DatesLoadError, DatesSkeleton } from '@client/components/dates-status.tsx';
import { PageContainer } from '@client/components/ui/page-container.tsx';
import { conference, contactMailHref } from '@client/content/conference.ts';
import { keyDatesOf } from '@client/content/important-dates.ts';
import { useSiteContent } from '@client/features/site-content/site-content-api.ts';
import { useConferenceDates } from '@client/lib/use-conference-dates.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { PageBanner } from './components/page-banner.tsx';

const KIND_STYLES: Record<Exclude<ConferenceDateKind, 'committee'>, { label: string; dot: string; badge: string }> = {
  submission: { label: 'Submission', dot: 'bg-brand-700', badge: 'bg-brand-50 text-brand-800' },
  registration: { label: 'Registration', dot: 'bg-amber-500', badge: 'bg-amber-50 text-amber-900' },
  conference: { label: 'Conference', dot: 'bg-green-600', badge: 'bg-green-50 text-green-800' },
};

export default function ImportantDatesPage() {
  useDocumentTitle(
    'Important Dates',
    `${conference.shortName} deadlines: abstract submission, acceptance, early-bird and late registration, full papers, and accommodation.`,
  );
  return (
    <>
      <PageBanner title="Important Dates" lead={`Deadlines for authors and participants of ${conference.shortName}.`} />
      <PageContainer className="grid gap-10 py-12 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="timeline-heading">
          <h2 id="timeline-heading" className="text-2xl font-bold text-brand-900">
            Timeline
          </h2>
          <Timeline />
        </section>
        <AccommodationSection />
      </PageContainer>
    </>
  );
}

function Timeline() {
  const dates = useConferenceDates();
  if (dates.isPending) return <DatesSkeleton lines={8} className="mt-6" />;
  if (dates.isError)
    return <DatesLoadError className="mt-6" onRetry={() => void dates.refetch()} retrying={dates.isFetching} />;
  return (
    <ol className="mt-6 border-l-2 border-slate-200">
      {keyDatesOf(dates.data).map((keyDate) => {
        const style = KIND_STYLES[keyDate.kind];
        return (
          <li key={keyDate.id} className="relative pb-8 pl-6 last:pb-0">
            <span className={`absolute top-1.5 -left-[9px] h-4 w-4 rounded-full ring-4 ring-slate-50 ${style.dot}`} aria-hidden="true" />
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <p className="text-lg font-bold text-slate-900">
                <time dateTime={keyDate.isoDate}>{keyDate.label}</time>
                {keyDate.until && (
                  <>
                    {' '}
                    <span className="text-sm font-semibold text-slate-600">{keyDate.until}</span>
                  </>
                )}
              </p>
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${style.badge}`}>{style.label}</span>
            </div>
            <p className="mt-1 font-medium text-slate-800">{keyDate.title}</p>
            {keyDate.detail && <p className="mt-1 text-sm text-slate-600">{keyDate.detail}</p>}
          </li>
        );
      })}
    </ol>
  );
}

function AccommodationSection() {
  const { accommodation } = useSiteContent().importantDates;
  const mail = contactMailHref(`${conference.shortName} accommodation request`);
  return (
    <section aria-labelledby="accommodation-heading" className="self-start rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="accommodation-heading" className="text-2xl font-bold text-brand-900">
        Accommodation
      </h2>
      <p className="mt-4 text-slate-700">{accommodation.summary}</p>
      <p className="mt-4 rounded-lg bg-amber-50 p-4 text-sm font-medium text-amber-900">{accommodation.deadlineNote}</p>
      <p className="mt-4 text-sm text-slate-700">
        {accommodation.requestHint}{' '}
        {mail ? (
          <a href={mail} className="font-semibold text-brand-700 underline underline-offset-2">
            Request accommodation by e-mail
          </a>
        ) : (
          <span className="text-slate-600">(Contact e-mail address to be announced.)</span>
        )}
      </p>
    </section>
  );
}
