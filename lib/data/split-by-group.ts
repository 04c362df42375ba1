/** FNV-1a hash of a string mixed with a seed: stable across runs and machines. */
function hash(s: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export interface SplitOptions {
  /** Share of groups that go to dev, 0..1. */
  devShare: number;
  seed?: number;
}

/**
 * Deterministic train/dev split by group (article, example), never by question: a paragraph's
 * questions all land on the same side. Training-data builder and evaluator call this one function.
 */
export function splitByGroup<T extends { group: string }>(items: readonly T[], opts: SplitOptions): { train: T[]; dev: T[] } {
  const seed = opts.seed ?? 13;
  const train: T[] = [];
  const dev: T[] = [];
  for (const it of items) ((hash(it.group, seed) % 10_000) / 10_000 < opts.devShare ? dev : train).push(it);
  return { train, dev };
}
