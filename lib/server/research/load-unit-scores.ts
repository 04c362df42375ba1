import "server-only";
import { createHash } from "node:crypto";
import { unitScoresOf } from "@/lib/engine/select-with-profile";
import { countSimilarityParts } from "@/lib/features/split-sections";
import { ensureResultSimilarities, type EnsureResultSimilaritiesOptions, lookupResultSimilarities } from "../embeddings/stored-result-similarity";
import type { StoredUnits } from "@/lib/engine/prepare-key";
import type { PreparedResult } from "@/lib/engine/types";
import type { CategoryInterval } from "@/lib/eval/category-breakdown";
import type { SelectionProfile } from "@/lib/engine/profile";
import { categorySpansFromTokens } from "@/lib/spans/category-spans-from-tokens";
import type { Db } from "../db/client";
import { listModelRunUnitsForPairs } from "../db/model-runs/list-model-run-units-for-pairs";
import { listStoredUnitScores } from "../db/model-runs/list-stored-unit-scores";
import { saveModelRunUnits, type SaveModelRunUnitsRow } from "../db/model-runs/save-model-run-units";
import { type Env, getEnv } from "../env";
import type { PairForCache } from "../pairs/fresh-token-scores";
import { modelFingerprint } from "../pairs/model-fingerprint";
import { unitScoresKey } from "../scoring/unit-scores-key";
import { loadFreshScores } from "./load-fresh-scores";

/** A pair's model output per document (document order): unit scores of its prepared units, category intervals. */
export type PairUnitScores = { unitScores: number[][]; categories: (CategoryInterval[] | null)[] };

export type LoadUnitScoresOptions = {
  pairs: readonly (PairForCache & { id: string })[];
  /** Per pair (same order), its prepared results and each one's DocumentUnits key. */
  results: readonly (readonly PreparedResult[])[];
  unitsKeys: readonly (readonly string[])[];
  modelName: string;
  /** The model's profile: token probabilities aggregated as its scorer does (aggregation, focus weight). */
  profile: SelectionProfile;
  db?: Db;
  /** Progress of the similarities the encoder computes (a job's), and whether to wait for their rows to be written. */
  onSimilarity?: Pick<EnsureResultSimilaritiesOptions, "onPlanned" | "onComputed" | "waitForWrites">;
  /**
   * false: the encoder computes nothing; pairs whose similarities are not stored yet are `pending` (a page that must not
   * wait leaves them to a unit-scores job). Default true: computed now (and stored).
   */
  computeSimilarity?: boolean;
};

/** A pair's stored units per document (document order) with the model's unit scores and category intervals. */
export type StoredPairUnits = PairUnitScores & { units: StoredUnits[] };

const inFlight = new Set<Promise<void>>();

/** Settles when every background write of unit scores started so far has (benchmarks wait before a "restart"). */
export async function unitScoresWritten(): Promise<void> {
  await Promise.all([...inFlight]);
}

/**
 * ModelRunUnits.inputKey of each document of a pair: its run's inputs (ModelRun.inputHash hashes the same ones with
 * the text, and a content hash is the sha256 of the text), so a stored row is checked without hashing any text.
 */
function pairInputKeys(
  p: Pick<PairForCache, "query"> & { documents: readonly { contentHash: string }[] },
  modelVersion: string,
  relevanceScope: Env["relevanceScope"],
): string[] {
  const set = createHash("sha256")
    .update(JSON.stringify([modelVersion, { relevanceScope }, p.query, p.documents.map((d) => d.contentHash)]))
    .digest("hex");
  return p.documents.map((_, k) => `${set}:${k}`);
}

/**
 * ModelRunUnits.key: the units' setting (DocumentUnits.key) and the profile's unit stage (unitScoresKey: every setting
 * that turns tokens into unit scores, the formula, the similarity's sources). Rows of another key format miss.
 */
const rowSuffix = (profile: SelectionProfile) => `|${unitScoresKey(profile)}`;

/**
 * A model's unit scores, category intervals and the documents' units of each pair whose every document has a stored
 * row for its current inputs, the units' setting and the aggregation (as loadUnitScores checks them), read without
 * texts or token probabilities; the other pairs are `missing` (loadUnitScores takes them the long way).
 */
export async function loadStoredPairUnits({
  pairs,
  unitsKeys,
  modelName,
  profile,
  db,
}: {
  pairs: readonly { id: string; query: string; documents: readonly { id: string; contentHash: string }[] }[];
  /** Per pair (same order), each document's DocumentUnits key. */
  unitsKeys: readonly (readonly string[])[];
  modelName: string;
  profile: SelectionProfile;
  db?: Db;
}): Promise<{ stored: Map<string, StoredPairUnits>; missing: string[] }> {
  const rows = await listStoredUnitScores({
    pairIds: pairs.map((p) => p.id),
    modelName,
    suffix: rowSuffix(profile),
    ...(db ? { db } : {}),
  });
  const version = modelFingerprint(modelName);
  const { relevanceScope } = getEnv();
  const stored = new Map<string, StoredPairUnits>();
  const missing: string[] = [];
  pairs.forEach((p, i) => {
    const byDocument = new Map((rows.get(p.id) ?? []).map((r) => [`${r.documentId}\u0000${r.unitsKey}`, r]));
    const inputKeys = pairInputKeys(p, version, relevanceScope);
    const out: StoredPairUnits = { unitScores: [], categories: [], units: [] };
    for (const [k, d] of p.documents.entries()) {
      const row = byDocument.get(`${d.id}\u0000${unitsKeys[i]![k]!}`);
      if (!row || row.inputKey !== inputKeys[k]) {
        missing.push(p.id);
        return;
      }
      out.unitScores.push(row.scores);
      out.categories.push(row.categories);
      out.units.push({ units: row.units, unitTokens: row.unitTokens, tokensIn: row.tokensIn });
    }
    stored.set(p.id, out);
  });
  return { stored, missing };
}

/** Every token's category merged into intervals (all six categories: a breakdown counts off-topic too). */
const intervalsOf = (ts: Parameters<typeof categorySpansFromTokens>[0]) =>
  categorySpansFromTokens({ ...ts, skip: [] }).map(({ start, end, category }) => ({ start, end, category }));

/**
 * A model's unit scores and category intervals for each pair with fresh cached probabilities (the others are
 * `missing`). They come from ModelRunUnits where it holds a row for the pair's current inputs, the units' setting and
 * the aggregation; the other runs' token probabilities are read and aggregated (the very numbers the first request
 * gets) and their rows written in the background, so the next process reads a few bytes per document instead of
 * every token.
 */
export async function loadUnitScores({
  pairs,
  results,
  unitsKeys,
  modelName,
  profile,
  db,
  onSimilarity,
  computeSimilarity = true,
}: LoadUnitScoresOptions): Promise<{ scores: Map<string, PairUnitScores>; missing: string[]; pending: string[] }> {
  const runs = await listModelRunUnitsForPairs({ pairIds: pairs.map((p) => p.id), modelName, ...(db ? { db } : {}) });
  const version = modelFingerprint(modelName);
  const { relevanceScope } = getEnv();
  const scores = new Map<string, PairUnitScores>();
  const missing: string[] = [];
  const fromTokens: number[] = [];
  const inputKeys = pairs.map((p) => pairInputKeys(p, version, relevanceScope));
  const suffix = rowSuffix(profile);
  pairs.forEach((p, i) => {
    const byDocument = new Map((runs.get(p.id) ?? []).map((r) => [r.documentId, r]));
    const out: PairUnitScores = { unitScores: [], categories: [] };
    for (const [k, d] of p.documents.entries()) {
      const key = `${unitsKeys[i]![k]!}${suffix}`;
      const row = byDocument
        .get(d.id)
        ?.reduced.find((x) => x.key === key && x.inputKey === inputKeys[i]![k] && x.units && x.unitCount === results[i]![k]!.units.length);
      // No row for these inputs: the run's tokens decide (fresh → aggregated now, stale or absent → unscored).
      if (!row) {
        fromTokens.push(i);
        return;
      }
      out.unitScores.push(row.units!.scores);
      out.categories.push(row.units!.categories);
    }
    scores.set(p.id, out);
  });
  const pending: string[] = [];
  if (fromTokens.length === 0) return { scores, missing, pending };

  const tokens = await loadFreshScores({ pairs: fromTokens.map((i) => pairs[i]!), modelName, ...(db ? { db } : {}) });
  // The live scorer's similarity (models with a similarity stage), so a cached run ranks as a fresh one: stored once
  // per set and encoder, computed here only the first time (in pair order, as before).
  const fresh = fromTokens.filter((i) => tokens.scores.has(pairs[i]!.id));
  const sets = fresh.map((i) => ({ query: pairs[i]!.query, results: results[i]! }));
  let similarities: (number[][] | undefined)[];
  const waiting = new Set<number>();
  if (computeSimilarity) similarities = await ensureResultSimilarities({ profile, sets, ...(db ? { db } : {}), ...(onSimilarity ?? {}) });
  else {
    const found = await lookupResultSimilarities({ profile, sets, ...(db ? { db } : {}) });
    similarities = found.sims;
    for (const k of found.missing) waiting.add(fresh[k]!);
  }
  const simsOf = new Map(fresh.map((i, k) => [i, similarities[k]]));
  const rows: SaveModelRunUnitsRow[] = [];
  for (const i of fromTokens) {
    const p = pairs[i]!;
    const ts = tokens.scores.get(p.id);
    // Bytes that do not decode or fit the text: unscored, as the token path says.
    if (!ts) {
      missing.push(p.id);
      continue;
    }
    if (waiting.has(i)) {
      pending.push(p.id);
      continue;
    }
    const runIds = new Map((runs.get(p.id) ?? []).map((r) => [r.documentId, r.id]));
    const out: PairUnitScores = { unitScores: [], categories: [] };
    const sims = simsOf.get(i);
    // The unit stage, as the scorers' callers take it: the very numbers the first request gets.
    const evidence = { tokenScores: ts, ...(sims ? { similarity: sims } : {}), parts: countSimilarityParts(p.query, results[i]!) };
    const pairScores = unitScoresOf({ evidence, query: p.query, results: results[i]!, profile });
    for (const [k, d] of p.documents.entries()) {
      const t = ts[k]!;
      const unitScores = pairScores[k]!;
      const categories = t.categories
        ? intervalsOf({ documentId: d.id, text: d.text, starts: t.starts, ends: t.ends, categories: t.categories })
        : null;
      out.unitScores.push(unitScores);
      out.categories.push(categories);
      // The tokens passed the freshness check (their input hash is the current one): the row is for these inputs.
      const modelRunId = runIds.get(d.id);
      if (modelRunId)
        rows.push({
          modelRunId,
          key: `${unitsKeys[i]![k]!}${suffix}`,
          inputKey: inputKeys[i]![k]!,
          scores: unitScores,
          categories,
        });
    }
    scores.set(p.id, out);
  }
  if (rows.length > 0) {
    const stored = saveModelRunUnits({ rows, ...(db ? { db } : {}) }).catch((e: unknown) =>
      console.warn(`[research] could not store unit scores (computed again next time): ${(e as Error)?.message ?? e}`),
    );
    inFlight.add(stored);
    void stored.finally(() => inFlight.delete(stored));
    if (onSimilarity?.waitForWrites) await stored;
  }
  return { scores, missing, pending };
}
