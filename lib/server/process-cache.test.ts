import { describe, expect, it } from "vitest";
import { BoundedCache, clearProcessCaches, processCache, processSingleton, releaseProcessSingleton } from "./process-cache";

describe("BoundedCache", () => {
  it("drops the first written beyond maxEntries, whatever was read", () => {
    const cache = new BoundedCache<string, number>({ maxEntries: 2 });
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1);
    cache.set("c", 3);
    expect([cache.has("a"), cache.has("b"), cache.has("c")]).toEqual([false, true, true]);
  });

  it("with refreshOnRead drops the least recently used", () => {
    const cache = new BoundedCache<string, number>({ maxEntries: 2, refreshOnRead: true });
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1);
    cache.set("c", 3);
    expect([cache.has("a"), cache.has("b"), cache.has("c")]).toEqual([true, false, true]);
  });

  it("bounds the weight: a replaced entry's weight goes, the oldest go until within the limit", () => {
    const cache = new BoundedCache<string, string>({ maxWeight: 10, weigh: (v) => v.length });
    cache.set("a", "aaaa");
    cache.set("b", "bbbb");
    cache.set("a", "aa");
    expect(cache.weight).toBe(6);
    cache.set("c", "cccccc");
    // "b" is now the oldest (rewriting "a" made it the newest): 2 + 6 fits once "b" is gone.
    expect([cache.has("a"), cache.has("b"), cache.has("c"), cache.weight]).toEqual([true, false, true, 8]);
    // One entry over the limit does not stay either.
    cache.set("d", "d".repeat(11));
    expect([cache.size, cache.weight]).toEqual([0, 0]);
  });

  it("takes a write's own limits over the cache's", () => {
    const cache = new BoundedCache<number, number>({ maxWeight: 100, weigh: (v) => v });
    for (let i = 1; i <= 4; i++) cache.set(i, 3, { maxWeight: 7 });
    expect([cache.size, cache.weight, cache.has(1), cache.has(4)]).toEqual([2, 6, false, true]);
    expect(cache.delete(4)).toBe(true);
    expect(cache.delete(4)).toBe(false);
    expect(cache.weight).toBe(3);
  });
});

describe("process state", () => {
  it("gives every caller of a name the same cache; clearProcessCaches empties them all", () => {
    const a = processCache<string, number>("process-cache-test", { maxEntries: 5 });
    const b = processCache<string, number>("process-cache-test", { maxEntries: 1 });
    expect(b).toBe(a);
    a.set("x", 1);
    a.set("y", 2);
    expect(b.size).toBe(2);
    clearProcessCaches();
    expect(a.size).toBe(0);
  });

  it("keeps singletons through a cache clear until released", () => {
    let made = 0;
    const make = () => ({ n: ++made });
    const first = processSingleton("process-cache-test-singleton", make);
    clearProcessCaches();
    expect(processSingleton("process-cache-test-singleton", make)).toBe(first);
    expect(releaseProcessSingleton("process-cache-test-singleton")).toBe(first);
    expect(releaseProcessSingleton("process-cache-test-singleton")).toBeUndefined();
    expect(processSingleton("process-cache-test-singleton", make)).toEqual({ n: 2 });
  });
});
