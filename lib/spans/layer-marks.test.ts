import { describe, expect, it } from "vitest";
import { countCategoriesByLayer, marksByDocument } from "./layer-marks";

const gold = [{ id: "g1", documentId: "d1", start: 0, end: 4, category: "vital" as const }];
const mine = [
  { id: "s1", documentId: "d2", start: 2, end: 6, category: "ads" as const },
  { id: "s2", documentId: "d1", start: 5, end: 9, category: "vital" as const },
  { id: "s3", documentId: "gone", start: 0, end: 1, category: "vital" as const },
];

describe("marksByDocument", () => {
  it("groups the layers' spans by document in layer order, every document present, unknown documents left out", () => {
    const marks = marksByDocument({
      documentIds: ["d1", "d2", "d3"],
      layers: [
        { layer: "gold", spans: gold },
        { layer: "mine", spans: mine },
      ],
    });
    expect([...marks.keys()]).toEqual(["d1", "d2", "d3"]);
    expect(marks.get("d1")).toEqual([
      { key: "gold:g1", layer: "gold", id: "g1", category: "vital", start: 0, end: 4 },
      { key: "mine:s2", layer: "mine", id: "s2", category: "vital", start: 5, end: 9 },
    ]);
    expect(marks.get("d2")!.map((m) => m.key)).toEqual(["mine:s1"]);
    expect(marks.get("d3")).toEqual([]);
  });
});

describe("countCategoriesByLayer", () => {
  it("counts every category of every layer, zeros included", () => {
    const counts = countCategoriesByLayer({ gold, mine, judge: [] });
    expect(counts.gold.vital).toBe(1);
    expect(counts.mine).toMatchObject({ vital: 2, ads: 1, off_topic: 0 });
    expect(Object.values(counts.judge).every((n) => n === 0)).toBe(true);
    expect(Object.keys(counts.judge)).toEqual(Object.keys(counts.gold));
  });
});
