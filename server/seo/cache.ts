/**
 * A small least-recently-used cache whose entries expire: what the SEO pages read from the database
 * is kept briefly per path, so crawlers cannot hammer the database and edits show within the TTL.
 */
export class ExpiringCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    // Re-inserted so the Map's order stays least recently used first.
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Forgets every entry: what they were read from has changed. */
  clear(): void {
    this.entries.clear();
  }

  /** The promise kept for key, or load()'s: kept, shared by callers meanwhile, dropped if it fails. */
  through<T>(this: ExpiringCache<Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
    const cached = this.get(key);
    if (cached) return cached;
    const value = load();
    this.set(key, value);
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }
}
