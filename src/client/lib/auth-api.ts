import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import type { PublicUser } from '@shared/schemas/user.ts';
import { api, type ResponseOf } from './api.ts';
import { queryKeys } from './query-keys.ts';
import { SITE_SESSION_META } from '@shared/page-session.ts';
import type { messageResponseSchema } from '@shared/schemas/responses.ts';
import type {
  captchaResponseSchema,
  resetRequestedResponseSchema,
  sessionResponseSchema,
  signedInResponseSchema,
} from '@shared/schemas/auth.ts';

/** One query for who is signed in and whether sign-up is open: a page load asks once. */

/** `mustEnrolTwoFactor`: an admin without the required second factor, sent to set it up before anything else. */
type SiteSession = ResponseOf<typeof sessionResponseSchema>;

const SESSION_STALE_MS = 60_000;

/**
 * The session the server wrote into the page it served (client-pages.ts), so that the first paint
 * knows who is signed in without a request; none under the Vite dev server. Checked by hand, not
 * with the Zod schema: that would bring Zod into every page's first load.
 */
function sessionInPage(): SiteSession | undefined {
  // On the server the page's query cache already holds the session (entry-server.tsx).
  if (typeof document === 'undefined') return undefined;
  const content = document.querySelector(`meta[name="${SITE_SESSION_META}"]`)?.getAttribute('content');
  if (!content) return undefined;
  try {
    const parsed = JSON.parse(content) as Partial<Record<keyof SiteSession, unknown>> | null;
    const user = parsed?.user as Partial<PublicUser> | null | undefined;
    const complete =
      parsed?.success === true &&
      typeof parsed.registrationOpen === 'boolean' &&
      typeof parsed.mustEnrolTwoFactor === 'boolean' &&
      typeof parsed.committeeMember === 'boolean' &&
      (user === null || (typeof user === 'object' && typeof user?._id === 'string' && typeof user.role === 'string'));
    return complete ? (parsed as SiteSession) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Used once, for the first query: a session asked afresh (after signing out, say) never comes
 * from a page that was served to the user signed in.
 */
const pageSession = { session: sessionInPage(), readAt: Date.now(), used: false };
function takePageSession(): SiteSession | undefined {
  if (pageSession.used) return undefined;
  pageSession.used = true;
  return pageSession.session;
}

/** /auth/session answers a visitor with 200 (user null), keeping the console clean. */
const siteSessionQuery = queryOptions({
  queryKey: queryKeys.session,
  queryFn: () => api<SiteSession>('/auth/session'),
  staleTime: SESSION_STALE_MS,
  retry: false,
  initialData: takePageSession,
  initialDataUpdatedAt: pageSession.readAt,
});

function useSiteSession() {
  return useQuery(siteSessionQuery);
}

/**
 * After signing in, up or out: the user at once, then the session asked afresh (what the server
 * says of it, e.g. that an admin must set up two-factor sign-in first). Resolves once it is known,
 * so the caller moves on to a page only then.
 */
function useSetSignedInUser() {
  const queryClient = useQueryClient();
  return async (user: PublicUser | null, mustEnrolTwoFactor = false) => {
    // The sign-in's own answer says whether two-factor set-up comes first: the header never shows,
    // even for a moment, what such a session cannot use (the bell's count would be refused).
    queryClient.setQueryData(siteSessionQuery.queryKey, (old) => old && { ...old, user, mustEnrolTwoFactor });
    await queryClient.invalidateQueries({ queryKey: queryKeys.session });
  };
}

/** The signed-in user, or null. */
export function useAuth() {
  const query = useSiteSession();
  const user = query.data?.user ?? null;
  const isAdmin = user?.role === 'admin';
  return {
    user,
    isLoading: query.isPending,
    isAdmin,
    /** A volunteer account: the check-in desk and nothing else (the server refuses the rest). */
    isVolunteer: user?.role === 'volunteer',
    mustEnrolTwoFactor: Boolean(user && query.data?.mustEnrolTwoFactor),
    isCommitteeMember: Boolean(user && query.data?.committeeMember),
  };
}

/** Asks for the session afresh (a change to the account the server made, e.g. two-factor on). */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.session });
}

export function useLogin() {
  const setSignedInUser = useSetSignedInUser();
  return useMutation({
    mutationFn: (body: {
      email: string;
      password: string;
      challenge?: { id: string; answer: number };
      totp?: string;
    }) => api<ResponseOf<typeof signedInResponseSchema>>('/auth/login', { method: 'POST', body }),
    onSuccess: ({ user, mustEnrolTwoFactor }) => setSignedInUser(user, mustEnrolTwoFactor),
  });
}

export function useRegister() {
  const setSignedInUser = useSetSignedInUser();
  return useMutation({
    mutationFn: (body: { username: string; email: string; password: string }) =>
      api<ResponseOf<typeof signedInResponseSchema>>('/auth/register', { method: 'POST', body }),
    onSuccess: ({ user, mustEnrolTwoFactor }) => setSignedInUser(user, mustEnrolTwoFactor),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  const setSignedInUser = useSetSignedInUser();
  return useMutation({
    mutationFn: () => api<ResponseOf<typeof messageResponseSchema>>('/auth/logout', { method: 'POST' }),
    onSuccess: () => {
      void setSignedInUser(null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' && q.queryKey[0] !== 'site' });
    },
  });
}

/** Asks for a reset link; the answer is the same for known and unknown addresses. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: { email: string }) =>
      api<ResponseOf<typeof resetRequestedResponseSchema>>('/auth/forgot-password', { method: 'POST', body }),
  });
}

/** Sets a new password with the token of a reset link. */
export function useResetPassword(token: string) {
  return useMutation({
    mutationFn: (password: string) =>
      api(`/auth/reset-password/${encodeURIComponent(token)}`, { method: 'PUT', body: { password } }),
  });
}

/** Whether authors can sign up; undefined while loading. Sign-up is promoted only when it is open. */
export function useRegistrationOpen(): boolean | undefined {
  return useSiteSession().data?.registrationOpen;
}

/**
 * A new arithmetic problem for each sign-in `round` and each `fetched` request for another; a
 * problem is answered once, so none is kept or fetched again behind the user's back.
 */
function captchaProblemQuery(round: number, fetched: number) {
  return queryOptions({
    queryKey: queryKeys.captcha(round, fetched),
    queryFn: () => api<ResponseOf<typeof captchaResponseSchema>>('/auth/captcha'),
    staleTime: Infinity,
    gcTime: 0,
    retry: 1,
    refetchOnWindowFocus: false,
  });
}

export function useCaptchaProblem(round: number, fetched: number) {
  return useQuery(captchaProblemQuery(round, fetched));
}
