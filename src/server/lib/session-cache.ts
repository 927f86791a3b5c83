import type { PublicUser } from '../../shared/schemas/user.ts';

interface Entry {
  user: PublicUser;
  until: number;
}

/**
 * Remembers resolved sessions for a few seconds, so the polling every signed-in page does
 * (unread counts every 30 s, for hundreds of authors) costs no session query. Logout, password
 * resets and admin changes forget entries at once; the short lifetime bounds anything else.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();

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

  set(tokenHash: string, user: PublicUser): void {
    if (this.entries.size >= this.maxEntries) {
      // Maps keep insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { user, until: this.now() + this.ttlMs });
  }

  forgetToken(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  forgetUser(userId: string): void {
    for (const [hash, entry] of this.entries) if (entry.user._id === userId) this.entries.delete(hash);
  }
}
