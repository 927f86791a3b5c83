/**
 * Shares one computation among callers for as long as the data it was computed from is
 * unchanged: callers pass the data's current version (a counter the database raises with every
 * write, so every process sees it) and get the cached result while it is of that version or a
 * newer one. Concurrent callers wait for the same promise. `maxAgeMs` bounds how long a result
 * lives without any write, for what changes with the clock alone ("active this week"). A
 * failure is not kept.
 */
export class VersionedMemo<T> {
  private value: { version: number; promise: Promise<T>; at: number } | undefined;

  constructor(
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** `version` undefined: the data's version is unknown, so nothing is kept or served. */
  get(version: number | undefined, compute: () => Promise<T>): Promise<T> {
    if (version === undefined) return compute();
    const cached = this.value;
    if (cached && cached.version >= version && this.now() - cached.at < this.maxAgeMs) return cached.promise;
    const promise = compute();
    const entry = { version, promise, at: this.now() };
    this.value = entry;
    promise.catch(() => {
      if (this.value === entry) this.value = undefined;
    });
    return promise;
  }
}

/**
 * A VersionedMemo per key (the list totals: one per filter and search), keeping the keys used
 * last: the oldest is dropped past `maxEntries`.
 */
export class VersionedMemoMap<T> {
  private readonly memos = new Map<string, VersionedMemo<T>>();

  constructor(
    private readonly maxEntries: number,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, version: number | undefined, compute: () => Promise<T>): Promise<T> {
    const memo = this.memos.get(key) ?? new VersionedMemo<T>(this.maxAgeMs, this.now);
    // Re-inserted, the key becomes the newest in the map's order.
    this.memos.delete(key);
    this.memos.set(key, memo);
    if (this.memos.size > this.maxEntries) this.memos.delete(this.memos.keys().next().value!);
    return memo.get(version, compute);
  }
}
