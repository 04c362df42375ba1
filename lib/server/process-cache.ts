import "server-only";

/**
 * Process-wide state: one database client, one metrics registry, one job runner per database, and the caches of
 * what never changes (documents, decoded probabilities, input hashes). Kept in one registry on globalThis because
 * Next bundles route handlers, pages and the startup hook separately, and reloads modules in dev: a module-level
 * Map would exist once per bundle (and again after each edit), each with its own copy of the data.
 */
type Registry = { singletons: Map<string, unknown>; caches: Map<string, BoundedCache<unknown, unknown>> };

const REGISTRY = Symbol.for("snippet-lab.process-state");
const registry = ((globalThis as unknown as Record<symbol, Registry | undefined>)[REGISTRY] ??= {
  singletons: new Map(),
  caches: new Map(),
});

/** Limits of a BoundedCache; beyond them the oldest entries go first. */
export interface CacheLimits {
  /** At most this many entries. */
  maxEntries?: number;
  /** At most this much weight in all (characters, tokens), by the cache's `weigh`. */
  maxWeight?: number;
}

export interface BoundedCacheOptions<K, V> extends CacheLimits {
  /** An entry's weight (default 1). */
  weigh?: (value: V, key: K) => number;
  /**
   * true: a read makes the entry the newest, so the least recently used go first; false (default): the first written
   * go first, whatever is read (a cache read in bulk, where moving every hit costs more than it saves).
   */
  refreshOnRead?: boolean;
}

/** A Map bounded by entries and/or weight: writing past a limit drops the oldest entries until within it. */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private total = 0;

  constructor(private readonly options: BoundedCacheOptions<K, V> = {}) {}

  get size(): number {
    return this.entries.size;
  }

  /** The weight of every entry together. */
  get weight(): number {
    return this.total;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** The value (now the newest, with `refreshOnRead`). */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry && this.options.refreshOnRead) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry?.value;
  }

  /**
   * Writes the value as the newest entry (replacing one of the same key), then drops the oldest entries beyond the
   * limits: the cache's own, or `limits` for this write (a caller that bounds what it holds itself).
   */
  set(key: K, value: V, limits: CacheLimits = this.options): void {
    this.delete(key);
    const weight = this.options.weigh ? this.options.weigh(value, key) : 1;
    this.entries.set(key, { value, weight });
    this.total += weight;
    const { maxEntries = Infinity, maxWeight = Infinity } = limits;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= maxEntries && this.total <= maxWeight) break;
      this.entries.delete(oldest);
      this.total -= entry.weight;
    }
  }

  delete(key: K): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.entries.delete(key);
    this.total -= entry.weight;
    return true;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}

/**
 * The process's cache called `name`, created with `options` on first use. Only for what may be dropped at any moment:
 * clearProcessCaches empties every one of them.
 */
export function processCache<K, V>(name: string, options: BoundedCacheOptions<K, V>): BoundedCache<K, V> {
  let cache = registry.caches.get(name);
  if (!cache) registry.caches.set(name, (cache = new BoundedCache(options) as BoundedCache<unknown, unknown>));
  return cache as BoundedCache<K, V>;
}

/** Empties every process cache, as a restart would (tests and benchmarks of the first request after one). */
export function clearProcessCaches(): void {
  for (const cache of registry.caches.values()) cache.clear();
}

/** The process's one `name` (a client, a registry of runners), created on first use; never dropped by a cache clear. */
export function processSingleton<T>(name: string, create: () => T): T {
  if (!registry.singletons.has(name)) registry.singletons.set(name, create());
  return registry.singletons.get(name) as T;
}

/** Takes the process's `name` out (undefined when there is none): the next processSingleton call creates a new one. */
export function releaseProcessSingleton<T>(name: string): T | undefined {
  const value = registry.singletons.get(name) as T | undefined;
  registry.singletons.delete(name);
  return value;
}
