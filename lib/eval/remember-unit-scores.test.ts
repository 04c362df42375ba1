import { describe, expect, it } from "vitest";
import type { EvalExample } from "../data/types";
import { prepareResult } from "../engine/prepare-result";
import { createBm25Scorer } from "../engine/scorers/bm25";
import type { PreparedResult, Scorer } from "../engine/types";
import { rememberUnitScores } from "./remember-unit-scores";
import { type EvalMethod, runEval } from "./run-eval";

const doc = (id: string, text: string): PreparedResult => prepareResult({ id, text });

/** BM25, counting how often it really scores. */
function countingBm25(name: string) {
  const calls = { n: 0 };
  const bm25 = createBm25Scorer();
  const scorer: Scorer = { name: "bm25", scoreUnits: (input) => (calls.n++, bm25.scoreUnits(input)) };
  const method: EvalMethod = { name, score: (_, input) => scorer.scoreUnits({ ...input, results: [...input.results] }) };
  return { calls, method };
}

describe("rememberUnitScores", () => {
  it("scores the same query over the same prepared results once, and anything else again", async () => {
    const { calls, method } = countingBm25("bm25-a");
    const remembered = rememberUnitScores(method);
    const results = [doc("a", "The museum opens at ten. Tickets cost five euros."), doc("b", "Home. Shop. Contact.")];
    const example = { id: "q", query: "when does the museum open", results: [], evidence: [] } as unknown as EvalExample;
    const score = (query: string, rs: PreparedResult[]) => remembered.score(example, { query, results: rs, aggregation: "mean" });
    const first = await score("when does the museum open", results);
    expect(await score("when does the museum open", [...results])).toBe(first);
    expect(calls.n).toBe(1);
    expect(first).toEqual(await createBm25Scorer().scoreUnits({ query: "when does the museum open", results, aggregation: "mean" }));
    await score("ticket prices", results); // another query
    await score("ticket prices", [results[0]!]); // fewer results
    await score("ticket prices", [results[0]!, doc("b", "Home. Shop. Contact.")]); // an equal result, not the same one
    expect(calls.n).toBe(4);
    // Another method's scores are its own.
    const other = countingBm25("bm25-b");
    await rememberUnitScores(other.method).score(example, { query: "ticket prices", results, aggregation: "mean" });
    expect(other.calls.n).toBe(1);
  });

  it("gives runEval the report of the method itself, sweep after sweep", async () => {
    const results = [
      { id: "r1", text: "The plant made 1,200 units in 2019. It did not close in March. Costs fell 7% in the second half." },
      { id: "r2", text: "Then Maria Rossi took over the line. Output rose to 3.5 million by Friday." },
    ];
    const examples = [
      { id: "q1", query: "how many units did the plant make", results, evidence: [{ resultId: "r1", start: 0, end: 35 }] },
      { id: "q2", query: "who took over the line", results, evidence: [{ resultId: "r2", start: 0, end: 36 }] },
    ] as EvalExample[];
    // Prepared once, as the app's cache does: the second sweep gets the same objects.
    const prepared = new Map(examples.map((e) => [e.id, e.results.map((r) => doc(r.id, r.text ?? ""))]));
    const sweep = (method: EvalMethod) =>
      runEval({ dataset: "d", examples, methods: [method], thresholds: [0, 0.3, 0.6, 1], prepareResults: (e) => prepared.get(e.id)! });
    const plain = await sweep(countingBm25("bm25-sweep").method);
    const { calls, method } = countingBm25("bm25-sweep");
    const remembered = rememberUnitScores(method);
    expect(await sweep(remembered)).toEqual(plain);
    expect(await sweep(rememberUnitScores(method))).toEqual(plain);
    expect(calls.n).toBe(examples.length);
  });
});
