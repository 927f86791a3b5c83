import { z } from 'zod';
import { ROLES } from '../constants.ts';
import { okResponse } from './responses.ts';

/** A user as any signed-in client may see it: never the password hash. */
export const publicUserSchema = z
  .object({
    _id: z.string(),
    username: z.string(),
    email: z.string(),
    customUserId: z.string(),
    role: z.enum(ROLES),
    /** Signs in with a code from an authenticator app as well as the password. */
    twoFactorEnabled: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'PublicUser' });
export type PublicUser = z.infer<typeof publicUserSchema>;

export const USER_NOT_FOUND = 'User not found.';

/** The path of an organizer's view of one user; an id that is not one names nobody. */
export const adminUserParams = z.object({ userId: z.uuid(USER_NOT_FOUND) });

export const adminUserResponseSchema = okResponse({ user: publicUserSchema });
