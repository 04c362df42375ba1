import { describe, expect, it } from "vitest";
import { labelsOverlap, placeLabels } from "./place-labels";

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
