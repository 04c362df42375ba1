import "server-only";
import { createHash } from "node:crypto";
import { countSimilarityParts } from "../../features/split-sections";
import type { SelectionProfile } from "../../engine/profile";
import { similaritySources } from "../../engine/profile-key";
import type { CanonicalDoc, Sentence } from "../../text/types";
import type { Db } from "../db/client";
import type { ResultSimilarity } from "../db/model-runs/encode-unit-similarity";
import { listUnitSimilarities } from "../db/model-runs/list-unit-similarities";
import { processCache } from "../process-cache";
import { saveUnitSimilarities, type SaveUnitSimilarityRow } from "../db/model-runs/save-unit-similarities";
import { similarityKey } from "../scoring/unit-scores-key";
import { sentenceEncoderDir, sentenceEncoderFingerprint } from "../sentence-encoder/load-sentence-encoder";
import { computeResultSimilarity } from "./compute-result-similarity";

type SimilarityResult = { doc: CanonicalDoc; units: readonly Sentence[]; title?: string | undefined };
/** One result set whose unit similarities are asked for: a pair's query and its prepared documents. */
export type SimilaritySet = { query: string; results: readonly SimilarityResult[] };
/** What of a profile its unit similarities depend on: its similarity stage. */
type SimilarityProfile = Pick<SelectionProfile, "similarity">;

/** Computed similarities are written in chunks of this many sets (a job's work is kept as it goes). */
const WRITE_EVERY = 200;

/** Result sets' similarities in memory (a few hundred bytes each), the least recently used going first. */
const memory = processCache<string, ResultSimilarity>("unit-similarities", { maxEntries: 100_000, refreshOnRead: true });
const remember = (key: string, sims: ResultSimilarity) => memory.set(key, sims);
const recall = (key: string): ResultSimilarity | undefined => memory.get(key);

/**
 * Whether a profile's similarity is stored: the sentence encoder's, the one stage of a model's unit scores that costs
 * more than reading it back (word vectors' coverage is computed faster than a row is read).
 */
export function storesSimilarity(profile: SimilarityProfile): boolean {
  return !!profile.similarity?.weight && profile.similarity.source === "sentence-encoder";
}

/** Whether every sentence encoder a profile reads (its stage's, its tiers') is installed. */
function encodersInstalled(profile: SimilarityProfile): boolean {
  return similaritySources(profile.similarity).encoders.every((name) => sentenceEncoderFingerprint(sentenceEncoderDir(name)) !== undefined);
}

/**
 * UnitSimilarity.key: sha256 of everything computeResultSimilarity reads — the similarity stage's key (similarityKey:
 * its settings and its encoders' weights), the query, the part count, and each result's title, text and units.
 * Content, not ids: the same query over the same documents in another pair or dataset has the same key.
 */
export function similarityInputKey(fingerprint: string, { query, results }: SimilaritySet, parts: number): string {
  const h = createHash("sha256").update(JSON.stringify([fingerprint, query, parts, results.length]));
  for (const r of results) {
    const offsets = new Int32Array(r.units.length * 2);
    r.units.forEach((u, i) => {
      offsets[i * 2] = u.start;
      offsets[i * 2 + 1] = u.end;
    });
    h.update(JSON.stringify([r.title ?? null, r.doc.text.length, r.units.length]))
      .update(r.doc.text)
      .update(new Uint8Array(offsets.buffer));
  }
  return h.digest("hex");
}

const fingerprints = new WeakMap<SimilarityProfile, { at: number; value: Promise<string> }>();

/**
 * similarityKey of a profile object, looked at again after a second: a sweep asks it once per pair, and each answer
 * resolves the models' folder from the settings and looks at the encoders' files.
 */
function fingerprintOf(profile: SimilarityProfile): Promise<string> {
  const known = fingerprints.get(profile);
  const now = Date.now();
  if (known && now - known.at < 1000) return known.value;
  const value = Promise.resolve(similarityKey(profile.similarity));
  fingerprints.set(profile, { at: now, value });
  return value;
}

type KeyMemo = { fingerprint: string; query: string; parts: number; results: readonly SimilarityResult[]; key: string };
/** Keys by a set's first result: research views keep prepared results in memory, so a warm sweep hashes no text. */
const keyMemo = new WeakMap<SimilarityResult, KeyMemo>();

function keyOf(fingerprint: string, set: SimilaritySet, parts: number): string {
  const first = set.results[0];
  const hit = first ? keyMemo.get(first) : undefined;
  if (
    hit &&
    hit.fingerprint === fingerprint &&
    hit.query === set.query &&
    hit.parts === parts &&
    hit.results.length === set.results.length &&
    hit.results.every((r, i) => r === set.results[i])
  )
    return hit.key;
  const key = similarityInputKey(fingerprint, set, parts);
  if (first) keyMemo.set(first, { fingerprint, query: set.query, parts, results: [...set.results], key });
  return key;
}

/** Empties this process's memory of similarities, as a new process starts (tests; the table keeps them). */
export function forgetRememberedSimilarities(): void {
  memory.clear();
}

const inFlight = new Set<Promise<void>>();

/** Settles when every background write of unit similarities started so far has (benchmarks wait before a "restart"). */
export async function unitSimilaritiesWritten(): Promise<void> {
  await Promise.all([...inFlight]);
}

function writeInBackground(rows: SaveUnitSimilarityRow[], replace: string[], db: Db | undefined): Promise<void> {
  const stored = saveUnitSimilarities({ rows, replace, ...(db ? { db } : {}) }).catch((e: unknown) =>
    console.warn(`[similarity] could not store unit similarities (computed again next time): ${(e as Error)?.message ?? e}`),
  );
  inFlight.add(stored);
  void stored.finally(() => inFlight.delete(stored));
  return stored;
}

/** What lookupResultSimilarities found: every set's value where known, and the sets still to compute. */
type Lookup = {
  fingerprint: string;
  parts: number[];
  keys: string[];
  found: Map<string, ResultSimilarity>;
  /** Sets (indices) whose similarities are neither in memory nor stored. */
  missing: number[];
  /** Stored rows that did not decode (to be replaced). */
  damaged: string[];
};

async function lookup(profile: SimilarityProfile, sets: readonly SimilaritySet[], db: Db | undefined): Promise<Lookup> {
  const fingerprint = await fingerprintOf(profile);
  const parts = sets.map((s) => countSimilarityParts(s.query, s.results));
  const keys = sets.map((s, i) => keyOf(fingerprint, s, parts[i]!));
  const found = new Map<string, ResultSimilarity>();
  const unknown: string[] = [];
  for (const key of keys) {
    const hit = recall(key);
    if (hit !== undefined) found.set(key, hit);
    else unknown.push(key);
  }
  let damaged: string[] = [];
  if (unknown.length > 0) {
    const read = await listUnitSimilarities({ keys: unknown, ...(db ? { db } : {}) });
    damaged = read.damaged;
    for (const [key, sims] of read.sims) {
      found.set(key, sims);
      remember(key, sims);
    }
  }
  return { fingerprint, parts, keys, found, missing: keys.flatMap((key, i) => (found.has(key) ? [] : [i])), damaged };
}

/**
 * The stored (or remembered) unit similarities of these sets without computing any: `sims` per set (undefined where
 * none is blended), and `missing` the sets the encoder has not read yet (a page that must not wait starts a job for
 * them). Every set is found for a profile whose similarity is not stored.
 */
export async function lookupResultSimilarities({
  profile,
  sets,
  db,
}: {
  profile: SimilarityProfile;
  sets: readonly SimilaritySet[];
  db?: Db;
}): Promise<{ sims: (number[][] | undefined)[]; missing: number[] }> {
  // Nothing to wait for when the similarity is not stored, or its encoder is not installed (no similarity is blended).
  if (!storesSimilarity(profile) || !encodersInstalled(profile))
    return { sims: await ensureResultSimilarities({ profile, sets, ...(db ? { db } : {}) }), missing: [] };
  const { keys, found, missing } = await lookup(profile, sets, db);
  return { sims: keys.map((key) => found.get(key) ?? undefined), missing };
}

export type EnsureResultSimilaritiesOptions = {
  profile: SimilarityProfile;
  sets: readonly SimilaritySet[];
  db?: Db;
  /** Called once the stored ones are known, with how many sets the encoder will read (a job's or sweep's total). */
  onPlanned?: (toCompute: number) => void | Promise<void>;
  /** Awaited after each set the encoder read: progress, and a cancel (it may throw to stop). */
  onComputed?: () => void | Promise<void>;
  /** Await the writes (a job: its progress means stored); default: written in the background. */
  waitForWrites?: boolean;
};

/**
 * Every set's unit similarities (as computeResultSimilarity gives them: undefined for a profile without a
 * similarity weight, or when the encoder does not read the query), computed once per set and encoder: from memory,
 * else from the UnitSimilarity table (one read per chunk of sets), else computed — one set at a time, in order, as the
 * scorers compute them, so the numbers are theirs to the bit — and stored. Kept in memory for the scorers of this
 * process (cachedResultSimilarity): a sweep then only selects.
 */
export async function ensureResultSimilarities({
  profile,
  sets,
  db,
  onPlanned,
  onComputed,
  waitForWrites = false,
}: EnsureResultSimilaritiesOptions): Promise<(number[][] | undefined)[]> {
  if (!profile.similarity?.weight) {
    await onPlanned?.(0);
    return sets.map(() => undefined);
  }
  if (!storesSimilarity(profile)) {
    await onPlanned?.(0);
    const out: (number[][] | undefined)[] = [];
    for (const s of sets) out.push(await computeResultSimilarity(profile.similarity, s.query, s.results));
    return out;
  }
  const { fingerprint, parts, keys, found, missing, damaged: undecoded } = await lookup(profile, sets, db);
  // Rows that did not decode are replaced with the first write.
  let damaged = undecoded;
  // The same set twice (two pairs of one query and documents) is computed once.
  await onPlanned?.(new Set(missing.map((i) => keys[i]!)).size);
  let rows: SaveUnitSimilarityRow[] = [];
  const writes: Promise<void>[] = [];
  const flush = () => {
    if (rows.length === 0 && damaged.length === 0) return;
    writes.push(writeInBackground(rows, damaged, db));
    rows = [];
    damaged = [];
  };
  for (const i of missing) {
    const key = keys[i]!;
    if (found.has(key)) continue;
    const set = sets[i]!;
    const outcome: { missingSource?: boolean } = {};
    const sims = await computeResultSimilarity(profile.similarity, set.query, set.results, parts[i]!, outcome);
    // A source that did not load (logged once) leaves the scores without its similarity: not stored, not kept.
    if (!outcome.missingSource) {
      found.set(key, sims ?? null);
      remember(key, sims ?? null);
      rows.push({ key, fingerprint, sims: sims ?? null });
      if (rows.length >= WRITE_EVERY) flush();
    }
    await onComputed?.();
  }
  flush();
  if (waitForWrites) await Promise.all(writes);
  return keys.map((key) => found.get(key) ?? undefined);
}

/**
 * Stores the similarities a live scorer blended (scoring a pair: the sentence encoder ran with the token model), so
 * the research views and the workspace read them instead of running the encoder again. Only a value the scorer gave
 * (an undefined one may be a source that did not load); a failed write is logged, not thrown (computed again later).
 */
export async function storeResultSimilarity({
  profile,
  set,
  sims,
  db,
}: {
  profile: SimilarityProfile;
  set: SimilaritySet;
  sims: number[][];
  db?: Db;
}): Promise<void> {
  if (!storesSimilarity(profile)) return;
  const fingerprint = await fingerprintOf(profile);
  const key = keyOf(fingerprint, set, countSimilarityParts(set.query, set.results));
  remember(key, sims);
  await writeInBackground([{ key, fingerprint, sims }], [], db);
}

/**
 * A cached scorer's similarity (research views, the workspace): the stored or remembered one of this set when
 * ensureResultSimilarities has seen it, else computed now and remembered (not stored: the caller has no database).
 */
export async function cachedResultSimilarity(
  profile: SimilarityProfile,
  query: string,
  results: readonly SimilarityResult[],
  parts = countSimilarityParts(query, results),
): Promise<number[][] | undefined> {
  if (!storesSimilarity(profile)) return computeResultSimilarity(profile.similarity, query, results, parts);
  const key = keyOf(await fingerprintOf(profile), { query, results }, parts);
  const hit = recall(key);
  if (hit !== undefined) return hit ?? undefined;
  const outcome: { missingSource?: boolean } = {};
  const sims = await computeResultSimilarity(profile.similarity, query, results, parts, outcome);
  if (!outcome.missingSource) remember(key, sims ?? null);
  return sims;
}
