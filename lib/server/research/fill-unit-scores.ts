import "server-only";
import type { SelectionProfile } from "@/lib/engine/profile";
import type { Db } from "../db/client";
import { listEvalPairs } from "../db/research/list-eval-pairs";
import { getEnv } from "../env";
import { storedResultsOfPairs } from "./eval-examples";
import { loadUnitScores } from "./load-unit-scores";
import { preloadStoredResults, storedUnitsKey } from "./prepared-results-cache";

export type FillUnitScoresOptions = {
  pairIds: readonly string[];
  modelName: string;
  /** The model's profile (its similarity's encoders and tiers). */
  profile: SelectionProfile;
  db?: Db;
  /** Awaited after each pair whose similarities the encoder computed: progress, and a cancel (it may throw). */
  onComputed?: () => void | Promise<void>;
};

/**
 * The first-time work of the research views for these pairs, done and stored before anyone asks: each document's
 * units (DocumentUnits), the model's unit similarities (UnitSimilarity, the sentence encoder's cosines) and its unit
 * scores and category intervals (ModelRunUnits), exactly as a category breakdown or a sweep computes them — they then
 * read them. Pairs without fresh model scores are `unscored` (a scoring job's work). Waits for every row to be written.
 */
export async function fillUnitScores({
  pairIds,
  modelName,
  profile,
  db,
  onComputed,
}: FillUnitScoresOptions): Promise<{ ready: number; unscored: number }> {
  if (pairIds.length === 0) return { ready: 0, unscored: 0 };
  const encoding = getEnv().downstreamEncoding;
  const prepareOptions = encoding ? { encoding } : {};
  const pairs = await listEvalPairs({ pairIds, ...(db ? { db } : {}) });
  const resultSets = storedResultsOfPairs(pairs);
  const { prepared, stored } = await preloadStoredResults(
    resultSets.map((results) => ({ results })),
    { ...prepareOptions, ...(db ? { db } : {}) },
  );
  const loaded = await loadUnitScores({
    pairs,
    results: prepared,
    unitsKeys: resultSets.map((results) => results.map((r) => storedUnitsKey(r, prepareOptions))),
    modelName,
    profile,
    ...(db ? { db } : {}),
    onSimilarity: { ...(onComputed ? { onComputed } : {}), waitForWrites: true },
  });
  await stored;
  return { ready: loaded.scores.size, unscored: loaded.missing.length };
}
