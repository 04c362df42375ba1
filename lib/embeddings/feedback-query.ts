// Client-safe and pure.

/**
 * Rocchio's pseudo-relevance feedback in a vector space: the query moved towards the mean of the `top` vectors that
 * lie closest to it (by `scores`, higher first), by `weight`: q + weight · mean(top). Unit-length vectors keep the
 * query's own share whatever the top's spread; the cosines read against the result need no normalisation.
 */
export function feedbackQuery(
  query: ArrayLike<number>,
  vectors: ReadonlyArray<ArrayLike<number>>,
  scores: readonly number[],
  { top, weight }: { top: number; weight: number },
): Float32Array {
  const out = Float32Array.from(query as ArrayLike<number>);
  const picked = scores
    .map((s, i) => [s, i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1])
    .slice(0, Math.min(top, vectors.length));
  if (picked.length === 0) return out;
  const share = weight / picked.length;
  for (const [, i] of picked) {
    const v = vectors[i]!;
    for (let k = 0; k < out.length; k++) out[k]! += share * v[k]!;
  }
  return out;
}
