/**
 * Shares one computation among all callers for a short time: concurrent callers wait for the
 * same promise, later ones reuse its result until it is `ttlMs` old. A failure is not kept.
 */
export class TtlMemo<T> {
  private value: { promise: Promise<T>; until: number } | undefined;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(compute: () => Promise<T>): Promise<T> {
    if (this.value && this.value.until > this.now()) return this.value.promise;
    const promise = compute();
    this.value = { promise, until: this.now() + this.ttlMs };
    promise.catch(() => {
      if (this.value?.promise === promise) this.value = undefined;
    });
    return promise;
  }

  clear(): void {
    this.value = undefined;
  }
}
