import { describe, expect, it } from "vitest";
import { boxesOverlap, labelBox, labelsOverlap, placeLabels } from "./place-labels";

describe("placeLabels", () => {
  it("gives points on one spot one label ('medium/high', not 'hıgdium'), without repeats", () => {
    const placed = placeLabels([
      { x: 300, y: 100, text: "medium" },
      { x: 301, y: 100, text: "high" },
      { x: 300, y: 101, text: "medium" },
    ]);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.text).toBe("medium/high");
  });

  it("keeps labels of nearby points apart", () => {
    const labels = [
      { x: 300, y: 100, text: "low" },
      { x: 310, y: 104, text: "medium" },
      { x: 318, y: 98, text: "high" },
      { x: 312, y: 110, text: "default" },
      { x: 305, y: 96, text: "low" },
    ];
    const placed = placeLabels(labels);
    expect(placed).toHaveLength(5);
    expect(labelsOverlap(placed)).toBe(false);
    // The naive placement (every label above right of its point) collides.
    expect(labelsOverlap(labels.map((l) => ({ ...l, x: l.x + 6, y: l.y - 6, anchor: l, textAnchor: "start" as const })))).toBe(true);
  });

  it("stays inside the plot when it can", () => {
    const placed = placeLabels([{ x: 395, y: 5, text: "default" }], { bounds: { x0: 0, y0: 0, x1: 400, y1: 300 } });
    expect(placed[0]!.textAnchor).toBe("end");
    expect(placed[0]!.y - 11).toBeGreaterThanOrEqual(0);
  });

  it("keeps two labels at the plot's top-right corner apart (both must go below and left)", () => {
    const bounds = { x0: 0, y0: 0, x1: 600, y1: 300 };
    const placed = placeLabels(
      [
        { x: 520, y: 2, text: "low/medium/high" },
        { x: 596, y: 2, text: "low/medium/high" },
      ],
      { charWidth: 7, height: 12, bounds },
    );
    expect(labelsOverlap(placed, { charWidth: 7, height: 12 })).toBe(false);
    for (const l of placed) expect(l.y - 12).toBeGreaterThanOrEqual(0);
  });
});

describe("placeLabels with groups and obstacles", () => {
  it("gives each group (method) its own label at a shared spot, with its prefix written once", () => {
    const placed = placeLabels([
      { x: 300, y: 100, text: "medium", group: "bm25", prefix: "BM25" },
      { x: 300, y: 100, text: "high", group: "bm25", prefix: "BM25" },
      { x: 301, y: 100, text: "medium", group: "model:m", prefix: "m" },
    ]);
    expect(placed.map((l) => [l.group, l.text])).toEqual([
      ["bm25", "BM25 medium/high"],
      ["model:m", "m medium"],
    ]);
    // Two methods at one spot: two labels, never stacked on each other.
    expect(labelsOverlap(placed)).toBe(false);
  });

  it("moves a label off the chart's markers and bars when it can", () => {
    // A bar right of the point, where the first position (above right) would sit.
    const obstacles = [{ x0: 100, y0: 80, x1: 220, y1: 96 }];
    const [l] = placeLabels([{ x: 100, y: 100, text: "snippet-lab" }], { obstacles });
    expect(boxesOverlap(labelBox(l!), obstacles[0]!)).toBe(false);
    // Without the obstacle it takes the first position, which overlaps that box.
    const [free] = placeLabels([{ x: 100, y: 100, text: "snippet-lab" }]);
    expect(boxesOverlap(labelBox(free!), obstacles[0]!)).toBe(true);
  });

  it("prefers overlapping a marker to overlapping another label", () => {
    // Every position around the second point is covered by markers: it still keeps clear of the first label.
    const obstacles = [{ x0: 0, y0: 0, x1: 1000, y1: 1000 }];
    const placed = placeLabels(
      [
        { x: 300, y: 300, text: "low", group: "a" },
        { x: 300, y: 300, text: "low", group: "b" },
      ],
      { obstacles },
    );
    expect(placed).toHaveLength(2);
    expect(labelsOverlap(placed)).toBe(false);
  });
});
