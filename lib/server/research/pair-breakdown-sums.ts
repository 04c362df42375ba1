import "server-only";
import { createHash } from "node:crypto";
import { BREAKDOWN_CATEGORIES, type CategoryTokens } from "@/lib/eval/category-breakdown";

/** Bump when the way a pair's category tokens are counted changes: every stored row becomes stale. */
export const BREAKDOWN_SUMS_VERSION = 1;

const sha256 = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");

/**
 * PairBreakdownSums.key: everything of a breakdown request that decides a pair's figures besides the pair itself —
 * the method and its profile, the setting, the category model, the models' versions and profiles, the units' setting
 * (prepare version, ICU, encoding), the aggregation formula and this version. The pair's own inputs are checked
 * apart, by the database (listPairBreakdownSums).
 */
export const breakdownSumsKey = (inputs: Record<string, unknown>): string => sha256([BREAKDOWN_SUMS_VERSION, inputs]);

/** tokensIn then tokensOut as shortest round-trip decimals: Number() gives back the very doubles. */
export const encodeSums = ({ tokensIn, tokensOut }: CategoryTokens): string => [...tokensIn, ...tokensOut].join(",");

export function decodeSums(sums: string): CategoryTokens | null {
  const xs = sums.split(",").map(Number);
  const n = BREAKDOWN_CATEGORIES.length;
  if (xs.length !== 2 * n || xs.some((x) => !Number.isFinite(x))) return null;
  return { tokensIn: xs.slice(0, n), tokensOut: xs.slice(n) };
}
