import { describe, expect, it } from "vitest";
import type { CompressResponse, CompressResultOut } from "../types.js";
import { readCompressedSet } from "./read-compressed-set.js";

const sources = [
  "The bridge opened in 1932. It is 1,149 m long. Buy tickets now!",
  "Fog is common in summer.",
  "Ponti\n\n- Il ponte  fu aperto\nnel 1932.\n- È lungo 1.149 m.",
];
const canonical2 = "Ponti\nIl ponte fu aperto nel 1932.\nÈ lungo 1.149 m.";

const spanOf = (resultId: string, text: string, within: string, score: number) => {
  const start = within.indexOf(text);
  return { resultId, start, end: start + text.length, score, text };
};

const result = (r: Partial<CompressResultOut> & Pick<CompressResultOut, "id" | "spans">): CompressResultOut => ({
  snippet: r.spans.map((s) => s.text).join("\n…\n"),
  tokensIn: 20,
  tokensOut: 8,
  ...r,
});

const response: CompressResponse = {
  // Not in the order sent: results are matched by id.
  results: [
    result({ id: "2", spans: [spanOf("2", "Il ponte fu aperto nel 1932.", canonical2, 0.8)], text: canonical2 }),
    result({ id: "1", spans: [], tokensOut: 0, reason: "nothing above the threshold" }),
    result({
      id: "0",
      text: sources[0],
      spans: [spanOf("0", "The bridge opened in 1932.", sources[0]!, 0.91), spanOf("0", "It is 1,149 m long.", sources[0]!, 0.62)],
      tokenScores: {
        starts: [0, 4, 11, 18, 21, 27, 30, 33, 39, 41],
        ends: [3, 10, 17, 20, 26, 29, 32, 38, 40, 46],
        probs: [0.9, 0.9, 0.9, 0.9, 0.9, 0.7, 0.7, 0.7, 0.7, 0.7],
        categories: [0, 0, 0, 0, 0, 0, 0, 3, 0, 0],
        categoryLabels: ["vital", "off_topic", "ads", "metadata", "ui_navigation", "duplicate"],
      },
    }),
  ],
  tokensIn: 60,
  tokensOut: 16,
  model: "model:snippet-lab",
  threshold: 0.5,
  profile: { aggregation: "mean", threshold: 0.5 },
  budget: 40,
  aggregation: "mean",
  offsets: "utf16-canonical",
  timings: { prepareMs: 1, scoreMs: 2, selectMs: 0, totalMs: 3 },
};

describe("readCompressedSet", () => {
  const docs = readCompressedSet({ response, sources });

  it("returns the documents that kept something, in the order sent, the kept text verbatim", () => {
    expect(docs.map((d) => d.index)).toEqual([0, 2]);
    expect(docs[0]!.content).toBe("The bridge opened in 1932.\n…\nIt is 1,149 m long.");
    expect(docs[1]!.content).toBe("Il ponte fu aperto nel 1932.");
    expect(readCompressedSet({ response, sources, separator: " " })[0]!.content).toBe("The bridge opened in 1932. It is 1,149 m long.");
  });

  it("offsets: the canonical text's slice is the kept text; the source offsets point at it in the document", () => {
    for (const doc of docs) {
      const out = response.results.find((r) => r.id === String(doc.index))!;
      for (const s of doc.metadata.spans) {
        expect(out.text!.slice(s.start, s.end)).toBe(s.text);
        expect(s.sourceStart).not.toBeNull();
        expect(sources[doc.index]!.slice(s.sourceStart!, s.sourceEnd!).split(/\s+/).join(" ")).toBe(s.text);
      }
    }
    // Plain one-paragraph text: the same offsets, and the source's slice is the kept text exactly.
    for (const s of docs[0]!.metadata.spans) {
      expect([s.sourceStart, s.sourceEnd]).toEqual([s.start, s.end]);
      expect(sources[0]!.slice(s.start, s.end)).toBe(s.text);
    }
    expect(docs[1]!.metadata.spans[0]!.sourceStart).toBe(sources[2]!.indexOf("Il ponte"));
  });

  it("metadata: scores, categories where the model has them, the set's budget and totals", () => {
    expect(docs[0]!.metadata).toEqual({
      resultId: "0",
      spans: [
        {
          start: 0,
          end: 26,
          text: "The bridge opened in 1932.",
          score: 0.91,
          sourceStart: 0,
          sourceEnd: 26,
          category: "vital",
          categories: { vital: 1 },
        },
        {
          start: 27,
          end: 46,
          text: "It is 1,149 m long.",
          score: 0.62,
          sourceStart: 27,
          sourceEnd: 46,
          category: "vital",
          categories: { vital: 0.8, metadata: 0.2 },
        },
      ],
      tokensIn: 20,
      tokensOut: 8,
      budget: 40,
      setTokensIn: 60,
      setTokensOut: 16,
      method: "model:snippet-lab",
      threshold: 0.5,
      offsets: "utf16-canonical",
    });
    expect(docs[1]!.metadata.spans[0]).not.toHaveProperty("category");
  });
});
