import {
  AUTH_EVENT_PAGE_SIZE,
  type AuthEventsQuery,
  type AuthEventType,
  type AuthEventView,
} from '@shared/schemas/auth-events.ts';
import type { AppContext } from '@server/context.ts';
import type { DbOrTx } from '@server/db/client.ts';
import { pagination } from '@server/lib/pagination.ts';
import * as repo from './auth-events.repository.ts';

/** Who and from where; every field is something the person sent or the server saw, nothing secret. */
export interface AuthEventSubject {
  account: string;
  userId?: string | null;
  address?: string;
  userAgent?: string;
  /** Someone other than the owner who acted on the account. */
  actorId?: string;
}

export async function recordAuthEvent(db: DbOrTx, type: AuthEventType, subject: AuthEventSubject): Promise<void> {
  await repo.insertAuthEvent(db, {
    type,
    account: subject.account,
    userId: subject.userId ?? null,
    address: subject.address ?? '',
    userAgent: (subject.userAgent ?? '').slice(0, 512),
    actorId: subject.actorId ?? null,
  });
}

export async function listAuthEvents(ctx: Pick<AppContext, 'db'>, query: AuthEventsQuery) {
  const limit = AUTH_EVENT_PAGE_SIZE;
  const { rows, total } = await repo.pageOfAuthEvents(
    ctx.db,
    { type: query.type, search: query.search },
    { limit, offset: (query.page - 1) * limit },
  );
  const events: AuthEventView[] = rows.map((row) => ({
    _id: String(row.id),
    type: row.type as AuthEventType,
    at: row.at.toISOString(),
    account: row.account,
    userId: row.userId,
    address: row.address,
    userAgent: row.userAgent,
    actorId: row.actorId,
  }));
  return { events, pagination: pagination(query.page, limit, total) };
}
