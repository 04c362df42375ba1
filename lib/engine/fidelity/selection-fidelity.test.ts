import { describe, expect, it } from "vitest";
import { type FidelityMemo, selectionFidelity } from "./selection-fidelity";

const SOURCE = "The museum is not open on Mondays. Tickets cost 12 euros. Entry is free on 3 May for Anna and Marco.";
const results = [
  { id: "a", doc: { text: SOURCE } },
  { id: "b", doc: { text: SOURCE.toUpperCase() } },
];
const span = (resultId: string, start: number, end: number, text = results.find((r) => r.id === resultId)!.doc.text.slice(start, end)) => ({
  resultId,
  start,
  end,
  score: 1,
  text,
});
const selectionOf = (...spans: ReturnType<typeof span>[]) => ({
  results: ["a", "b"].map((resultId) => ({ resultId, spans: spans.filter((s) => s.resultId === resultId) })),
});

describe("selectionFidelity with a memo", () => {
  it("gives the same reports as without, for selections that share spans, across results and outputs", () => {
    const on = SOURCE.indexOf("open on");
    const twelve = SOURCE.indexOf("2 euros");
    const selections = [
      selectionOf(span("a", on, on + 16), span("b", 0, 34)),
      selectionOf(span("a", on, on + 16), span("a", twelve, twelve + 8), span("b", 0, 34)),
      // The same ranges in the other result, and one range with an output that is not the source slice.
      selectionOf(span("b", on, on + 16), span("a", twelve, twelve + 8, "3 euros."), span("a", 0, 34)),
      selectionOf(span("a", on, on + 16), span("a", twelve, twelve + 8)),
      selectionOf(),
    ];
    const extracts = [
      { resultId: "a", text: "The museum is open on Mondays.", start: 0, end: 34, method: "fuzzy" as const },
      { resultId: "a", text: "Parking is free.", reason: "not found" },
    ];
    const memo: FidelityMemo = new Map();
    for (const selection of [...selections, ...selections]) {
      for (const more of [{}, { extracts }]) {
        const plain = selectionFidelity({ results, selection, ...more });
        expect(selectionFidelity({ results, selection, memo, ...more })).toEqual(plain);
      }
    }
    expect(memo.size).toBeGreaterThan(0);
    // The reports find violations to compare: a cut negation, a split number, a changed one.
    expect(selectionFidelity({ results, selection: selections[2]! }).violations.map((v) => v.kind)).toEqual(
      expect.arrayContaining(["negation", "number"]),
    );
  });
});
