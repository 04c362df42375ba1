import { unionIntervals, type Interval } from "./intervals";

export interface LabelTokensOptions {
  /** End-exclusive UTF-16 token offsets. */
  starts: ArrayLike<number>;
  ends: ArrayLike<number>;
  /** Character ranges marking "in" (already filtered to one category/layer by the caller). */
  spans: readonly Interval[];
}

/** 1 for every token overlapping any span by at least one character, else 0 (token-level keep / in-out labels). */
export function labelTokens(opts: LabelTokensOptions): Uint8Array {
  const { starts, ends } = opts;
  const merged = unionIntervals(opts.spans);
  const out = new Uint8Array(starts.length);
  for (let i = 0; i < starts.length; i++) {
    const s = starts[i]!;
    const e = ends[i]!;
    // First merged interval ending after the token start; the token is in when that interval starts before its end.
    let lo = 0;
    let hi = merged.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (merged[mid]!.end > s) hi = mid;
      else lo = mid + 1;
    }
    const iv = merged[lo];
    if (iv && iv.start < e && e > s) out[i] = 1;
  }
  return out;
}
