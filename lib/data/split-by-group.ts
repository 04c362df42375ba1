/** FNV-1a hash of a string mixed with a seed: stable across runs and machines. */
export function hash(s: string, seed: number): number {
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

export type Split = "train" | "val" | "report";

export interface ThreeWaySplitOptions {
  /** Share of groups used for every choice (checkpoint, threshold, temperature, features, settings). */
  valShare: number;
  /** Share of groups never used for a choice: the figures that are reported. */
  reportShare: number;
  seed?: number;
}

/**
 * Training / validation / report split by group (article, page, example), deterministic from the seed. Three
 * disjoint parts: choices are made on `val`, figures are reported on `report`, which nothing was tuned on.
 */
export function splitOfGroup(group: string, opts: ThreeWaySplitOptions): Split {
  const x = (hash(group, opts.seed ?? 13) % 10_000) / 10_000;
  if (x < opts.valShare) return "val";
  if (x < opts.valShare + opts.reportShare) return "report";
  return "train";
}

export function splitThreeWays<T extends { group: string }>(items: readonly T[], opts: ThreeWaySplitOptions): Record<Split, T[]> {
  const out: Record<Split, T[]> = { train: [], val: [], report: [] };
  for (const it of items) out[splitOfGroup(it.group, opts)].push(it);
  return out;
}

/**
 * Gives examples the group of the same question in a reference dataset (matched by question id), article by
 * article: SQuAD-it's articles are the translations of SQuAD's, so both languages must fall on the same side.
 */
export function alignGroupsByQuestionId<T extends { id: string; group: string }>(
  items: readonly T[],
  reference: ReadonlyArray<{ id: string; group: string }>,
): T[] {
  const refGroup = new Map(reference.map((r) => [r.id, r.group]));
  const votes = new Map<string, Map<string, number>>();
  for (const it of items) {
    const g = refGroup.get(it.id);
    if (g === undefined) continue;
    const v = votes.get(it.group) ?? new Map<string, number>();
    v.set(g, (v.get(g) ?? 0) + 1);
    votes.set(it.group, v);
  }
  const mapped = new Map<string, string>();
  for (const [group, v] of votes) mapped.set(group, [...v].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0]);
  return items.map((it) => ({ ...it, group: mapped.get(it.group) ?? it.group }));
}
