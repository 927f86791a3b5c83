import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { PublicUser } from '@shared/schemas/user.ts';
import { TWO_FACTOR_MESSAGES } from '@shared/schemas/two-factor.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * 'member': a signed-in account with an accepted place on the programme committee.
 * 'volunteer': the registration desk's check-in, open to organisers and to volunteer accounts.
 */
export type Access = 'public' | 'user' | 'member' | 'admin' | 'volunteer';

export const SESSION_COOKIE = 'ictacem_session';

/** One API route as registered, with the access rule it declares. */
export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route and its access rule, filled as routes register (audited by src/server/security). */
    apiRoutes: readonly ApiRoute[];
  }
  interface FastifyContextConfig {
    /** Who may call the route. Every API route must declare it; the server enforces it. */
    access?: Access;
    /** `false`: the session is never looked up (the health checks, which must not depend on the database). */
    session?: boolean;
  }
  interface FastifyRequest {
    user: PublicUser | null;
    sessionToken: string | null;
  }
}

export const NOT_SIGNED_IN = 'Please log in to continue.';
export const ADMIN_ONLY = 'You do not have permission to perform this action.';
export const MEMBERS_ONLY = 'Only members of the programme committee can do this.';
export const CHECK_IN_ONLY = 'A volunteer account can only check participants in.';

function tokenFrom(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || null;
  return request.cookies[SESSION_COOKIE] ?? null;
}

export function requireUser(request: FastifyRequest): PublicUser {
  if (!request.user) throw new AppError('unauthenticated', NOT_SIGNED_IN);
  return request.user;
}

/** An organiser or a volunteer: who may check participants in. */
export function requireCheckInDesk(request: FastifyRequest): PublicUser {
  const user = requireUser(request);
  if (user.role !== 'admin' && user.role !== 'volunteer') throw new AppError('forbidden', ADMIN_ONLY);
  return user;
}

export function requireAdmin(request: FastifyRequest): PublicUser {
  const user = requireUser(request);
  if (user.role !== 'admin') throw new AppError('forbidden', ADMIN_ONLY);
  return user;
}

/**
 * Resolves the session on every request and enforces each route's declared access.
 * An API route registered without an access rule stops the app from starting.
 */
export interface AuthPluginOptions {
  apiPrefix: string;
  adminMfaRequired: boolean;
  /** REVIEWER_MFA_REQUIRED: member routes need two-factor sign-in on. */
  reviewerMfaRequired: boolean;
  /** The signed-in user a session token names, or null; given by app.ts so plugins stay below modules. */
  findSessionUser: (token: string) => Promise<PublicUser | null>;
  /** Whether the account is a member of the programme committee now (read on every member route). */
  isCommitteeMember: (userId: string) => Promise<boolean>;
}

export const authPlugin = fp<AuthPluginOptions>(
  async (app, { apiPrefix, adminMfaRequired, reviewerMfaRequired, findSessionUser, isCommitteeMember }) => {
    // Until an admin has a second factor, the role's reach is closed everywhere (admin routes, and
    // the admin's powers on user routes: every paper, file and chat), except signing in and out
    // and the own account, where the second factor is set up.
    const enrolmentOpen = [`${apiPrefix}/auth/`, `${apiPrefix}/account/`];
    const assertNotAwaitingEnrolment = (user: PublicUser) => {
      if (adminMfaRequired && user.role === 'admin' && !user.twoFactorEnabled) {
        throw new AppError('forbidden', TWO_FACTOR_MESSAGES.enrolmentNeeded, 'two_factor_enrolment_required');
      }
    };
    // A volunteer account signs in and out and checks participants in: every other route is closed to it.
    const volunteerOpen = [`${apiPrefix}/auth/`];
    const assertNotVolunteer = (user: PublicUser) => {
      if (user.role === 'volunteer') throw new AppError('forbidden', CHECK_IN_ONLY);
    };
    const guardFor = (access: Access, url: string): ((request: FastifyRequest) => void | Promise<void>) | null => {
      if (access === 'public') return null;
      if (access === 'volunteer') return (request) => assertNotAwaitingEnrolment(requireCheckInDesk(request));
      const volunteerGuard = volunteerOpen.some((prefix) => url.startsWith(prefix))
        ? (user: PublicUser) => user
        : (user: PublicUser) => {
            assertNotVolunteer(user);
            return user;
          };
      if (access === 'member')
        return async (request) => {
          const user = volunteerGuard(requireUser(request));
          assertNotAwaitingEnrolment(user);
          if (!(await isCommitteeMember(user._id))) throw new AppError('forbidden', MEMBERS_ONLY);
          if (reviewerMfaRequired && !user.twoFactorEnabled)
            throw new AppError('forbidden', TWO_FACTOR_MESSAGES.memberEnrolmentNeeded);
        };
      const require = access === 'admin' ? requireAdmin : requireUser;
      if (enrolmentOpen.some((prefix) => url.startsWith(prefix)))
        return (request) => void volunteerGuard(require(request));
      return (request) => assertNotAwaitingEnrolment(volunteerGuard(require(request)));
    };

    app.decorateRequest('user', null);
    app.decorateRequest('sessionToken', null);
    const apiRoutes: ApiRoute[] = [];
    app.decorate('apiRoutes', apiRoutes);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(apiPrefix)) return;
      const access = route.config?.access;
      if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
      if (route.config?.session === false && access !== 'public')
        throw new Error(`Route ${route.method} ${route.url} reads no session, so it can only be public`);
      for (const method of [route.method].flat()) apiRoutes.push({ method, url: route.url, access });
      const guard = guardFor(access, route.url);
      if (!guard) return;
      // At onRequest, after the session is resolved: a caller without access learns nothing from
      // validation messages, and no byte of the body is parsed on their behalf.
      const existing = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [async (request: FastifyRequest, _reply: FastifyReply) => guard(request), ...existing];
    });

    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config.session === false) return;
      const token = tokenFrom(request);
      if (!token) return;
      const user = await findSessionUser(token);
      if (user) {
        request.user = user;
        request.sessionToken = token;
      }
    });
  },
);
