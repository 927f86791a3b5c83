import { type ComponentType, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { LoadBoundary } from '@client/components/ui/load-boundary.tsx';
import { Link, useSearchParams } from 'react-router';
import { DashboardSection } from './dashboard-section.tsx';
import { DashboardMessagesProvider, MessageBanner, useMessageState } from './dashboard-messages.tsx';
import type {
  AssignReviewersDialogComponent,
  DecisionReleaseComponents,
  MessageAuthorsDialogComponent,
} from './papers/papers-section.tsx';
import { LoadingData } from './dashboard-ui.tsx';
import { filtersFromParams, LINKED_FILTER_KEYS, type LinkedFilters, linkedFilterParams } from './paper-filters.ts';
import { panelId, tabId } from '@client/components/ui/tabs.tsx';
import { type AdminSection, SECTION_TABS_ID, SECTIONS, SectionMenuDrawer, SectionTabs } from './section-navigation.tsx';

/** The section sits in the address (?section=papers): a reload or Back from a paper keeps it. */
const SECTION_PARAM = 'section';
/** Tailwind's lg breakpoint, where the sidebar replaces the slide-in menu. */
const WIDE_SCREEN = '(min-width: 64rem)';

// Each section is a chunk of its own, fetched when it is opened: a phone opening the dashboard
// runs the overview's code only (docs/performance.md, Lighthouse).
const PapersSection = lazy(() => import('./papers/papers-section.tsx').then((m) => ({ default: m.PapersSection })));
const UsersSection = lazy(() => import('./users/users-section.tsx').then((m) => ({ default: m.UsersSection })));

function sectionFrom(value: string | null): AdminSection {
  return SECTIONS.find((section) => section.key === value)?.key ?? 'dashboard';
}

/** Where a link to a section points, e.g. 'View all submissions'; the papers' may start filtered. */
function sectionHref(key: AdminSection, filters: LinkedFilters = {}): string {
  return `?${new URLSearchParams({ [SECTION_PARAM]: key, ...linkedFilterParams(filters) })}`;
}

/**
 * Everything of the admin area below its header (spec 2.2-2.5): the sidebar (a slide-in menu
 * on small screens), the message banner and the selected section.
 */
export function AdminDashboard({
  MessageAuthorsDialog,
  AssignReviewersDialog,
  decisionRelease,
  CommitteeSection,
  ProgrammeSection,
  OutboxSection,
}: {
  MessageAuthorsDialog: MessageAuthorsDialogComponent;
  AssignReviewersDialog: AssignReviewersDialogComponent;
  decisionRelease: DecisionReleaseComponents;
  /** The committee's own feature, given by the page (features do not import each other). */
  CommitteeSection: ComponentType;
  /** The programme's own feature, given by the page. */
  ProgrammeSection: ComponentType;
  /** The outbox's own feature, given by the page. */
  OutboxSection: ComponentType;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const section = sectionFrom(searchParams.get(SECTION_PARAM));
  const current = SECTIONS.find((item) => item.key === section)!;
  const { message, messages, dismiss } = useMessageState();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [focusRequest, setFocusRequest] = useState<{ target: 'heading' | 'menuButton'; serial: number } | null>(null);

  // Focus moves after the render that follows the request: by then the new section is shown
  // and a closing drawer has let go of the page (a modal dialog leaves everything else inert).
  useEffect(() => {
    if (focusRequest) (focusRequest.target === 'heading' ? heading : menuButton).current?.focus();
  }, [focusRequest]);
  const requestFocus = useCallback(
    (target: 'heading' | 'menuButton') =>
      setFocusRequest((previous) => ({ target, serial: (previous?.serial ?? 0) + 1 })),
    [],
  );

  // Growing past the breakpoint hides the menu button, so an open drawer would be left without one.
  useEffect(() => {
    const wide = window.matchMedia(WIDE_SCREEN);
    const closeOnWide = () => wide.matches && setMenuOpen(false);
    wide.addEventListener('change', closeOnWide);
    return () => wide.removeEventListener('change', closeOnWide);
  }, []);

  const selectSection = useCallback(
    (key: AdminSection) =>
      // Switching tabs is not a page visit: it replaces the history entry instead of adding one.
      setSearchParams(
        (params) => {
          params.set(SECTION_PARAM, key);
          // A link's filters were the papers' first ones only: a later visit starts unfiltered, as before.
          for (const filter of LINKED_FILTER_KEYS) params.delete(filter);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const closeMenu = () => {
    setMenuOpen(false);
    requestFocus('menuButton');
  };

  return (
    <DashboardMessagesProvider value={messages}>
      <div className="mx-auto w-full max-w-7xl px-4 py-6 lg:flex lg:gap-6">
        <aside className="hidden w-60 shrink-0 lg:block">
          <div className="sticky top-24 rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
            <SectionTabs selected={section} onSelect={selectSection} />
            <div className="mt-3 space-y-2 border-t border-slate-200 px-3 pt-3 text-sm font-semibold">
              <Link to="/admin/messages" className="block text-brand-700 hover:underline">
                Messages
              </Link>
              <Link to="/admin/sign-in-log" className="block text-brand-700 hover:underline">
                Sign-in log
              </Link>
              <Link to="/admin/visa-requests" className="block text-brand-700 hover:underline">
                Visa requests
              </Link>
              <Link to="/admin/deadlines" className="block text-brand-700 hover:underline">
                Deadlines
              </Link>
              <Link to="/admin/fees" className="block text-brand-700 hover:underline">
                Fees
              </Link>
              <Link to="/admin/participants" className="block text-brand-700 hover:underline">
                Participants
              </Link>
              <Link to="/admin/check-in" className="block text-brand-700 hover:underline">
                Check-in
              </Link>
            </div>
          </div>
        </aside>

        <div className="mb-4 flex flex-wrap items-center gap-3 lg:hidden">
          <button
            ref={menuButton}
            type="button"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
            className="flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
          >
            <svg
              width="20"
              height="20"
              viewBox="0 0 24 24"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
            {/* Not just "Menu": the site header above has a menu of its own on small screens. */}
            Admin menu
          </button>
          <p className="min-w-0 truncate text-sm text-slate-600">
            <span className="sr-only">Current section: </span>
            {current.label}
          </p>
          {/* A line of their own on a phone, so the current section's name keeps its room. */}
          <div className="flex w-full flex-wrap gap-x-4 gap-y-2 text-sm font-semibold sm:ml-auto sm:w-auto">
            <Link to="/admin/messages" className="text-brand-700 hover:underline">
              Messages
            </Link>
            <Link to="/admin/sign-in-log" className="text-brand-700 hover:underline">
              Sign-in log
            </Link>
            <Link to="/admin/visa-requests" className="text-brand-700 hover:underline">
              Visa requests
            </Link>
            <Link to="/admin/deadlines" className="text-brand-700 hover:underline">
              Deadlines
            </Link>
            <Link to="/admin/fees" className="text-brand-700 hover:underline">
              Fees
            </Link>
          </div>
        </div>
        {menuOpen && (
          <SectionMenuDrawer
            selected={section}
            onClose={closeMenu}
            onSelect={(key) => {
              setMenuOpen(false);
              selectSection(key);
              requestFocus('heading');
            }}
          />
        )}

        <div className="min-w-0 flex-1">
          <MessageBanner message={message} onDismiss={dismiss} />
          <div role="tabpanel" id={panelId(SECTION_TABS_ID, section)} aria-labelledby={tabId(SECTION_TABS_ID, section)}>
            <h2
              ref={heading}
              tabIndex={-1}
              className="mb-5 text-2xl font-bold text-brand-900 outline-none focus-visible:outline-3"
            >
              {current.description}
            </h2>
            {section === 'dashboard' && (
              <DashboardSection
                papersHref={(filters) => sectionHref('papers', filters)}
                onShowPapers={() => requestFocus('heading')}
              />
            )}
            <LoadBoundary fallback={<LoadingData fillsPage />}>
              {section === 'users' && <UsersSection />}
              {section === 'papers' && (
                <PapersSection
                  MessageAuthorsDialog={MessageAuthorsDialog}
                  AssignReviewersDialog={AssignReviewersDialog}
                  decisionRelease={decisionRelease}
                  initialFilters={filtersFromParams(searchParams)}
                />
              )}
              {section === 'committee' && <CommitteeSection />}
              {section === 'programme' && <ProgrammeSection />}
              {section === 'outbox' && <OutboxSection />}
            </LoadBoundary>
          </div>
        </div>
      </div>
    </DashboardMessagesProvider>
  );
}
