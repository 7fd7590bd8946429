/**
 * Failed sign-ins counted per key (client IP, email) in a sliding window, in memory. Once a key has
 * `limit` failures within the window every attempt for it is refused until the oldest failure ages
 * out, so guessing passwords for one account, or from one address, is slowed to `limit` per window.
 * Successful sign-ins are not counted and do not clear earlier failures (an attacker could otherwise
 * interleave sign-ins to an account of their own).
 */
export class FailedSignIns {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  /** True when any of the keys has reached the limit. */
  blocked(keys: string[]): boolean {
    return keys.some((key) => this.recent(key).length >= this.limit);
  }

  /**
   * Counts an attempt as failed before its password is checked, so many attempts sent at once cannot
   * all slip in under the limit; `forgive` takes it back when the password turns out right.
   */
  record(keys: string[]): number {
    const at = this.now();
    for (const key of keys) this.failures.set(key, [...this.recent(key), at]);
    if (this.failures.size > 50_000) this.prune();
    return at;
  }

  forgive(keys: string[], at: number): void {
    for (const key of keys) {
      const times = this.failures.get(key);
      const index = times?.lastIndexOf(at) ?? -1;
      if (times && index >= 0) times.splice(index, 1);
    }
  }

  /** Drops keys whose failures have all aged out, so memory stays bounded. */
  prune(): void {
    for (const key of [...this.failures.keys()]) this.recent(key);
  }
}
