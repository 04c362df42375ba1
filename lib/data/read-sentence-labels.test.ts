import path from "node:path";
import { describe, expect, it } from "vitest";
import { textToCanonical } from "../text/text-to-canonical";
import { parseSentenceLabels, readSentenceLabels } from "./read-sentence-labels";
import { parseSelqa, readSelqa } from "./read-selqa";

const fixtures = path.join(import.meta.dirname, "fixtures");
const evidenceText = (e: Awaited<ReturnType<typeof readSentenceLabels>>[number]) => {
  const canonical = textToCanonical(e.results[0]!.text!).text;
  return e.evidence.map((s) => canonical.slice(s.start, s.end));
};

describe("readSentenceLabels", () => {
  it("joins the sentences into one passage with the labelled sentences as evidence, grouped by title", async () => {
    const examples = await readSentenceLabels(path.join(fixtures, "sentences-tiny.jsonl"));
    expect(examples.map((e) => e.id)).toEqual(["n1", "n2", "17"]);
    expect(evidenceText(examples[0]!)).toEqual(["It was completed in 1898 after nine years of work ."]);
    expect(evidenceText(examples[1]!)).toEqual(["The bridge has seven arches ."]);
    expect(examples[0]!.group).toBe("Ostrel Bridge");
    expect(examples[0]!.results[0]!.title).toBe("Ostrel Bridge");
    expect(examples[0]!.answers).toEqual(["1898"]);
    // All labels 0: the passage does not answer the question.
    expect(examples[2]!.evidence).toEqual([]);
  });

  it("refuses the whole file naming each bad line", () => {
    const bad = [
      JSON.stringify({ id: "a", question: "q", sentences: ["One.", "Two."], labels: [1] }),
      "{not json",
      JSON.stringify({ id: "b", question: "q", sentences: ["One."], labels: [1] }),
    ].join("\n");
    expect(() => parseSentenceLabels(bad)).toThrow(/line 1: .*one entry per sentence[\s\S]*line 2: invalid JSON/);
  });

  it("skips a line without sentences", () => {
    const lines = [
      JSON.stringify({ id: "a", question: "q", sentences: [], labels: [] }),
      JSON.stringify({ id: "b", question: "q", sentences: ["One."], labels: [1] }),
    ];
    expect(parseSentenceLabels(lines.join("\n")).map((e) => e.id)).toEqual(["b"]);
  });

  it("respects limit", () => {
    const line = JSON.stringify({ id: "a", question: "q", sentences: ["One."], labels: [1] });
    expect(parseSentenceLabels([line, line, line].join("\n"), { limit: 2 })).toHaveLength(2);
  });
});

describe("readSelqa", () => {
  it("reads the section's candidates as the passage and the answer indices as evidence, grouped by article", async () => {
    const examples = await readSelqa(path.join(fixtures, "selqa-tiny.json"));
    expect(examples).toHaveLength(2);
    expect(evidenceText(examples[0]!)).toEqual(["The Ostrel Bridge crosses the river Vell."]);
    expect(evidenceText(examples[1]!)).toEqual(["It was completed in 1898 after nine years of work."]);
    expect(examples.map((e) => e.group)).toEqual(["Ostrel Bridge", "Ostrel Bridge"]);
    expect(examples[0]!.results[0]!.id).toBe(examples[1]!.results[0]!.id);
  });

  it("refuses an answer index past the candidates", () => {
    const bad = [{ question: "q", article: "A", candidates: ["One."], answers: [3] }];
    expect(() => parseSelqa(bad)).toThrow(/\[0\]: answer index 3 is past the 1 candidates/);
  });
});
