import "server-only";
import type { TokenScores } from "@/lib/engine/types";
import type { CachedModelRun } from "../db/model-runs/list-model-runs";
import { type Env, getEnv } from "../env";
import { processCache } from "../process-cache";
import { computeInputHash } from "./compute-input-hash";
import { modelFingerprint } from "./model-fingerprint";

export type PairForCache = { query: string; documents: readonly { id: string; text: string; contentHash: string }[] };

// Input hashes hash whole texts; a sweep asks for thousands per request. A document's text is fixed by its
// contentHash (sha256), so the model version, settings, query and the set's content hashes determine the answer.
const memo = processCache<string, string[]>("input-hashes", { maxEntries: 100_000 });

/** Each document's ModelRun.inputHash for a model: what its cached probabilities must carry to be fresh. */
export function pairInputHashes(
  pair: PairForCache,
  modelName: string,
  modelVersion: string = modelFingerprint(modelName),
  // Callers hashing thousands of pairs read the environment once (each read of it costs).
  relevanceScope: Env["relevanceScope"] = getEnv().relevanceScope,
): string[] {
  const setHashes = pair.documents.map((d) => d.contentHash);
  const settings = { relevanceScope };
  const key = JSON.stringify([modelVersion, settings.relevanceScope, pair.query, setHashes]);
  const hit = memo.get(key);
  if (hit) return hit;
  const hashes = pair.documents.map((d) => computeInputHash({ modelVersion, query: pair.query, text: d.text, setHashes, settings }));
  memo.set(key, hashes);
  return hashes;
}

/**
 * The cached token probabilities of every document of a pair, in document order, when each one is fresh (its input
 * hash matches, the bytes decode, the offsets fit the text); null when any is missing or stale — relevance features
 * are computed over the whole set, so a set is scored again as a whole.
 */
export function freshTokenScores(pair: PairForCache, runs: readonly CachedModelRun[], hashes: readonly string[]): TokenScores[] | null {
  const byDocument = new Map(runs.map((r) => [r.documentId, r]));
  const out: TokenScores[] = [];
  for (const [i, d] of pair.documents.entries()) {
    const run = byDocument.get(d.id);
    if (!run || run.inputHash !== hashes[i] || !run.scores || !fitsText(run.scores, d.text)) return null;
    out.push(run.scores);
  }
  return out;
}

/** A cache entry whose offsets do not fit the text (should not happen: texts are immutable) is not used. */
function fitsText(scores: TokenScores, text: string): boolean {
  const n = scores.ends.length;
  return n === 0 || (scores.ends[n - 1]! <= text.length && scores.starts[0]! >= 0);
}
