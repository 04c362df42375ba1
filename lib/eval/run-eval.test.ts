import path from "node:path";
import { describe, expect, it } from "vitest";
import { readHotpotQa } from "../data/read-hotpotqa";
import { readJsonl } from "../data/read-jsonl";
import { readSquad } from "../data/read-squad";
import type { Method } from "../engine/method";
import { createBm25Scorer } from "../engine/scorers/bm25";
import { createLeadScorer } from "../engine/scorers/lead";
import { BASELINE_PROFILE } from "../engine/select-with-profile";
import { evalMethodOf } from "./eval-method-of";
import { formatEvalTable } from "./format-eval-table";
import { runEval } from "./run-eval";

const fixtures = path.join(import.meta.dirname, "..", "data", "fixtures");
// The method objects resolveMethod builds for these names (the oracle's scorer comes from each example's evidence).
const baseline = (id: string, kind: Method["kind"], scorer?: ReturnType<typeof createBm25Scorer>): Method => ({
  id,
  label: id,
  kind,
  profile: BASELINE_PROFILE,
  scorer: () => (scorer ? Promise.resolve(scorer) : Promise.reject(new Error("no scorer"))),
  score: (input) =>
    scorer ? scorer.scoreUnits({ ...input, results: [...input.results], aggregation: "mean" }) : Promise.reject(new Error("no scorer")),
});
const methods = [
  baseline("oracle", "oracle"),
  baseline("lead", "baseline", createLeadScorer()),
  baseline("bm25", "baseline", createBm25Scorer()),
].map((m) => evalMethodOf(m));

describe("runEval", () => {
  it("oracle keeps all evidence and beats lead on HotpotQA-style data", async () => {
    const examples = await readHotpotQa(path.join(fixtures, "hotpotqa-tiny.json"));
    const report = await runEval({ dataset: "hotpotqa-tiny", examples, methods, ratios: [0.3], budgets: [1000], thresholds: [0.5] });
    expect(report.queries).toBe(2);
    expect(report.results).toHaveLength(9);
    const row = (method: string, key: "ratio" | "budget" | "threshold") => report.results.find((r) => r.method === method && r[key] !== undefined)!;
    expect(row("oracle", "ratio").evidenceRecall).toBe(1);
    expect(row("oracle", "threshold").evidenceRecall).toBe(1);
    expect(row("oracle", "threshold").allEvidenceKept).toBe(1);
    expect(row("lead", "ratio").evidenceRecall).toBeLessThan(row("oracle", "ratio").evidenceRecall);
    expect(row("lead", "budget").evidenceRecall).toBe(1); // 1000 tokens keep everything
    expect(row("lead", "budget").compressionRatio).toBeCloseTo(1, 1);
    expect(row("oracle", "ratio").compressionRatio).toBeLessThanOrEqual(0.3);
    expect(row("oracle", "ratio").answerKept).toBe(1); // one query with an extractive answer
    expect(Object.keys(row("oracle", "ratio"))).toEqual([
      "method",
      "ratio",
      "evidenceRecall",
      "allEvidenceKept",
      "answerKept",
      "tokensPerQuery",
      "compressionRatio",
      "evidenceCharRecall",
      "keptPrecision",
      "fidelity",
    ]);
    // Every method's kept text goes through the fidelity check; extractive methods keep whole source sentences.
    expect(row("oracle", "ratio").fidelity).toMatchObject({ violations: 0, queriesWithViolations: 0 });
    expect(row("oracle", "ratio").fidelity!.checked).toBeGreaterThan(0);
    expect(row("oracle", "ratio").keptPrecision).toBeGreaterThan(0.9);
    expect(formatEvalTable(report)).toContain("ratio=0.3");
  });

  it("works on SQuAD and JSONL fixtures", async () => {
    const squad = await readSquad(path.join(fixtures, "squad-tiny.json"));
    const s = await runEval({ dataset: "squad-tiny", examples: squad, methods, ratios: [0.5] });
    expect(s.results.find((r) => r.method === "oracle")!.evidenceRecall).toBe(1);
    expect(s.results.find((r) => r.method === "oracle")!.answerKept).toBe(1);
    const jsonl = await readJsonl(path.join(fixtures, "examples.jsonl"));
    const j = await runEval({ dataset: "jsonl", examples: jsonl, methods, thresholds: [0.5] });
    expect(j.results.find((r) => r.method === "oracle")!.evidenceRecall).toBe(1);
  });

  it("rejects an empty sweep", async () => {
    await expect(runEval({ dataset: "x", examples: [], methods })).rejects.toThrow(/at least one/);
  });
});
