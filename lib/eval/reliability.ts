/** One bin of a reliability curve: mean predicted probability against the observed share of positives. */
export interface ReliabilityBin {
  from: number;
  to: number;
  count: number;
  meanScore: number;
  positiveShare: number;
}

export interface Reliability {
  bins: ReliabilityBin[];
  /** Expected calibration error: count-weighted mean |meanScore − positiveShare| over the bins. */
  ece: number;
  count: number;
}

/** Reliability curve and ECE of scores in [0, 1] against binary labels, in `binCount` equal-width bins. */
export function computeReliability(pairs: ReadonlyArray<readonly [score: number, positive: boolean]>, binCount = 10): Reliability {
  const sums = Array.from({ length: binCount }, () => ({ n: 0, s: 0, p: 0 }));
  for (const [score, positive] of pairs) {
    const b = Math.min(binCount - 1, Math.max(0, Math.floor(score * binCount)));
    const bin = sums[b]!;
    bin.n++;
    bin.s += score;
    if (positive) bin.p++;
  }
  let ece = 0;
  const bins: ReliabilityBin[] = sums.map((b, i) => {
    const meanScore = b.n ? b.s / b.n : 0;
    const positiveShare = b.n ? b.p / b.n : 0;
    ece += b.n * Math.abs(meanScore - positiveShare);
    return { from: i / binCount, to: (i + 1) / binCount, count: b.n, meanScore: round(meanScore), positiveShare: round(positiveShare) };
  });
  return { bins, ece: pairs.length ? round(ece / pairs.length) : 0, count: pairs.length };
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;
