import { useId, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import type { PublicUser } from '@shared/schemas/user.ts';
import { greetingFor } from './greeting.ts';
import { initialsOf } from '@client/lib/initials.ts';
import { useDismiss } from '@client/lib/use-dismiss.ts';

const noSubscription = () => () => {};
/**
 * The greeting by the reader's clock. The server, which draws the frame before the browser's clock
 * is known, says "Welcome"; the client takes over with the greeting at once after hydrating, so
 * the two never disagree during hydration.
 */
function useGreeting(): string {
  return useSyncExternalStore(
    noSubscription,
    () => greetingFor(new Date()),
    () => 'Welcome',
  );
}

/**
 * The admin area's own bar under the site header (spec 2.2): title, greeting, a link back to
 * the public site and the admin's menu. `titleIsHeading` makes the title the page's h1 where
 * the page has no other.
 */
export function AdminHeader({ user, titleIsHeading = false }: { user: PublicUser; titleIsHeading?: boolean }) {
  const Title = titleIsHeading ? 'h1' : 'p';
  const greeting = useGreeting();
  return (
    <div className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-2 sm:py-3">
        <div className="min-w-0">
          <Title className="text-lg font-bold text-brand-900 sm:text-xl">Admin Dashboard</Title>
          <p className="text-xs break-words text-slate-600 sm:text-sm">
            {greeting}, {user.username}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Link to="/" className="rounded-md px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">
            Main Site
          </Link>
          <UserMenu user={user} />
        </div>
      </div>
    </div>
  );
}

/** A disclosure: the button shows or hides the panel; Escape and a click elsewhere close it. */
function UserMenu({ user }: { user: PublicUser }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useDismiss(open, root, (how) => {
    setOpen(false);
    if (how === 'escape') button.current?.focus();
  });

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-2 rounded-full border border-slate-200 py-1 pr-3 pl-1 text-sm font-semibold text-slate-800 hover:bg-slate-50"
      >
        <span
          className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white"
          aria-hidden="true"
        >
          {initialsOf(user.username)}
        </span>
        <span className="max-w-32 truncate max-sm:sr-only">{user.username}</span>
        <span className="sr-only"> account menu</span>
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute right-0 z-30 mt-2 w-56 rounded-lg border border-slate-200 bg-white py-2 shadow-lg"
        >
          <div className="border-b border-slate-100 px-4 pb-2">
            <p className="truncate text-sm font-semibold text-slate-900">{user.username}</p>
            <p className="text-xs font-medium text-purple-700">Administrator</p>
          </div>
          <Link
            to="/profile"
            className="mt-1 block px-4 py-2 text-sm text-slate-700 hover:bg-slate-50"
            onClick={() => setOpen(false)}
          >
            Your Profile
          </Link>
        </div>
      )}
    </div>
  );
}
