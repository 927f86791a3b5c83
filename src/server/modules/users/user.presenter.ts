import type { PublicUser } from '@shared/schemas/user.ts';
import type { UserRow } from './users.repository.ts';

/** The only shape in which a user leaves the server: no password hash, ever. */
export function presentUser(
  row: Pick<UserRow, 'id' | 'username' | 'email' | 'customUserId' | 'role' | 'twoFactorEnabledAt' | 'createdAt'>,
): PublicUser {
  return {
    _id: row.id,
    username: row.username,
    email: row.email,
    customUserId: row.customUserId,
    role: row.role,
    twoFactorEnabled: row.twoFactorEnabledAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
