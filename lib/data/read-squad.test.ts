import path from "node:path";
import { describe, expect, it } from "vitest";
import { textToCanonical } from "../text/text-to-canonical";
import { parseSquad, readSquad } from "./read-squad";

const fixture = path.join(import.meta.dirname, "fixtures", "squad-tiny.json");

describe("readSquad", () => {
  it("makes one example per question with the answer sentence as evidence", async () => {
    const examples = await readSquad(fixture);
    expect(examples).toHaveLength(6);
    const s1 = examples.find((e) => e.id === "s1")!;
    expect(s1.group).toBe("Ostrel");
    expect(s1.results).toHaveLength(1);
    expect(s1.answers).toEqual(["1898"]);
    const canonical = textToCanonical(s1.results[0]!.text!).text;
    expect(s1.evidence.map((e) => canonical.slice(e.start, e.end))).toEqual(["It was completed in 1898 after nine years of work."]);
    const s2 = examples.find((e) => e.id === "s2")!;
    expect(s2.evidence.map((e) => canonical.slice(e.start, e.end))).toEqual(["The bridge is built of local granite and has seven arches."]);
  });

  it("respects limit", async () => {
    expect(await readSquad(fixture, { limit: 2 })).toHaveLength(2);
  });

  it("rejects the whole file with per-record errors", () => {
    const bad = {
      data: [
        {
          title: "T",
          paragraphs: [
            { context: "Alpha beta. Gamma delta.", qas: [{ id: "a", question: "q?", answers: [{ text: "beta", answer_start: 6 }] }] },
            {
              context: "Some text.",
              qas: [
                { id: "b", question: "q?", answers: [{ text: "missing", answer_start: 0 }] },
                { id: "c", answers: [] },
              ],
            },
          ],
        },
      ],
    };
    expect(() => parseSquad(bad)).toThrow(
      /2 invalid record\(s\), nothing imported[\s\S]*qas\[0\]: answer "missing" not found[\s\S]*qas\[1\]: question/,
    );
    expect(() => parseSquad({ nope: 1 })).toThrow(/file: data/);
  });

  it("locates answers whose answer_start is off or whose context whitespace changes", () => {
    const context = "First  sentence here.\n\nThe   answer is 42. Last one.";
    const ex = parseSquad({
      data: [{ title: "T", paragraphs: [{ context, qas: [{ id: "x", question: "q", answers: [{ text: "42", answer_start: 3 }] }] }] }],
    });
    const canonical = textToCanonical(context).text;
    expect(ex[0]!.evidence.map((e) => canonical.slice(e.start, e.end))).toEqual(["The answer is 42."]);
  });

  it("accepts real-file variants: no title, numeric ids, answer_start -1, empty answers, unanswerable questions", () => {
    const json = {
      data: [
        {
          id: 7,
          paragraphs: [
            {
              context: "The lake freezes in winter. It is 40 metres deep.",
              qas: [
                {
                  id: 101,
                  question: "How deep is the lake?",
                  answers: [
                    { text: "40 metres", answer_start: -1 },
                    { text: "", answer_start: 5 },
                  ],
                },
                { id: 102, question: "Who owns the lake?", answers: [], is_impossible: true },
                { id: 103, question: "  ", answers: [{ text: "lake", answer_start: 4 }] },
                { id: 104, question: "Failed alignment?", answers: [{ text: "", answer_start: 0 }] },
              ],
            },
          ],
        },
        {
          title: "",
          paragraphs: [{ context: "Second article.", qas: [{ id: "z", question: "What?", answers: [{ text: "Second", answer_start: 0 }] }] }],
        },
      ],
    };
    const ex = parseSquad(json);
    expect(ex.map((e) => e.id)).toEqual(["101", "102", "z"]);
    expect(ex[0]!.group).toBe("article 7");
    expect(ex[0]!.results[0]!.title).toBeUndefined();
    expect(ex[0]!.answers).toEqual(["40 metres"]);
    expect(ex[0]!.evidence).toHaveLength(1);
    // Unanswerable: kept, with no evidence — where "keep nothing" is measured.
    expect(ex[1]!.evidence).toEqual([]);
    expect(ex[2]!.group).toBe("article 2");
  });
});
