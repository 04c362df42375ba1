import "server-only";
import { prepareResult } from "@/lib/engine/prepare-result";
import type { PreparedResult } from "@/lib/engine/types";
import type { EvalExample } from "@/lib/data/types";

/**
 * Prepared results (units and their downstream tokens) of stored documents, kept in memory: sweeps and breakdowns
 * over the same pairs segment and count each document once per process, not once per request. Documents never change
 * (offsets point into them), so a document id with its text length and settings is a safe key. Least recently used
 * entries go first beyond MAX_ENTRIES.
 */
const MAX_ENTRIES = 50_000;
const cache = ((globalThis as { __snippetLabPrepared?: Map<string, PreparedResult> }).__snippetLabPrepared ??= new Map());

export function prepareStoredResults(example: EvalExample, opts: { encoding?: string } = {}): PreparedResult[] {
  return example.results.map((r) => {
    const key = `${r.id}\u0000${r.doc?.text.length ?? -1}\u0000${r.locale ?? ""}\u0000${opts.encoding ?? ""}\u0000${r.title ?? ""}`;
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const { locale, ...rest } = r;
    const prepared = prepareResult({
      ...rest,
      ...(locale !== undefined ? { locale } : {}),
      ...(opts.encoding !== undefined ? { encoding: opts.encoding } : {}),
    });
    cache.set(key, prepared);
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    return prepared;
  });
}
