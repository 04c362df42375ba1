import path from "node:path";
import { describe, expect, it } from "vitest";
import { readSquad } from "../data/read-squad";
import type { Method } from "../engine/method";
import { createBm25Scorer } from "../engine/scorers/bm25";
import { BASELINE_PROFILE } from "../engine/select-with-profile";
import type { DevSet } from "./dev-sets";
import { evalMethodOf } from "./eval-method-of";
import { evaluateDevSet } from "./evaluate-dev-set";

const fixtures = path.join(import.meta.dirname, "..", "data", "fixtures");
const method = (id: string, kind: Method["kind"]): Method => {
  const bm25 = createBm25Scorer();
  return {
    id,
    label: id,
    kind,
    profile: BASELINE_PROFILE,
    scorer: () => Promise.resolve(bm25),
    score: (input) => bm25.scoreUnits({ ...input, results: [...input.results], aggregation: input.aggregation ?? "mean" }),
  };
};

describe("evaluateDevSet", () => {
  it("adds the kept-nothing curve over thresholds to the unanswerable sets, for methods with a probability threshold", async () => {
    // SQuAD 2.0 layout: two answerable questions, three written to look answerable by their paragraph.
    const examples = await readSquad(path.join(fixtures, "squad2-tiny.json"));
    expect(examples.filter((e) => e.evidence.length === 0)).toHaveLength(3);
    const set: DevSet = {
      name: "unanswerable-tiny",
      kind: "test",
      examples,
      setting: { useModelThreshold: true, budget: 1_000_000 },
      measure: "evidenceRecall",
    };
    // The oracle scores evidence units 1 and the rest 0: at any threshold above 0 it keeps nothing where nothing answers.
    const r = await evaluateDevSet(set, [
      { ...evalMethodOf(method("oracle", "oracle")), threshold: 0.5 },
      { ...evalMethodOf(method("bm25", "baseline")), threshold: 0 },
    ]);
    // The rows are the set's own setting only; the curve is apart.
    expect(r.rows.map((row) => [row.method, row.budget, row.threshold])).toEqual([
      ["oracle", 1_000_000, undefined],
      ["bm25", 1_000_000, undefined],
    ]);
    expect(r.rows[0]!.headline).toBe(1);
    expect(Object.keys(r.keptNothingCurves ?? {})).toEqual(["oracle"]);
    const curve = r.keptNothingCurves!.oracle!;
    expect(curve.defaultThreshold).toBe(0.5);
    expect(curve.points.map((p) => p.threshold)).toContain(0.5);
    for (const p of curve.points.filter((x) => x.threshold > 0)) {
      expect(p).toMatchObject({ keptNothing: 1, answerableRecall: 1, unanswerableQueries: 3, answerableQueries: 2 });
    }
    expect(Object.keys(curve.byLanguage)).toEqual(["en"]);
  });

  it("adds no curve to a set where every query has an answer", async () => {
    const examples = (await readSquad(path.join(fixtures, "squad2-tiny.json"))).filter((e) => e.evidence.length > 0);
    const r = await evaluateDevSet({ name: "squad-tiny", kind: "test", examples, setting: { ratio: 0.5 }, measure: "evidenceRecall" }, [
      { ...evalMethodOf(method("oracle", "oracle")), threshold: 0.5 },
    ]);
    expect(r.keptNothingCurves).toBeUndefined();
    expect(r.rows).toHaveLength(1);
  });
});
