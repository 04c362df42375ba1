/** One result set for the gate: its features (answer-gate.ts) and whether the results answer the question. */
export interface GateExample {
  features: number[];
  answerable: boolean;
}

/**
 * Logistic regression by Newton's method (iteratively reweighted least squares) with a small L2 penalty on the
 * weights, not the bias: deterministic, a handful of features, converges in a few steps. Classes are weighted to
 * balance, so the fitted gate does not depend on the mix of the training set.
 */
export function fitLogistic(examples: readonly GateExample[], { l2 = 1e-3, iterations = 25 } = {}): { weights: number[]; bias: number } {
  if (examples.length === 0) throw new Error("no examples to fit the gate on");
  const d = examples[0]!.features.length;
  const pos = examples.filter((e) => e.answerable).length;
  const neg = examples.length - pos;
  if (pos === 0 || neg === 0) throw new Error("the gate needs answerable and unanswerable examples");
  const weightOf = (e: GateExample) => examples.length / (2 * (e.answerable ? pos : neg));
  // Parameters: d weights, then the bias.
  const theta = new Array<number>(d + 1).fill(0);
  for (let it = 0; it < iterations; it++) {
    const grad = new Array<number>(d + 1).fill(0);
    const hess = Array.from({ length: d + 1 }, () => new Array<number>(d + 1).fill(0));
    for (const e of examples) {
      const x = [...e.features, 1];
      const z = x.reduce((a, v, j) => a + v * theta[j]!, 0);
      const p = 1 / (1 + Math.exp(-z));
      const w = weightOf(e) / examples.length;
      for (let j = 0; j <= d; j++) {
        grad[j]! += w * (p - (e.answerable ? 1 : 0)) * x[j]!;
        for (let k = 0; k <= d; k++) hess[j]![k]! += w * p * (1 - p) * x[j]! * x[k]!;
      }
    }
    for (let j = 0; j < d; j++) {
      grad[j]! += l2 * theta[j]!;
      hess[j]![j]! += l2;
    }
    hess[d]![d]! += 1e-9;
    const step = solve(hess, grad);
    let moved = 0;
    for (let j = 0; j <= d; j++) {
      theta[j]! -= step[j]!;
      moved = Math.max(moved, Math.abs(step[j]!));
    }
    if (moved < 1e-10) break;
  }
  return { weights: theta.slice(0, d).map(round), bias: round(theta[d]!) };
}

/** Gaussian elimination with partial pivoting (small dense systems). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    [m[c], m[p]] = [m[p]!, m[c]!];
    const pivot = m[c]![c]!;
    if (Math.abs(pivot) < 1e-15) continue;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / pivot;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => (Math.abs(row[i]!) < 1e-15 ? 0 : row[n]! / row[i]!));
}

export interface GateThresholdCandidate {
  threshold: number;
  /** Per set, the share of answerable queries the gate would make keep nothing. */
  abstained: Record<string, number>;
  maxAbstained: number;
  /** Share of unanswerable queries (every set's) the gate makes keep nothing. */
  keptNothing: number;
}

export interface ChooseGateThresholdOptions {
  /** Per validation set, the answerability of each of its queries and whether the results answer it. */
  sets: Record<string, ReadonlyArray<{ answerability: number; answerable: boolean }>>;
  /** The most any set's answerable queries may keep nothing because of the gate. */
  maxAbstained: number;
  /** Thresholds to try (default 0 to 0.95 by 0.01). */
  thresholds?: readonly number[];
}

/**
 * The gate's threshold: the highest that makes at most `maxAbstained` of every set's answerable queries keep nothing
 * (keeping nothing on a question the results answer costs a RAG caller more than one stray sentence on one they
 * don't); 0 (no gate) when none does. Returns the chosen one and the whole sweep.
 */
export function chooseGateThreshold({ sets, maxAbstained, thresholds }: ChooseGateThresholdOptions): {
  chosen: GateThresholdCandidate;
  sweep: GateThresholdCandidate[];
} {
  const grid = thresholds ?? Array.from({ length: 96 }, (_, i) => i / 100);
  const sweep = grid.map((threshold) => {
    const abstained: Record<string, number> = {};
    let unanswerable = 0;
    let keptNothing = 0;
    for (const [name, list] of Object.entries(sets)) {
      const answerable = list.filter((q) => q.answerable);
      if (answerable.length > 0) abstained[name] = round(answerable.filter((q) => q.answerability < threshold).length / answerable.length);
      for (const q of list) {
        if (q.answerable) continue;
        unanswerable++;
        if (q.answerability < threshold) keptNothing++;
      }
    }
    const maxAbs = Math.max(0, ...Object.values(abstained));
    return { threshold, abstained, maxAbstained: maxAbs, keptNothing: unanswerable ? round(keptNothing / unanswerable) : 0 };
  });
  const allowed = sweep.filter((c) => c.maxAbstained <= maxAbstained);
  const chosen = allowed.length > 0 ? allowed[allowed.length - 1]! : { ...sweep[0]!, threshold: 0 };
  return { chosen, sweep };
}

const round = (x: number) => Math.round(x * 1e4) / 1e4;
