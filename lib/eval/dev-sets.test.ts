import { describe, expect, it } from "vitest";
import { textToCanonical } from "../text/text-to-canonical";
import {
  asLines,
  asPlainText,
  asWholeDocuments,
  buildClaimSet,
  buildTopicalUnanswerableSet,
  inCyrillic,
  joinAsSections,
  splitIntoParagraphs,
  toCyrillic,
  withoutTitles,
} from "./dev-sets";
import type { EvalExample } from "../data/types";
import { createRng } from "../data/synthesize-page";
import { parseSentenceLabels } from "../data/read-sentence-labels";

/** The bridge question over two titled paragraphs: evidence is "She was born…" and, unless `one`, all of b. */
function twoParagraphs(id: string, a: string, b: string, one = false): EvalExample {
  return {
    id,
    query: "Where was Ada Lind born?",
    results: [
      { id: "Ada Lind", text: a, title: "Ada Lind" },
      { id: "Port Avalon", text: b, title: "Port Avalon" },
    ],
    evidence: [
      { resultId: "Ada Lind", start: a.indexOf("She"), end: a.length },
      ...(one ? [] : [{ resultId: "Port Avalon", start: 0, end: b.length }]),
    ],
    answers: ["Port Avalon"],
    group: id,
  };
}

describe("joinAsSections", () => {
  it("joins a result set into one document, a heading per result, evidence offsets following", () => {
    const a = "Ada Lind is a singer. She was born in Port Avalon.";
    const b = "Port Avalon is a city on the coast.";
    const ex = joinAsSections(twoParagraphs("q1", a, b));
    const doc = ex.results[0]!.doc!;
    expect(ex.results).toHaveLength(1);
    expect(doc.text).toBe(`Ada Lind\n${textToCanonical(a).text}\nPort Avalon\n${b}`);
    expect(doc.blocks.map((x) => x.kind)).toEqual(["heading", "paragraph", "heading", "paragraph"]);
    expect(doc.blocks.map((x) => doc.text.slice(x.start, x.end))).toEqual(["Ada Lind", textToCanonical(a).text, "Port Avalon", b]);
    expect(ex.evidence.map((e) => doc.text.slice(e.start, e.end))).toEqual(["She was born in Port Avalon.", b]);
    expect(ex).toMatchObject({ id: "q1:doc", answers: ["Port Avalon"], group: "q1" });
  });
});

describe("withoutTitles", () => {
  it("joined, gives a document of paragraphs only, evidence offsets following", () => {
    const a = "Ada Lind is a singer. She was born in Port Avalon.";
    const b = "Port Avalon is a city on the coast.";
    const ex = joinAsSections(withoutTitles(twoParagraphs("q3", a, b)));
    const doc = ex.results[0]!.doc!;
    expect(doc.text).toBe(`${a}\n${b}`);
    expect(doc.blocks.map((x) => x.kind)).toEqual(["paragraph", "paragraph"]);
    expect(ex.evidence.map((e) => doc.text.slice(e.start, e.end))).toEqual(["She was born in Port Avalon.", b]);
  });
});

describe("asPlainText", () => {
  it("gives the document as plain text with bare section names: same text and evidence, headings found by layout", () => {
    const a = "Ada Lind (born 1950) is a singer and songwriter from the coast. She was born in Port Avalon.";
    const b = "Port Avalon is a city on the coast, known for its harbour, its ferries and its airline Seabird Air.";
    const doc = joinAsSections(twoParagraphs("q2", a, b, true));
    const plain = asPlainText(doc);
    expect(plain.id).toBe("q2:doc:text");
    expect(plain.results[0]!.doc!.text).toBe(doc.results[0]!.doc!.text);
    expect(plain.evidence).toEqual(doc.evidence);
    expect(plain.results[0]!.doc!.blocks.map((x) => x.kind)).toEqual(["heading", "paragraph", "heading", "paragraph"]);
  });
});

describe("asLines", () => {
  it("gives the document one paragraph per line: same offsets and evidence; a break it cannot find becomes a space", () => {
    const a = "Ada Lind (born 1950) is a singer and songwriter from the coast, who has recorded nine albums. She was born in Port Avalon.";
    const b = "Port Avalon is a city on the coast, known for its harbour, its ferries, its old fish market and its small airline Seabird Air.";
    const doc = joinAsSections(twoParagraphs("q4", a, b, true));
    const lines = asLines(asPlainText(doc));
    expect(lines.id).toBe("q4:doc:lines");
    const text = lines.results[0]!.doc!.text;
    expect(text).toBe(doc.results[0]!.doc!.text);
    expect(lines.evidence.map((e) => text.slice(e.start, e.end))).toEqual(["She was born in Port Avalon."]);
    expect(lines.results[0]!.doc!.blocks.map((x) => x.kind)).toEqual(["heading", "paragraph", "heading", "paragraph"]);
    // A paragraph line shorter than any hard wrap could be one: the heading above it runs on into it (the heading
    // above the long line still stands alone).
    const short = asLines(asPlainText(joinAsSections(twoParagraphs("q5", "Ada Lind is a singer. She was born in Port Avalon.", b, true))));
    expect(short.results[0]!.doc!.text).toBe(`Ada Lind Ada Lind is a singer. She was born in Port Avalon.\nPort Avalon\n${b}`);
    expect(short.evidence.map((e) => short.results[0]!.doc!.text.slice(e.start, e.end))).toEqual(["She was born in Port Avalon."]);
  });
});

describe("splitIntoParagraphs", () => {
  it("gives one example per result holding evidence, the question against that result alone", () => {
    const a = "Ada Lind is a singer. She was born in Port Avalon.";
    const b = "Port Avalon is a city on the coast.";
    const c = "Unrelated text.";
    const out = splitIntoParagraphs({
      id: "q1",
      query: "Where was Ada Lind born?",
      results: [
        { id: "A", text: a },
        { id: "C", text: c },
        { id: "B", text: b },
      ],
      evidence: [
        { resultId: "A", start: a.indexOf("She"), end: a.length },
        { resultId: "B", start: 0, end: b.length },
      ],
      answers: ["Port Avalon"],
      group: "q1",
    });
    expect(out.map((e) => e.id)).toEqual(["q1:A", "q1:B"]);
    expect(out.map((e) => e.results.map((r) => r.id))).toEqual([["A"], ["B"]]);
    expect(out[0]!.evidence).toEqual([{ resultId: "A", start: a.indexOf("She"), end: a.length }]);
    expect(out.every((e) => e.group === "q1" && e.answers === undefined)).toBe(true);
  });
});

describe("inCyrillic", () => {
  it("writes letters one for one in Cyrillic: same length, distinct letters stay distinct, the rest unchanged", () => {
    const latin = "abcdefghijklmnopqrstuvwxyz";
    const cyr = toCyrillic(latin);
    expect(cyr).toHaveLength(latin.length);
    expect(new Set(cyr).size).toBe(latin.length);
    expect(/^[\u0400-\u04ff]+$/.test(cyr)).toBe(true);
    expect(toCyrillic("Città, 1979: è l'anno!")).toBe("Ціття, 1979: є л'анно!");
    expect(toCyrillic("Roma")).toBe(toCyrillic("roma").replace("р", "Р"));
  });

  it("keeps every evidence offset on the same words, in query, titles, documents and answers", () => {
    const a = "Ada Lind è una cantante. È nata a Port Avalon nel 1950.";
    const b = "Port Avalon è una città sulla costa.";
    const ex = joinAsSections(twoParagraphs("q4", a, b));
    const cyr = inCyrillic(ex);
    const doc = ex.results[0]!.doc!;
    const cdoc = cyr.results[0]!.doc!;
    expect(cyr.id).toBe("q4:doc:cyr");
    expect(cdoc.text).toHaveLength(doc.text.length);
    expect(cdoc.blocks).toEqual(doc.blocks);
    expect(cyr.evidence).toEqual(ex.evidence);
    expect(cyr.evidence.map((e) => cdoc.text.slice(e.start, e.end))).toEqual(ex.evidence.map((e) => toCyrillic(doc.text.slice(e.start, e.end))));
    expect(cyr.query).toBe(toCyrillic("Where was Ada Lind born?"));
    expect(cyr.answers).toEqual([toCyrillic("Port Avalon")]);
    const titled = inCyrillic(twoParagraphs("q5", a, b));
    expect(titled.results.map((r) => [r.title, r.text])).toEqual([
      [toCyrillic("Ada Lind"), toCyrillic(a)],
      [toCyrillic("Port Avalon"), toCyrillic(b)],
    ]);
  });
});

describe("buildTopicalUnanswerableSet", () => {
  // One article of six paragraphs, one question each: paragraph i says "Fact i is …" and its question asks for it.
  const paragraphs = Array.from({ length: 6 }, (_, i) => `Topic paragraph ${i} opens here. Fact ${i} is number ${i * 7}.`);
  const squad: EvalExample[] = paragraphs.map((text, i) => ({
    id: `q${i}`,
    query: `What number is fact ${i}?`,
    results: [{ id: `p${i}`, text, title: "Topic" }],
    evidence: [{ resultId: `p${i}`, start: text.indexOf("Fact"), end: text.length }],
    group: "Topic",
  }));

  it("gives unanswerable questions their article's other paragraphs and answerable ones their own, evidence following", () => {
    const set = buildTopicalUnanswerableSet(squad, createRng(1), 6);
    expect(set.examples).toHaveLength(6);
    const answerable = set.examples.filter((e) => e.evidence.length > 0);
    expect(answerable.length).toBeGreaterThan(0);
    expect(answerable.length).toBeLessThan(6);
    for (const ex of set.examples) {
      const i = Number(ex.id.slice(1, ex.id.indexOf(":")));
      const text = ex.results[0]!.doc!.text;
      if (ex.evidence.length === 0) {
        expect(text).not.toContain(`Fact ${i} is`);
        expect(text.split("\n")).toHaveLength(3);
      } else {
        const e = ex.evidence[0]!;
        expect(text.slice(e.start, e.end)).toBe(`Fact ${i} is number ${i * 7}.`);
      }
    }
  });
});

describe("asWholeDocuments", () => {
  it("asks each question over its whole story, one paragraph per distinct passage, evidence and answers following", () => {
    const one = ["The king had three daughters.", "The youngest was called Mara."];
    const two = ["Mara found a golden key.", "It opened the tower door."];
    const line = (id: string, title: string, question: string, sentences: string[], labels: number[], answer: string) =>
      JSON.stringify({ id, title, question, sentences, labels, answers: [answer] });
    const examples = parseSentenceLabels(
      [
        line("s-1", "story", "How many daughters did the king have?", one, [1, 0], "three"),
        line("s-2", "story", "What was the youngest called?", one, [0, 1], "Mara"),
        line("s-3", "story", "What did the key open?", two, [0, 1], "the tower door"),
        line("t-1", "short", "Who sang?", ["A bird sang."], [1], "A bird"),
      ].join("\n"),
    );
    const long = asWholeDocuments(examples, "en");
    expect(long.map((e) => e.id)).toEqual(["s-1:long", "s-2:long", "s-3:long"]);
    const doc = long[0]!.results[0]!.doc!;
    expect(doc.text).toBe(`story\n${one.join(" ")}\n${two.join(" ")}`);
    for (const e of long) expect(e.results[0]!.doc).toBe(doc);
    expect(long.map((e) => e.evidence.map((x) => doc.text.slice(x.start, x.end)))).toEqual([[one[0]], [one[1]], [two[1]]]);
    expect(long.map((e) => e.answers)).toEqual([["three"], ["Mara"], ["the tower door"]]);
  });
});

describe("buildClaimSet", () => {
  const paragraph = (id: string, city: string, year: string): EvalExample => {
    const text = `The museum is a large building. It was founded in ${city} in ${year}.`;
    return {
      id,
      query: `When was the museum founded in ${city}?`,
      results: [{ id: "p", text }],
      evidence: [{ resultId: "p", start: text.indexOf("It"), end: text.length }],
      answers: [year],
      group: id,
    };
  };
  const source = Array.from({ length: 40 }, (_, i) => paragraph(`q${i}`, `Town${i}`, String(1800 + i)));

  it("rewrites questions as claims, about half with another answer the passage lacks, evidence unchanged", () => {
    const set = buildClaimSet([source], createRng(3), 30);
    expect(set).toMatchObject({ name: "claims", setting: { ratio: 0.4 }, measure: "evidenceRecall" });
    expect(set.examples).toHaveLength(30);
    const refuted = set.examples.filter((e) => e.id.endsWith(":claim-refuted"));
    expect(refuted.length).toBeGreaterThan(5);
    expect(refuted.length).toBeLessThan(25);
    for (const e of set.examples) {
      const original = source.find((s) => e.id.startsWith(`${s.id}:`))!;
      expect(e.query).toMatch(/^The museum was founded in Town\d+ in \d{4}\.$/);
      expect(e.evidence).toEqual(original.evidence);
      expect(e.answers).toEqual(original.answers);
      const year = e.query.match(/(\d{4})\.$/)![1]!;
      expect(original.results[0]!.text!.includes(year)).toBe(!e.id.endsWith("refuted"));
    }
  });

  it("takes equal shares of each source and leaves out long answers and questions no rule reads", () => {
    const other = source.map((e, i) => ({ ...e, id: `o${i}`, group: `o${i}`, query: i % 2 ? "museum founding year" : e.query }));
    const long = { ...source[0]!, id: "long", answers: ["a very long answer of many words indeed"] };
    const set = buildClaimSet([[long, ...source], other], createRng(5), 20);
    expect(set.examples.filter((e) => e.id.startsWith("q"))).toHaveLength(10);
    expect(set.examples.filter((e) => e.id.startsWith("o"))).toHaveLength(10);
    expect(set.examples.some((e) => e.id.startsWith("long"))).toBe(false);
    expect(set.examples.every((e) => e.query.endsWith("."))).toBe(true);
  });
});
