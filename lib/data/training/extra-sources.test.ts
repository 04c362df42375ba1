import path from "node:path";
import { describe, expect, it } from "vitest";
import { readHotpotQa } from "../read-hotpotqa";
import { parseSquad, readSquad } from "../read-squad";
import type { EvalExample } from "../types";
import { describeFiltered, filterExtraExamples, parseExtraQaArg, SharedDataGuard } from "./extra-sources";

const fixtures = path.join(import.meta.dirname, "..", "fixtures");

function squadFile(articles: Array<{ title?: string; contexts: string[] }>): unknown {
  return {
    data: articles.map((a, ai) => ({
      ...(a.title ? { title: a.title } : {}),
      paragraphs: a.contexts.map((context, pi) => ({
        context,
        qas: [{ id: `q${ai}-${pi}`, question: "What is it?", answers: [{ text: context.split(" ")[0]!, answer_start: 0 }] }],
      })),
    })),
  };
}

describe("parseExtraQaArg", () => {
  it("reads a language suffix and defaults to English", () => {
    expect(parseExtraQaArg("data/squad-train.json:en")).toEqual({ file: "data/squad-train.json", lang: "en" });
    expect(parseExtraQaArg("cmrc-train.json:zh")).toEqual({ file: "cmrc-train.json", lang: "zh" });
    expect(parseExtraQaArg("/x/squad.json")).toEqual({ file: "/x/squad.json", lang: "en" });
    // A colon that is not followed by a language code belongs to the path.
    expect(parseExtraQaArg("C:/data/x.json").lang).toBe("en");
    expect(() => parseExtraQaArg(":en")).toThrow(/needs a file/);
  });
});

describe("SharedDataGuard", () => {
  const shared = parseSquad(squadFile([{ title: "Trained", contexts: ["Alpha is a letter.", "Beta follows alpha."] }]));
  const heldOut = parseSquad(squadFile([{ title: "Held_Out", contexts: ["Gamma is the third letter."] }]));
  const guard = new SharedDataGuard().addShared(shared).addHeldOut(heldOut);

  it("drops held-out articles and paragraphs, and paragraphs already in the shared data", () => {
    const extra = parseSquad(
      squadFile([
        // Another paragraph of a validation article (by title, underscores or not): a leak.
        { title: "Held Out", contexts: ["Delta is the fourth letter."] },
        // A held-out paragraph under another title, whitespace and case changed: a leak too.
        { title: "Copy", contexts: ["gamma  is the\nthird letter."] },
        // A training paragraph again: it would count twice.
        { title: "Trained again", contexts: ["Alpha is a letter.", "Epsilon is new."] },
        { title: "New", contexts: ["Zeta is the sixth letter."] },
      ]),
    );
    const f = filterExtraExamples(extra, guard);
    expect(f.kept.map((e) => e.results[0]!.text)).toEqual(["Epsilon is new.", "Zeta is the sixth letter."]);
    expect([f.heldOut, f.shared, f.unanswerable]).toEqual([2, 1, 0]);
    expect(describeFiltered("x.json", f)).toBe(
      "x.json: 2 questions used; dropped 2 (validation/report articles or paragraphs), 1 (paragraphs already in the shared data), 0 without evidence",
    );
  });

  it("keeps unanswerable questions out and does not take positional groups for article names", () => {
    const untitled = parseSquad(squadFile([{ contexts: ["Eta is a letter."] }]));
    expect(untitled[0]!.group).toBe("article 1");
    const g = new SharedDataGuard().addHeldOut(untitled);
    const other = parseSquad(squadFile([{ contexts: ["Theta is a letter."] }]));
    expect(filterExtraExamples(other, g).kept).toHaveLength(1);
    const noEvidence: EvalExample = { ...other[0]!, evidence: [] };
    expect(filterExtraExamples([noEvidence], g).unanswerable).toBe(1);
  });

  it("guards HotpotQA files by any of their paragraphs", async () => {
    const dev = await readHotpotQa(path.join(fixtures, "hotpotqa-tiny.json"));
    const g = new SharedDataGuard().addHeldOut(dev);
    // The same paragraphs under a new id leak too.
    const renamed = dev.map((e) => ({ ...e, id: `${e.id}-copy`, group: `${e.group}-copy` }));
    expect(filterExtraExamples(renamed, g).heldOut).toBe(dev.length);
    const squad = await readSquad(path.join(fixtures, "squad-tiny.json"));
    expect(filterExtraExamples(squad, g).kept.length).toBe(squad.length);
  });
});
