import path from "node:path";
import { describe, expect, it } from "vitest";
import { textToCanonical } from "../text/text-to-canonical";
import { parseSciFactClaims, readSciFactClaims, sentenceOrder } from "./read-scifact-claims";
import type { EvalExample } from "./types";

const fixtures = path.join(import.meta.dirname, "fixtures");
const evidenceTexts = (ex: EvalExample) =>
  ex.evidence.map((e) => {
    const r = ex.results.find((x) => x.id === e.resultId)!;
    return textToCanonical(r.text!).text.slice(e.start, e.end);
  });

describe("readSciFactClaims", () => {
  it("gives each claim its cited abstracts as results and the supporting or refuting sentences as evidence", async () => {
    const ex = await readSciFactClaims(path.join(fixtures, "scifact-claims-tiny.jsonl"), path.join(fixtures, "scifact-corpus-tiny.jsonl"), {
      prefix: "sf",
    });
    expect(ex.map((e) => e.id)).toEqual(["sf:1", "sf:2", "sf:3", "sf:4"]);
    expect(ex[0]!.query).toBe("Aspirin reduces stroke risk in older adults.");
    expect(evidenceTexts(ex[0]!)).toEqual(["Aspirin lowers the risk of stroke in adults over fifty."]);
    // A refuting sentence is evidence too: a reader needs it to judge the claim.
    expect(ex[1]!.query).toBe("Vitamin D supplements prevent colds in children.");
    expect(evidenceTexts(ex[1]!)).toEqual(["Supplements did not reduce the number of colds."]);
    expect(ex[1]!.results[0]!.title).toBe("Vitamin D and colds");
    // No evidence sentence: kept, with evidence [] (the caller decides).
    expect(ex[2]!.evidence).toEqual([]);
    expect(ex[2]!.query).toBe("Coffee improves memory.");
    // Two cited abstracts: two results, one group for both.
    expect(ex[3]!.results.map((r) => r.id)).toEqual(["sf:101", "sf:102"]);
    expect(evidenceTexts(ex[3]!)).toEqual(["Bleeding was more frequent in the aspirin group.", "Adherence was high in both groups."]);
    expect(ex[3]!.group).toBe("sf:101+102");
  });

  it("fails on a claim citing a document the corpus lacks, or an evidence sentence out of range, naming the line", () => {
    const corpus = '{"doc_id": 1, "abstract": ["One sentence."]}';
    expect(() => parseSciFactClaims({ claims: '{"id": 1, "claim": "x", "cited_doc_ids": [2]}', corpus })).toThrow(/line 1: cited document\(s\) 2/);
    expect(() =>
      parseSciFactClaims({
        claims: '{"id": 1, "claim": "x", "evidence": {"1": [{"sentences": [3], "label": "SUPPORT"}]}, "cited_doc_ids": [1]}',
        corpus,
      }),
    ).toThrow(/out of range/);
  });
});

describe("sentenceOrder", () => {
  it("puts a document's sentences in a fixed order of its own, evidence following", async () => {
    expect(sentenceOrder("101", 5)).toEqual(sentenceOrder("101", 5));
    expect([...sentenceOrder("101", 5)].sort()).toEqual([0, 1, 2, 3, 4]);
    const ex = await readSciFactClaims(path.join(fixtures, "scifact-claims-tiny.jsonl"), path.join(fixtures, "scifact-corpus-tiny.jsonl"), {
      shuffleSentences: true,
    });
    const order = sentenceOrder("101", 3);
    expect(ex[0]!.results[0]!.text).toBe(
      order
        .map(
          (i) =>
            [
              "Aspirin lowers the risk of stroke in adults over fifty.",
              "The trial enrolled 4,000 patients in twelve countries.",
              "Bleeding was more frequent in the aspirin group.",
            ][i],
        )
        .join(" "),
    );
    expect(evidenceTexts(ex[0]!)).toEqual(["Aspirin lowers the risk of stroke in adults over fifty."]);
  });
});
