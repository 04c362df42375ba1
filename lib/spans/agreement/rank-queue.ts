export interface QueueItem {
  pairId: string;
  uncertainty?: number | null;
  disagreement?: number | null;
}

/** Annotation queue order: highest uncertainty (or model-gold disagreement) first, missing values last, ties by id. */
export function rankQueue<T extends QueueItem>(items: readonly T[], opts: { by: "uncertainty" | "disagreement" }): T[] {
  const value = (x: T) => {
    const v = x[opts.by];
    return typeof v === "number" && Number.isFinite(v) ? v : null;
  };
  return items.slice().sort((x, y) => {
    const a = value(x);
    const b = value(y);
    if (a === null || b === null) return a === b ? cmp(x.pairId, y.pairId) : a === null ? 1 : -1;
    return b - a || cmp(x.pairId, y.pairId);
  });
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
