import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatConferenceDate, formatDateRange } from '@shared/domain/deadlines.ts';
import { DatesLoadError } from '@client/components/dates-status.tsx';
import { PageContainer } from '@client/components/ui/page-container.tsx';
import { conference, isAnnounced } from '@client/content/conference.ts';
import { useSiteContent } from '@client/features/site-content/site-content-api.ts';
import { useConferenceDates } from '@client/lib/use-conference-dates.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';

const authorLinks = [
  { to: '/extended-abstract-format', label: 'Extended Abstract Format', hint: 'Template and notes for your abstract' },
  { to: '/full-length-paper-format', label: 'Full-Length Paper Format', hint: 'Template for accepted papers' },
  { to: '/important-dates', label: 'Important Dates', hint: 'Deadlines and registration periods' },
  { to: '/brochure', label: 'Conference Brochure', hint: 'Everything in one PDF' },
] as const;

/** The home page's dates as text, once the server has sent them. */
function useHomeDates() {
  const dates = useConferenceDates();
  const text = dates.data && {
    conferenceDays: formatDateRange(dates.data.conferenceStarts, dates.data.conferenceEnds),
    earlyBirdCloses: formatConferenceDate(dates.data.earlyBirdCloses),
    lateRegistrationOpens: formatConferenceDate(dates.data.lateRegistrationOpens),
  };
  return { query: dates, text };
}

export default function HomePage() {
  const { text } = useHomeDates();
  useDocumentTitle(
    undefined,
    text
      ? `${conference.shortName}, ${conference.fullName}: ${text.conferenceDays}, ${conference.location}. Early-bird rate for payments received on or before ${text.earlyBirdCloses}.`
      : `${conference.shortName}, ${conference.fullName}: ${conference.location}.`,
  );
  return (
    <>
      <Hero />
      <Announcements />
      <PageContainer as="section" aria-labelledby="author-links-heading" className="pb-14">
        <h2 id="author-links-heading" className="text-2xl font-bold text-brand-900">
          For Authors
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {authorLinks.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-600 hover:shadow-md"
              >
                <span className="font-semibold text-brand-800 group-hover:underline">{link.label}</span>
                <span className="mt-1 text-sm text-pretty text-slate-600">{link.hint}</span>
              </Link>
            </li>
          ))}
        </ul>
      </PageContainer>
    </>
  );
}

/** Both hero buttons: one size, the border only coloured, so neither is taller. */
const HERO_BUTTON =
  'inline-flex w-full max-w-xs items-center justify-center rounded-md border-2 px-6 py-3 text-base font-semibold transition-colors sm:w-auto sm:max-w-none';

function Hero() {
  const days = useHomeDates().text?.conferenceDays;
  // Both buttons always (the specification's home page): while registration is closed, Sign Up Now
  // leads to Registrations Closed, which gives the dates, the venue and a contact.
  return (
    <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 px-4 py-14 text-center text-white sm:py-24">
      <p className="text-xs font-semibold tracking-widest text-balance text-amber-300 uppercase sm:text-sm">{conference.edition}</p>
      <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">{conference.shortName}</h1>
      <p className="mx-auto mt-4 max-w-3xl text-lg text-balance text-blue-100 sm:text-xl">{conference.fullName}</p>
      <ul className="mt-6 flex flex-col items-center justify-center gap-2 text-sm font-medium sm:flex-row sm:gap-3">
        {/* The served page carries the dates (client-pages.ts); until they are known the pill keeps its place. */}
        <li className="min-w-48 rounded-full bg-white/10 px-4 py-1.5">{days ?? '\u00a0'}</li>
        <li className="rounded-full bg-white/10 px-4 py-1.5">{conference.venue}</li>
      </ul>
      <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <Link to="/registration" className={`${HERO_BUTTON} border-white bg-white text-brand-800 hover:bg-blue-50`}>
          Sign Up Now
        </Link>
        <Link to="/submit" className={`${HERO_BUTTON} border-amber-400 bg-amber-400 text-slate-900 hover:bg-amber-300`}>
          Submit Extended Abstract/Paper
        </Link>
      </div>
    </section>
  );
}

function Announcements() {
  const { query, text } = useHomeDates();
  const { announcements } = useSiteContent().home;
  const placeholder = query.isPending ? <DatePlaceholder className="h-7 w-40 rounded bg-slate-200" /> : 'Not available';
  return (
    <PageContainer as="section" aria-labelledby="announcements-heading" className="py-12 sm:py-14">
      <h2 id="announcements-heading" className="text-2xl font-bold text-brand-900 sm:text-3xl">
        Announcements
      </h2>
      {query.isError && (
        <DatesLoadError className="mt-6" onRetry={() => void query.refetch()} retrying={query.isFetching} />
      )}
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Announcement title="Conference Dates" highlight={text ? text.conferenceDays : placeholder}>
          {conference.edition}.
        </Announcement>
        <Announcement title="Venue" highlight={conference.venue}>
          {announcements.venueNote}{' '}
          <Link to="/important-dates" className="font-medium text-brand-700 underline underline-offset-2">
            Accommodation
          </Link>
        </Announcement>
        <Announcement
          title="Early-Bird Registration"
          highlight={text ? `On or before ${text.earlyBirdCloses}` : placeholder}
        >
          {text
            ? `The early-bird rate is valid for payments received on or before ${text.earlyBirdCloses}. Late registration applies from ${text.lateRegistrationOpens}.`
            : 'An early-bird rate applies to payments received before its closing date.'}
        </Announcement>
        <Announcement title="Publication" highlight={announcements.publication.highlight}>
          {announcements.publication.text}
        </Announcement>
      </ul>
      <div className="mt-4 flex flex-col gap-4 rounded-xl border border-brand-100 bg-brand-50 p-6 md:flex-row md:items-center md:justify-between">
        <div>
          <h3 className="text-lg font-semibold text-brand-900">Payment</h3>
          <p className="mt-1 text-pretty text-slate-700">
            Registration is paid through {conference.registration.paymentPortal}. Quote the programme ID when you pay.
          </p>
        </div>
        <p className="shrink-0 rounded-lg bg-white px-4 py-3 text-sm shadow-sm">
          <span className="block text-slate-600">Programme ID</span>
          <span className={isAnnounced(conference.registration.programmeId) ? 'font-mono text-base font-bold text-slate-900' : 'font-semibold text-slate-700'}>
            {conference.registration.programmeId}
          </span>
        </p>
      </div>
    </PageContainer>
  );
}

/** Where a date will appear while it loads; the text is for screen readers. */
function DatePlaceholder({ className }: { className: string }) {
  return (
    <span role="status" className={`inline-block animate-pulse align-middle ${className}`}>
      <span className="sr-only">Loading the dates...</span>
    </span>
  );
}

function Announcement({ title, highlight, children }: { title: string; highlight: ReactNode; children: ReactNode }) {
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 border-t-4 border-t-brand-700 bg-white p-5 shadow-sm">
      <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{title}</h3>
      <p className="mt-2 text-lg font-bold text-balance text-slate-900">{highlight}</p>
      <p className="mt-2 text-sm text-pretty text-slate-700">{children}</p>
    </li>
  );
}
