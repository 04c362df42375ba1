import { AppError } from "../../errors";

export interface ComputeUncertaintyOptions {
  /** Per-token keep probabilities of one pair (all its documents' tokens concatenated is fine). */
  probs: ArrayLike<number>;
  /** Decision threshold (default 0.5). */
  threshold?: number;
  /**
   * "margin" (default): mean of 1 - |p - t| / max(t, 1 - t), which is 1 - |2p - 1| at t = 0.5: 1 at the threshold,
   * 0 at a confident 0 or 1. "entropy": mean binary entropy in bits, in [0, 1] (ignores the threshold).
   */
  method?: "margin" | "entropy";
}

/** Model uncertainty of one pair for queue sorting: higher = the model is less sure; 0 without tokens. */
export function computeUncertainty(opts: ComputeUncertaintyOptions): number {
  const { probs } = opts;
  const t = opts.threshold ?? 0.5;
  if (!(t > 0 && t < 1)) throw new AppError("BAD_REQUEST", `threshold must be in (0, 1), got ${t}`);
  if (probs.length === 0) return 0;
  const scale = Math.max(t, 1 - t);
  let sum = 0;
  for (let i = 0; i < probs.length; i++) {
    const raw = probs[i]!;
    if (!Number.isFinite(raw)) throw new AppError("BAD_REQUEST", `probability ${i} is not a finite number`);
    const p = Math.min(1, Math.max(0, raw));
    if (opts.method === "entropy") sum += p <= 0 || p >= 1 ? 0 : -(p * Math.log2(p) + (1 - p) * Math.log2(1 - p));
    else sum += 1 - Math.abs(p - t) / scale;
  }
  return sum / probs.length;
}
