// Where a chart's point labels go so that none print over another (the frontier's low/medium/high and default marks:
// several methods reach the same preset at nearly the same point, and a small dataset's medium and high budgets keep
// the same text, so their labels used to land on one spot as "hıgdium"). Pixel coordinates, pure.

/**
 * A label at a point. `group` (a method): only labels of one group share a spot's label, so a label always belongs to
 * one series; `prefix` (the group's short name) is written once before the spot's joined texts ("bm25 medium/high").
 */
export type LabelAnchor = { x: number; y: number; text: string; group?: string; prefix?: string };
export type PlacedLabel = {
  x: number;
  y: number;
  text: string;
  anchor: { x: number; y: number };
  textAnchor: "start" | "end";
  group?: string;
};

export type Box = { x0: number; y0: number; x1: number; y1: number };
const overlapArea = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) * Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));

/**
 * Labels at points → one label per spot and group (points within `mergeDistance` pixels share one label, their texts
 * joined without repeats: "medium/high"), each put at the first of a ring of positions around its point that overlaps
 * no label placed before it, no `obstacle` (the chart's markers and bars) and stays inside `bounds`; when every
 * position overlaps something, the least costly one (another label weighs more than an obstacle).
 */
export function placeLabels(
  labels: readonly LabelAnchor[],
  {
    charWidth = 6,
    height = 11,
    gap = 6,
    mergeDistance = 4,
    bounds,
    obstacles = [],
  }: { charWidth?: number; height?: number; gap?: number; mergeDistance?: number; bounds?: Box; obstacles?: readonly Box[] } = {},
): PlacedLabel[] {
  const spots: { x: number; y: number; texts: string[]; group?: string; prefix?: string }[] = [];
  for (const l of labels) {
    const spot = spots.find((s) => s.group === l.group && Math.abs(s.x - l.x) <= mergeDistance && Math.abs(s.y - l.y) <= mergeDistance);
    if (!spot)
      spots.push({
        x: l.x,
        y: l.y,
        texts: [l.text],
        ...(l.group !== undefined ? { group: l.group } : {}),
        ...(l.prefix ? { prefix: l.prefix } : {}),
      });
    else if (!spot.texts.includes(l.text)) spot.texts.push(l.text);
  }
  spots.sort((a, b) => a.x - b.x || a.y - b.y);
  const placed: Box[] = [];
  const out: PlacedLabel[] = [];
  for (const s of spots) {
    const text = `${s.prefix ? `${s.prefix} ` : ""}${s.texts.join("/")}`;
    const w = text.length * charWidth;
    // Right above, right below, left above, left below, then further up and down (up to 12 rows: a small dataset's
    // every method reaches its medium and high presets at one spot, each with its own label).
    const candidates: { dx: number; dy: number; end: boolean }[] = [
      { dx: gap, dy: -gap, end: false },
      { dx: gap, dy: gap + height, end: false },
      { dx: -gap, dy: -gap, end: true },
      { dx: -gap, dy: gap + height, end: true },
      ...Array.from({ length: 11 }, (_, i) => i + 2).flatMap((k) => [
        { dx: gap, dy: -gap - (k - 1) * (height + 2), end: false },
        { dx: gap, dy: gap + k * (height + 2), end: false },
        { dx: -gap, dy: -gap - (k - 1) * (height + 2), end: true },
        // Left and further down: the way out for a point at the plot's top-right corner.
        { dx: -gap, dy: gap + k * (height + 2), end: true },
      ]),
    ];
    let best: { c: (typeof candidates)[number]; box: Box; cost: number } | null = null;
    for (const c of candidates) {
      const x0 = c.end ? s.x + c.dx - w : s.x + c.dx;
      const box = { x0, y0: s.y + c.dy - height, x1: x0 + w, y1: s.y + c.dy };
      const outside = bounds ? Number(box.x0 < bounds.x0 || box.x1 > bounds.x1 || box.y0 < bounds.y0 || box.y1 > bounds.y1) * 1e6 : 0;
      const cost = outside + 4 * placed.reduce((a, p) => a + overlapArea(p, box), 0) + obstacles.reduce((a, o) => a + overlapArea(o, box), 0);
      if (!best || cost < best.cost) best = { c, box, cost };
      if (cost === 0) break;
    }
    placed.push(best!.box);
    out.push({
      x: s.x + best!.c.dx,
      y: s.y + best!.c.dy,
      text,
      anchor: { x: s.x, y: s.y },
      textAnchor: best!.c.end ? "end" : "start",
      ...(s.group !== undefined ? { group: s.group } : {}),
    });
  }
  return out;
}

/** The box a placed label's text covers. */
export function labelBox(l: PlacedLabel, { charWidth = 6, height = 11 } = {}): Box {
  const w = l.text.length * charWidth;
  const x0 = l.textAnchor === "end" ? l.x - w : l.x;
  return { x0, y0: l.y - height, x1: x0 + w, y1: l.y };
}

/** Whether two boxes share any area. */
export const boxesOverlap = (a: Box, b: Box) => overlapArea(a, b) > 0;

/** The boxes of placed labels (for tests and the chart's checks): do any two overlap? */
export function labelsOverlap(labels: readonly PlacedLabel[], size: { charWidth?: number; height?: number } = {}): boolean {
  const boxes = labels.map((l) => labelBox(l, size));
  return boxes.some((a, i) => boxes.some((b, j) => j > i && overlapArea(a, b) > 0));
}
