import "server-only";
import type { TokenScores } from "@/lib/engine/types";
import type { Db } from "../db/client";
import { listModelRunsForPairs } from "../db/model-runs/list-model-runs-for-pairs";
import type { PairForCache } from "../pairs/fresh-token-scores";
import { freshTokenScores, pairInputHashes } from "../pairs/fresh-token-scores";
import { modelFingerprint } from "../pairs/model-fingerprint";
import { getEnv } from "../env";

/** The fresh cached token probabilities of a model for each pair that has them; the others are `missing`. */
export async function loadFreshScores({
  pairs,
  modelName,
  db,
}: {
  pairs: readonly (PairForCache & { id: string })[];
  modelName: string;
  db?: Db;
}): Promise<{ scores: Map<string, TokenScores[]>; missing: string[] }> {
  const runs = await listModelRunsForPairs({ pairIds: pairs.map((p) => p.id), modelName, ...(db ? { db } : {}) });
  const scores = new Map<string, TokenScores[]>();
  const missing: string[] = [];
  // The model's fingerprint once, not once per pair (it reads the config and stats the weights).
  const version = modelFingerprint(modelName);
  const { relevanceScope } = getEnv();
  for (const p of pairs) {
    const fresh = freshTokenScores(p, runs.get(p.id) ?? [], pairInputHashes(p, modelName, version, relevanceScope));
    if (fresh) scores.set(p.id, fresh);
    else missing.push(p.id);
  }
  return { scores, missing };
}
