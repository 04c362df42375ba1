import { describe, expect, it } from "vitest";
import { buildSearchPassageExamples } from "./search-passages";
import { SEARCH_QUERIES, SEARCH_QUERY_LINES } from "./search-passages-fixtures";
import { createRng } from "./synthesize-page";

const lines = SEARCH_QUERY_LINES;
const queries = SEARCH_QUERIES;

describe("buildSearchPassageExamples", () => {
  it("puts the answer paragraph among retrieved paragraphs, evidence offsets moved with it", () => {
    const out = buildSearchPassageExamples({ queries, rng: createRng(7), max: 10, mode: "long", paragraphs: 2 });
    expect(out.length).toBe(4);
    for (const ex of out) {
      const doc = ex.results[0]!.doc!;
      expect(doc.text.split("\n")).toHaveLength(2);
      expect(ex.evidence.length).toBeGreaterThan(0);
      const source = queries.find((q) => ex.id.startsWith(`${q.id}:`))!;
      const label = lines.find((l) => l.id === source.id)!;
      const answerSentence = label.sentences[label.labels.indexOf(1)]!;
      for (const e of ex.evidence) expect(doc.text.slice(e.start, e.end)).toBe(answerSentence);
    }
  });

  it("never uses a paragraph holding one of the query's answers as a distractor", () => {
    for (let seed = 1; seed <= 20; seed++) {
      for (const ex of buildSearchPassageExamples({ queries, rng: createRng(seed), max: 10, mode: "topical", paragraphs: 2 })) {
        const text = ex.results[0]!.doc!.text;
        if (ex.evidence.length === 0) for (const a of ex.answers ?? []) expect(text.toLowerCase()).not.toContain(a.toLowerCase());
        expect(ex.id.endsWith(ex.evidence.length > 0 ? "answerable" : "unanswerable")).toBe(true);
      }
    }
  });

  it("gives half of the topical queries no answer, deterministically", () => {
    const a = buildSearchPassageExamples({ queries, rng: createRng(3), max: 10, mode: "topical", paragraphs: 2 });
    const b = buildSearchPassageExamples({ queries, rng: createRng(3), max: 10, mode: "topical", paragraphs: 2 });
    expect(a).toEqual(b);
    const many = Array.from({ length: 30 }, (_, s) =>
      buildSearchPassageExamples({ queries, rng: createRng(s), max: 10, mode: "topical", paragraphs: 2 }),
    ).flat();
    const unanswerable = many.filter((e) => e.evidence.length === 0).length / many.length;
    expect(unanswerable).toBeGreaterThan(0.3);
    expect(unanswerable).toBeLessThan(0.7);
  });

  it("skips a query without enough retrievable paragraphs", () => {
    expect(buildSearchPassageExamples({ queries: queries.slice(0, 1), rng: createRng(1), max: 10, mode: "long" })).toEqual([]);
  });
});
