import "server-only";
import { createHash } from "node:crypto";
import { BREAKDOWN_CATEGORIES, type CategoryTokens } from "@/lib/eval/category-breakdown";
import type { EvalPairHead } from "../db/research/list-eval-pairs";

/** Bump when the way a pair's category tokens are counted changes: every stored row becomes stale. */
export const BREAKDOWN_SUMS_VERSION = 1;

const sha256 = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");

/**
 * PairBreakdownSums.key: everything of a breakdown request that decides a pair's figures besides the pair itself —
 * the method and its profile, the setting, the category model, the models' versions and profiles, the encoding, the
 * aggregation formula and this version (the units' setting, with the prepare version, is in each pair's inputKey).
 */
export const breakdownSumsKey = (inputs: Record<string, unknown>): string => sha256([BREAKDOWN_SUMS_VERSION, inputs]);

/**
 * PairBreakdownSums.inputKey: what of the pair decides its figures — query, documents (content hash and units'
 * setting) and the gold spans and judge suggestions themselves (an edited, added or deleted span changes it). Its
 * model runs are checked apart, against the database (PairBreakdownSums.runs).
 */
export const pairSumsInputKey = (pair: EvalPairHead, unitsKeys: readonly string[]): string =>
  sha256([
    pair.query,
    pair.documents.map((d, k) => [d.id, d.contentHash, unitsKeys[k]]),
    pair.gold.map((s) => [s.documentId, s.start, s.end, s.category]),
    pair.judge.map((s) => [s.documentId, s.start, s.end, s.category]),
  ]);

/** tokensIn then tokensOut as shortest round-trip decimals: Number() gives back the very doubles. */
export const encodeSums = ({ tokensIn, tokensOut }: CategoryTokens): string => [...tokensIn, ...tokensOut].join(",");

export function decodeSums(sums: string): CategoryTokens | null {
  const xs = sums.split(",").map(Number);
  const n = BREAKDOWN_CATEGORIES.length;
  if (xs.length !== 2 * n || xs.some((x) => !Number.isFinite(x))) return null;
  return { tokensIn: xs.slice(0, n), tokensOut: xs.slice(n) };
}
