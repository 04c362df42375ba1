// Where a chart's point labels go so that none print over another (the frontier's low/medium/high and default marks:
// several methods reach the same preset at nearly the same point, and a small dataset's medium and high budgets keep
// the same text, so their labels used to land on one spot as "hıgdium"). Pixel coordinates, pure.

export type LabelAnchor = { x: number; y: number; text: string };
export type PlacedLabel = { x: number; y: number; text: string; anchor: { x: number; y: number }; textAnchor: "start" | "end" };

type Box = { x0: number; y0: number; x1: number; y1: number };
const overlapArea = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) * Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));

/**
 * Labels at points → one label per spot (points within `mergeDistance` pixels share one label, their texts joined
 * without repeats: "medium/high"), each put at the first of a ring of positions around its point that overlaps no
 * label placed before it and stays inside `bounds`; when every position overlaps, the least overlapping one.
 */
export function placeLabels(
  labels: readonly LabelAnchor[],
  {
    charWidth = 6,
    height = 11,
    gap = 6,
    mergeDistance = 4,
    bounds,
  }: { charWidth?: number; height?: number; gap?: number; mergeDistance?: number; bounds?: Box } = {},
): PlacedLabel[] {
  const spots: { x: number; y: number; texts: string[] }[] = [];
  for (const l of labels) {
    const spot = spots.find((s) => Math.abs(s.x - l.x) <= mergeDistance && Math.abs(s.y - l.y) <= mergeDistance);
    if (!spot) spots.push({ x: l.x, y: l.y, texts: [l.text] });
    else if (!spot.texts.includes(l.text)) spot.texts.push(l.text);
  }
  spots.sort((a, b) => a.x - b.x || a.y - b.y);
  const placed: Box[] = [];
  const out: PlacedLabel[] = [];
  for (const s of spots) {
    const text = s.texts.join("/");
    const w = text.length * charWidth;
    // Right above, right below, left above, left below, then further up and down.
    const candidates: { dx: number; dy: number; end: boolean }[] = [
      { dx: gap, dy: -gap, end: false },
      { dx: gap, dy: gap + height, end: false },
      { dx: -gap, dy: -gap, end: true },
      { dx: -gap, dy: gap + height, end: true },
      ...[2, 3, 4, 5, 6].flatMap((k) => [
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
      const cost = outside + placed.reduce((a, p) => a + overlapArea(p, box), 0);
      if (!best || cost < best.cost) best = { c, box, cost };
      if (cost === 0) break;
    }
    placed.push(best!.box);
    out.push({ x: s.x + best!.c.dx, y: s.y + best!.c.dy, text, anchor: { x: s.x, y: s.y }, textAnchor: best!.c.end ? "end" : "start" });
  }
  return out;
}

/** The boxes of placed labels (for tests and the chart's checks): do any two overlap? */
export function labelsOverlap(labels: readonly PlacedLabel[], { charWidth = 6, height = 11 } = {}): boolean {
  const boxes = labels.map((l) => {
    const w = l.text.length * charWidth;
    const x0 = l.textAnchor === "end" ? l.x - w : l.x;
    return { x0, y0: l.y - height, x1: x0 + w, y1: l.y };
  });
  return boxes.some((a, i) => boxes.some((b, j) => j > i && overlapArea(a, b) > 0));
}
