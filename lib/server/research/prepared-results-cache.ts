import "server-only";
import { prepareKey } from "@/lib/engine/prepare-key";
import { prepareResult } from "@/lib/engine/prepare-result";
import type { PreparedResult } from "@/lib/engine/types";
import type { EvalExample } from "@/lib/data/types";
import type { Db } from "../db/client";
import { loadDocumentUnits } from "../db/research/load-document-units";
import { saveDocumentUnits } from "../db/research/save-document-units";
import { processCache } from "../process-cache";

/**
 * Prepared results (units and their downstream tokens) of stored documents, kept in memory: sweeps and breakdowns
 * over the same pairs segment and count each document once per process, not once per request. Documents never change
 * (offsets point into them), so a document id with its text length and settings is a safe key. Least recently used
 * entries go first beyond 50,000. Behind it, the DocumentUnits table keeps them across restarts
 * (preloadStoredResults).
 */
const cache = processCache<string, PreparedResult>("prepared-results", { maxEntries: 50_000, refreshOnRead: true });

export type StoredResult = EvalExample["results"][number];
/** What preparation reads of an example: its results. */
type WithResults = { readonly results: readonly StoredResult[] };
type PrepareOptions = { encoding?: string };

const cacheKey = (r: StoredResult, opts: PrepareOptions) =>
  `${r.id}\u0000${r.doc?.text.length ?? -1}\u0000${r.locale ?? ""}\u0000${opts.encoding ?? ""}\u0000${r.title ?? ""}`;

function prepareOne(r: StoredResult, opts: PrepareOptions): PreparedResult {
  const { locale, ...rest } = r;
  return prepareResult({
    ...rest,
    ...(locale !== undefined ? { locale } : {}),
    ...(opts.encoding !== undefined ? { encoding: opts.encoding } : {}),
  });
}

/** The DocumentUnits key a stored result's units are kept under (its segmentation setting on this runtime). */
export function storedUnitsKey(r: Pick<StoredResult, "locale">, opts: PrepareOptions = {}): string {
  return prepareKey({
    icu: process.versions.icu ?? "none",
    ...(r.locale ? { locale: r.locale } : {}),
    ...(opts.encoding ? { encoding: opts.encoding } : {}),
  });
}

/** One stored result from memory (now the most recently used), else prepared and remembered. */
function preparedOf(r: StoredResult, opts: PrepareOptions): PreparedResult {
  const key = cacheKey(r, opts);
  const hit = cache.get(key);
  if (hit) return hit;
  const prepared = prepareOne(r, opts);
  cache.set(key, prepared);
  return prepared;
}

export function prepareStoredResults(example: WithResults, opts: PrepareOptions = {}): PreparedResult[] {
  return example.results.map((r) => preparedOf(r, opts));
}

/**
 * Fills the memory cache for these examples' documents from the DocumentUnits table, and prepares and stores the ones
 * it lacks: after a restart a dashboard over 10,000 pairs reads their units instead of segmenting and counting 20,000
 * documents again. prepareStoredResults then finds every document in memory. The new rows are written in the
 * background (`stored` settles when they are), so the first request does not wait for them; a failed write only costs
 * the next process the work again (`writeAfter` holds them back until a request is done: a sweep's first request
 * spent seconds encoding and sending them between its own queries). `prepared` holds every example's prepared results (examples' order): more documents
 * than the memory cache holds (a breakdown over 100,000 pairs) evict each other from it, and are not prepared again.
 */
export async function preloadStoredResults(
  examples: readonly WithResults[],
  opts: PrepareOptions & {
    db?: Db;
    /** The new rows are written once this settles (a request's end: writing them does not slow the request). */
    writeAfter?: Promise<unknown>;
  } = {},
): Promise<{ stored: Promise<void>; prepared: PreparedResult[][] }> {
  const writes: Promise<void>[] = [];
  const byKey = new Map<string, { r: StoredResult; memoryKey: string }[]>();
  const local = new Map<string, PreparedResult>();
  for (const ex of examples) {
    for (const r of ex.results) {
      const memoryKey = cacheKey(r, opts);
      const hit = cache.get(memoryKey);
      if (hit) local.set(memoryKey, hit);
      if (!r.doc || hit) continue;
      const key = storedUnitsKey(r, opts);
      const list = byKey.get(key) ?? [];
      list.push({ r, memoryKey });
      byKey.set(key, list);
    }
  }
  for (const [key, list] of byKey) {
    const ids = [...new Set(list.map((x) => x.r.id))];
    const { units: stored, damaged } = await loadDocumentUnits({ documentIds: ids, key, ...(opts.db ? { db: opts.db } : {}) });
    const fresh = new Map<string, PreparedResult>();
    let slice = performance.now();
    for (const { r, memoryKey } of list) {
      const s = stored.get(r.id);
      let prepared: PreparedResult;
      if (s) {
        prepared = { id: r.id, doc: r.doc!, units: s.units, unitTokens: s.unitTokens, tokensIn: s.tokensIn };
        const title = r.title ?? r.doc!.title;
        if (title !== undefined) prepared.title = title;
        if (r.url !== undefined) prepared.url = r.url;
      } else {
        prepared = fresh.get(r.id) ?? prepareOne(r, opts);
        fresh.set(r.id, prepared);
        if (performance.now() - slice > SEGMENT_SLICE_MS) {
          await new Promise((resolve) => setImmediate(resolve));
          slice = performance.now();
        }
      }
      cache.set(memoryKey, prepared);
      local.set(memoryKey, prepared);
    }
    if (fresh.size > 0) {
      const rows = [...fresh.values()].map((p) => ({ documentId: p.id, units: p.units, unitTokens: p.unitTokens, tokensIn: p.tokensIn }));
      const write = () => saveDocumentUnits({ rows, key, replace: damaged, ...(opts.db ? { db: opts.db } : {}) });
      writes.push(
        (opts.writeAfter ? opts.writeAfter.then(write, write) : write()).catch((e: unknown) =>
          console.warn(`[research] could not store prepared units (computed again next time): ${(e as Error)?.message ?? e}`),
        ),
      );
    }
  }
  const stored = Promise.all(writes).then(() => undefined);
  inFlight.add(stored);
  void stored.finally(() => inFlight.delete(stored));
  const prepared = examples.map((ex) => ex.results.map((r) => local.get(cacheKey(r, opts)) ?? preparedOf(r, opts)));
  return { stored, prepared };
}

/**
 * Segmenting 20,000 documents takes seconds: the thread is given back this often, so what the request started
 * meanwhile (a sweep reads its model runs) goes on in the database instead of waiting for the end.
 */
const SEGMENT_SLICE_MS = 10;

const inFlight = new Set<Promise<void>>();

/** Settles when every background write of prepared units started so far has (benchmarks wait before a "restart"). */
export async function preparedUnitsWritten(): Promise<void> {
  await Promise.all([...inFlight]);
}
