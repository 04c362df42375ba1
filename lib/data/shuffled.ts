import type { Rng } from "./synthesize-page";

/** A seeded Fisher–Yates shuffle of a copy of `xs` (the input is left as it is). */
export function shuffled<T>(rng: Rng, xs: readonly T[]): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}
