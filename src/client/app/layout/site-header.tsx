import { type RefObject, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useMatch, useNavigate } from 'react-router';
import { TIMINGS } from '@shared/constants.ts';
import { ButtonLink } from '@client/components/ui/button.tsx';
import { PAGE_WIDTH } from '@client/components/ui/page-container.tsx';
import { conference, mainMenu } from '@client/content/conference.ts';
import { NotificationBell } from '@client/features/notifications/notification-bell.tsx';
import { errorText } from '@client/lib/api.ts';
import { useAuth, useLogout, useRegistrationOpen } from '@client/lib/auth-api.ts';
import { SITE_HEADER_HEIGHT_PROPERTY, useToast } from '@client/lib/toast.tsx';
import { useMediaQueryOnceKnown } from '@client/lib/use-media-query.ts';
import { useConferenceDays } from '@client/lib/use-conference-dates.ts';

/**
 * True once the page is scrolled past `px`, false again only back at the top. Without that gap
 * the header's own shrinking (which moves the page by its height) could carry the scroll back
 * under `px`, and the header would grow and shrink without end.
 */
function useScrolledPast(px: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled((was) => (was ? window.scrollY > 0 : window.scrollY > px));
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [px]);
  return scrolled;
}

/**
 * Publishes the height of the header's bars on the document, where the toasts read it to sit
 * under them instead of over their controls. An open phone menu is left out: it covers the page
 * anyway, and a toast below it would be off the screen.
 */
function usePublishedBarsHeight(header: RefObject<HTMLElement | null>, menu: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement.style;
    const publish = () =>
      root.setProperty(SITE_HEADER_HEIGHT_PROPERTY, `${element.offsetHeight - (menu.current?.offsetHeight ?? 0)}px`);
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty(SITE_HEADER_HEIGHT_PROPERTY);
    };
  }, [header, menu]);
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-white/15 text-white' : 'text-blue-100 hover:bg-white/10 hover:text-white'
  }`;

/** Tailwind's md breakpoint: from here the account bar under the main bar has room for its one line. */
const ACCOUNT_BAR_QUERY = '(min-width: 48rem)';
const MOBILE_MENU_ID = 'mobile-menu';
const MOBILE_ACCOUNT_ID = 'mobile-account';

/**
 * The sticky site header. On a phone it is one bar (the name, the notification bell or Login,
 * the menu button) and the account's links move into the menu, so the header keeps to 56 px
 * of the screen; from 768 px the account bar sits under it.
 */
export function SiteHeader() {
  const scrolled = useScrolledPast(TIMINGS.headerScrollPx);
  // Unknown while the page hydrates: both the phone's bar actions and the account bar are drawn,
  // each shown at its own breakpoint, so the header has its final height from the first paint.
  const accountBarFits = useMediaQueryOnceKnown(ACCOUNT_BAR_QUERY);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const days = useConferenceDays();
  const header = useRef<HTMLElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  usePublishedBarsHeight(header, menu);

  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header
      ref={header}
      data-scrolled={scrolled}
      className={`sticky top-0 z-40 transition-all ${scrolled ? 'bg-brand-900/95 shadow-lg backdrop-blur' : 'bg-brand-800'}`}
    >
      <div
        className={`${PAGE_WIDTH} flex items-center justify-between gap-4 py-2 transition-all ${scrolled ? '' : 'md:py-4'}`}
      >
        <Link to="/" className="flex flex-col leading-tight text-white">
          <span className="text-xl font-extrabold tracking-wide">{conference.shortName}</span>
          {/* A no-break space keeps the line's height until the days are known: the header never jumps. */}
          <span className="hidden text-xs text-blue-100 sm:block">{days ?? '\u00a0'}</span>
        </Link>
        <nav aria-label="Main menu" className="hidden lg:block">
          <ul className="flex flex-wrap items-center gap-1">
            {mainMenu.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className={navLinkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1 lg:hidden">
          {accountBarFits === undefined ? (
            <div className="contents md:hidden">
              <PhoneBarActions />
            </div>
          ) : (
            !accountBarFits && <PhoneBarActions />
          )}
          <button
            type="button"
            className="rounded-md p-2 text-white hover:bg-white/10"
            aria-expanded={menuOpen}
            aria-controls={accountBarFits ? MOBILE_MENU_ID : `${MOBILE_MENU_ID} ${MOBILE_ACCOUNT_ID}`}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg
              width="24"
              height="24"
              viewBox="0 0 24 24"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 6h16M4 12h16M4 18h16" />}
            </svg>
          </button>
        </div>
      </div>
      {menuOpen && (
        <div ref={menu} className="max-h-[calc(100dvh-3.5rem)] overflow-y-auto border-t border-white/10 lg:hidden">
          <nav id={MOBILE_MENU_ID} aria-label="Main menu">
            <ul className={`${PAGE_WIDTH} flex flex-col gap-1 py-3`}>
              {mainMenu.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end className={(s) => `block ${navLinkClass(s)}`}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {!accountBarFits && <PhoneAccountMenu id={MOBILE_ACCOUNT_ID} />}
        </div>
      )}
      {accountBarFits === undefined ? (
        <div className="hidden md:block">
          <SecondaryBar />
        </div>
      ) : (
        accountBarFits && <SecondaryBar />
      )}
    </header>
  );
}

/** What stays in a phone's one bar beside the menu button: the bell when signed in, Login when not. */
function PhoneBarActions() {
  const { user, isLoading, mustEnrolTwoFactor, isVolunteer } = useAuth();
  if (isLoading) return null;
  if (!user) {
    return (
      <Link to="/login" className="rounded-md px-3 py-2 text-sm font-semibold text-white hover:bg-white/10">
        Login
      </Link>
    );
  }
  return mustEnrolTwoFactor || isVolunteer ? null : <NotificationBell tone="dark" />;
}

const menuLinkClass = 'block rounded-md px-3 py-2 text-sm font-medium text-blue-100 hover:bg-white/10 hover:text-white';

/** The account bar's content in the phone menu: the same links, one under the other. */
function PhoneAccountMenu({ id }: { id: string }) {
  const { user, isLoading, isAdmin, mustEnrolTwoFactor: awaitingTwoFactor, isCommitteeMember, isVolunteer } = useAuth();
  // A volunteer's account, like an admin's before two-factor, has only its own way: the desk.
  const mustEnrolTwoFactor = awaitingTwoFactor || isVolunteer;
  const registrationOpen = useRegistrationOpen();
  if (isLoading) return null;
  if (!user) {
    return (
      <section id={id} aria-label="Account" className="border-t border-white/10">
        <div className={`${PAGE_WIDTH} py-3 text-sm text-blue-100`}>
          <p className="px-3 pb-2">
            {registrationOpen ? 'Sign up or log in' : 'Log in'} to submit your extended abstract or paper.
          </p>
          {registrationOpen && (
            <Link to="/registration" className={menuLinkClass}>
              Sign up
            </Link>
          )}
        </div>
      </section>
    );
  }
  return (
    <section id={id} aria-label="Account" className="border-t border-white/10">
      <ul className={`${PAGE_WIDTH} flex flex-col gap-1 py-3`}>
        <li className="px-3 pb-1 text-sm text-white">
          Welcome, <span data-testid="welcome-username">{user.username}</span>
        </li>
        {!mustEnrolTwoFactor && (
          <li>
            <NavLink to="/profile" className={menuLinkClass}>
              Profile
            </NavLink>
          </li>
        )}
        {isCommitteeMember && !mustEnrolTwoFactor && (
          <li>
            <NavLink to="/reviews" className={menuLinkClass}>
              Reviews
            </NavLink>
          </li>
        )}
        {isAdmin && !mustEnrolTwoFactor && (
          <li>
            <NavLink to="/admin" className={menuLinkClass}>
              Admin
            </NavLink>
          </li>
        )}
        {isVolunteer && (
          <li>
            <NavLink to="/admin/check-in" className={menuLinkClass}>
              Check-in
            </NavLink>
          </li>
        )}
        <li>
          <LogoutButton className={`${menuLinkClass} w-full text-left`} />
        </li>
        {!mustEnrolTwoFactor && (
          <li className="px-3 pt-2">
            <ButtonLink to="/submit" variant="secondary" className="w-full">
              Submit Extended Abstract/Paper
            </ButtonLink>
          </li>
        )}
      </ul>
    </section>
  );
}

function SecondaryBar() {
  const { user, isLoading, isAdmin, mustEnrolTwoFactor, isCommitteeMember, isVolunteer } = useAuth();
  // The height of the signed-out bar, which most first visits get: nothing moves when it comes.
  if (isLoading) return <div className="h-10 bg-brand-50" aria-hidden="true" />;
  return user ? (
    <SignedInBar
      username={user.username}
      isAdmin={isAdmin}
      isCommitteeMember={isCommitteeMember}
      awaitingTwoFactor={mustEnrolTwoFactor}
      deskOnly={isVolunteer}
    />
  ) : (
    <SignedOutBar />
  );
}

function SignedOutBar() {
  const registrationOpen = useRegistrationOpen();
  return (
    <div className="bg-brand-50 text-sm text-slate-700">
      <div className={`${PAGE_WIDTH} flex flex-wrap items-center justify-center gap-x-2 gap-y-1 py-2.5 text-center`}>
        <span className="text-balance">
          {registrationOpen ? 'Sign up or log in' : 'Log in'} to submit your extended abstract or paper.
        </span>
        <span className="flex gap-2">
          {registrationOpen && (
            <>
              <Link to="/registration" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
                Sign up
              </Link>
              <span aria-hidden="true">·</span>
            </>
          )}
          <Link to="/login" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Login
          </Link>
        </span>
      </div>
    </div>
  );
}

const barLinkClass = 'font-semibold text-brand-700 hover:underline';

/** An admin still to set up two-factor sign-in sees only the way out: the server refuses the rest until then. */
function SignedInBar({
  username,
  isAdmin,
  isCommitteeMember,
  awaitingTwoFactor: mustEnrolTwoFactor,
  deskOnly,
}: {
  username: string;
  isAdmin: boolean;
  /** A programme committee member: their reviews are a link away. */
  isCommitteeMember: boolean;
  awaitingTwoFactor: boolean;
  /** A volunteer's account: the check-in desk is its one page. */
  deskOnly: boolean;
}) {
  const awaitingTwoFactor = mustEnrolTwoFactor || deskOnly;
  // The profile page greets the author and shows the conference ID; it and /submit have their own submit button.
  const onProfile = useMatch('/profile') !== null;
  const onSubmitEntry = useMatch('/submit') !== null;
  return (
    <div className="bg-brand-50 text-sm text-slate-700">
      <div className={`${PAGE_WIDTH} flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2`}>
        {/* Conference IDs are the authors': an organiser's account has nothing to look up there. */}
        {!onProfile && !isAdmin && (
          <p className="hidden text-slate-600 lg:block">
            See your{' '}
            <Link to="/profile" className="font-medium text-brand-700 hover:underline">
              profile page
            </Link>{' '}
            to get your conference ID.
          </p>
        )}
        <div className="flex flex-1 flex-wrap items-center justify-end gap-x-3 gap-y-2">
          {!onProfile && (
            <span className="font-medium">
              Welcome, <span data-testid="welcome-username">{username}</span>
            </span>
          )}
          {!awaitingTwoFactor && <NotificationBell />}
          {!awaitingTwoFactor && (
            <NavLink to="/profile" className={barLinkClass}>
              Profile
            </NavLink>
          )}
          {isCommitteeMember && !awaitingTwoFactor && (
            <NavLink to="/reviews" className={barLinkClass}>
              Reviews
            </NavLink>
          )}
          {isAdmin && !awaitingTwoFactor && (
            <NavLink to="/admin" className={barLinkClass}>
              Admin
            </NavLink>
          )}
          {deskOnly && (
            <NavLink to="/admin/check-in" className={barLinkClass}>
              Check-in
            </NavLink>
          )}
          <LogoutButton />
          {!onProfile && !onSubmitEntry && !awaitingTwoFactor && (
            <ButtonLink to="/submit">Submit Extended Abstract/Paper</ButtonLink>
          )}
        </div>
      </div>
    </div>
  );
}

function LogoutButton({ className = barLinkClass }: { className?: string }) {
  const logout = useLogout();
  const navigate = useNavigate();
  const toast = useToast();
  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => navigate('/login'),
      onError: (error) => toast.error(errorText(error, 'Failed to logout')),
    });
  return (
    <button type="button" onClick={onLogout} disabled={logout.isPending} className={className}>
      Logout
    </button>
  );
}
