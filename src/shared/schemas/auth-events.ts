import { z } from 'zod';
import { okResponse } from './responses.ts';

/** What the sign-in log records; never a password, token, code or link. */
export const AUTH_EVENT_TYPES = [
  'sign_in_succeeded',
  'sign_in_failed',
  'sign_in_refused',
  'second_factor_failed',
  'recovery_code_used',
  'signed_out',
  'reset_requested',
  'reset_completed',
  'password_changed',
  'session_ended',
  'other_sessions_ended',
  'sessions_ended_by_organizer',
  'role_changed',
  'two_factor_enabled',
  'two_factor_disabled',
  'recovery_codes_renewed',
] as const;
export type AuthEventType = (typeof AUTH_EVENT_TYPES)[number];

export const AUTH_EVENT_LABELS: Record<AuthEventType, string> = {
  sign_in_succeeded: 'Signed in',
  sign_in_failed: 'Wrong password',
  sign_in_refused: 'Sign-in refused (throttled or challenge missing)',
  second_factor_failed: 'Right password, wrong or reused two-factor code',
  recovery_code_used: 'Signed in with a recovery code',
  signed_out: 'Signed out',
  reset_requested: 'Password reset requested',
  reset_completed: 'Password reset completed',
  password_changed: 'Password changed',
  session_ended: 'A session signed out from the sessions page',
  other_sessions_ended: 'Every other session signed out',
  sessions_ended_by_organizer: 'Signed out everywhere by an organizer',
  role_changed: 'Made an organizer at start (ADMIN_EMAIL)',
  two_factor_enabled: 'Two-factor sign-in turned on',
  two_factor_disabled: 'Two-factor sign-in turned off',
  recovery_codes_renewed: 'New recovery codes made',
};

export const AUTH_EVENT_PAGE_SIZE = 50;

export const authEventsQuerySchema = z.object({
  type: z.enum(AUTH_EVENT_TYPES).optional(),
  /** Part of the e-mail, as typed at sign-in. */
  search: z.string().trim().max(254).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AuthEventsQuery = z.infer<typeof authEventsQuerySchema>;

export const authEventViewSchema = z
  .object({
    _id: z.string(),
    type: z.enum(AUTH_EVENT_TYPES),
    at: z.string(),
    /** The e-mail as typed (also for accounts that do not exist), or the account's. */
    account: z.string(),
    userId: z.string().nullable(),
    address: z.string(),
    userAgent: z.string(),
    /** The organizer who acted, when it was not the owner. */
    actorId: z.string().nullable(),
  })
  .meta({ id: 'AuthEvent' });
export type AuthEventView = z.infer<typeof authEventViewSchema>;

export const authEventsResponseSchema = okResponse({
  events: z.array(authEventViewSchema),
  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), totalPages: z.number() }),
});
