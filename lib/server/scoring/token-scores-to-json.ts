import "server-only";
import { SPAN_CATEGORIES } from "../../spans/categories";
import type { TokenScores } from "../../engine/types";
import type { CompressResultOut } from "../../schemas/compress";

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** Float32 probabilities → plain numbers, rounded so the JSON stays compact (6 decimals ≈ float32 precision). */
export function tokenScoresToJson(t: TokenScores): NonNullable<CompressResultOut["tokenScores"]> {
  const n = Math.min(t.starts.length, t.ends.length, t.probs.length);
  const starts = new Array<number>(n);
  const ends = new Array<number>(n);
  const probs = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    starts[i] = t.starts[i]!;
    ends[i] = t.ends[i]!;
    probs[i] = round6(t.probs[i]!);
  }
  const out: NonNullable<CompressResultOut["tokenScores"]> = { starts, ends, probs };
  if (t.categories) {
    out.categories = Array.from(t.categories.subarray(0, n));
    out.categoryLabels = [...SPAN_CATEGORIES];
  }
  return out;
}
