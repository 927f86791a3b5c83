import type { PublicUser } from '@shared/schemas/user.ts';

interface Entry {
  user: PublicUser;
  until: number;
}

/**
 * Remembers resolved sessions for a few seconds, so the polling every signed-in page does
 * (unread counts every 30 s, for hundreds of authors) costs no session query. Only sound where
 * every revocation passes through this process: the embedded database, which one process holds
 * alone. On a PostgreSQL server other processes may end a session, so there it is off (ttl 0)
 * and every request asks the database.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Raised by every revocation: a lookup that started before one must not be cached after it. */
  private revocations = 0;

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 20_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(tokenHash: string): PublicUser | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.user;
  }

  /** Taken before a database lookup and given back to `set`. */
  revocationMark(): number {
    return this.revocations;
  }

  /** Caches a lookup's result, unless a session was revoked while it ran (it may have read a row since deleted). */
  set(tokenHash: string, user: PublicUser, markBeforeLookup: number): void {
    if (this.ttlMs <= 0 || markBeforeLookup !== this.revocations) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps keep insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { user, until: this.now() + this.ttlMs });
  }

  forgetToken(tokenHash: string): void {
    this.revocations += 1;
    this.entries.delete(tokenHash);
  }

  forgetUser(userId: string): void {
    this.revocations += 1;
    for (const [hash, entry] of this.entries) if (entry.user._id === userId) this.entries.delete(hash);
  }
}
