import { describe, expect, it } from "vitest";
import { prepareResult } from "../../engine/prepare-result";
import type { PreparedResult } from "../../engine/types";
import { splitSections } from "../../features/split-sections";
import { htmlToCanonical } from "../../text/html-to-canonical";
import { textToCanonical } from "../../text/text-to-canonical";
import type { SelectionProfile } from "../../engine/profile";
import { SEARCH_RERANK_FEATURES } from "../../engine/search-rerank";
import { unitScoresOf } from "../../engine/select-with-profile";
import { createModelScorer } from "./create-model-scorer";
import { loadModel, type LoadedModel } from "./load-model";

const PAPER = [
  "Compressing retrieved pages",
  "We study extractive compression of retrieved pages for question answering with small encoders.",
  "## Datasets",
  "We train on SQuAD and HotpotQA, and evaluate on held-out pages from news sites and blogs.",
  "## Results",
  "The student keeps the answer more often than BM25 at a budget of two hundred tokens.",
].join("\n\n");
const QUERY = "Which datasets do they train on?";

/** The model's evidence and, through the unit stage, its unit scores under `profile` (default: the loaded config's). */
async function scoreWith(model: LoadedModel, query: string, results: PreparedResult[], profile: SelectionProfile = model.config.profile) {
  const evidence = await createModelScorer({ model, profile }).scoreTokens({ query, results });
  return { ...evidence, unitScores: unitScoresOf({ evidence, query, results, profile, aggregation: "mean" }) };
}

async function models(): Promise<{ off: LoadedModel; on: LoadedModel; entries: LoadedModel }> {
  const model = await loadModel({ name: "snippet-lab", intraOpNumThreads: 1 });
  const { reader } = model.config;
  const withFeatures = (sectionWindows: boolean, entryTitles: boolean): LoadedModel => ({
    ...model,
    config: { ...model.config, reader: { ...reader, features: { ...reader.features!, sectionWindows, entryTitles } } },
  });
  return { off: withFeatures(false, false), on: withFeatures(true, false), entries: withFeatures(true, true) };
}

describe("section windows (features.sectionWindows)", () => {
  it("scores a plain document exactly as the result set of its sections, headings at 0", async () => {
    const { off, on } = await models();
    const doc = prepareResult({ id: "paper", doc: textToCanonical(PAPER), title: "Compressing retrieved pages" });
    const sections = splitSections({ query: QUERY, doc: doc.doc, units: doc.units, title: doc.title! })!;
    expect(sections).toHaveLength(3);
    const asSet: PreparedResult[] = sections.map((s, k) =>
      prepareResult({ id: String(k), doc: s.doc, ...(s.title !== undefined ? { title: s.title } : {}) }),
    );
    const whole = await scoreWith(on, QUERY, [doc]);
    const set = await scoreWith(off, QUERY, asSet);
    const ts = whole.tokenScores![0]!;
    // Every section token has the probability the section got as a result of its own.
    sections.forEach((s, k) => {
      const sub = set.tokenScores![k]!;
      for (let j = 0; j < sub.starts.length; j++) {
        const t = ts.starts.indexOf(sub.starts[j]! + s.offset);
        expect(t).toBeGreaterThanOrEqual(0);
        expect(ts.probs[t]).toBeCloseTo(sub.probs[j]!, 6);
      }
    });
    // Heading tokens are titles, not text.
    for (const b of doc.doc.blocks.filter((x) => x.kind === "heading")) {
      for (let t = 0; t < ts.starts.length; t++) if (ts.starts[t]! >= b.start && ts.starts[t]! < b.end) expect(ts.probs[t]).toBe(0);
    }
    expect(whole.unitScores[0]).toHaveLength(doc.units.length);
    expect(whole.timings!.windows).toBe(3);
  });

  it("leaves a web page as one document", async () => {
    const { off, on } = await models();
    const html =
      "<nav><a href='/'>Home</a> <a href='/b'>Blog</a></nav><main><h2>Datasets</h2><p>We train on SQuAD and HotpotQA.</p><h2>Results</h2><p>The student keeps the answer.</p></main>";
    const page = prepareResult({ id: "page", doc: htmlToCanonical(html) });
    const a = await scoreWith(on, QUERY, [page]);
    const b = await scoreWith(off, QUERY, [page]);
    expect(Array.from(a.tokenScores![0]!.probs)).toEqual(Array.from(b.tokenScores![0]!.probs));
    expect(a.timings!.windows).toBe(1);
  });

  it("scores a document of entries as the result set of its entries, each titled by its name (features.entryTitles)", async () => {
    const { off, entries } = await models();
    const body = (topic: string) => Array.from({ length: 40 }, (_, i) => `${topic} fact ${i}`).join(", ");
    const names = ["Shotton Surface Mine", "Eric Marlon Bishop", "The Dark at the Top of the Stairs", "Jeremy Lee Renner"];
    const text = names.map((n) => `${n} is known for many things: ${body(n.split(" ")[0]!)}.`).join("\n\n");
    const doc = prepareResult({ id: "entries", doc: textToCanonical(text) });
    const query = "Which film did the actor born Eric Marlon Bishop star in?";
    const sections = splitSections({ query, doc: doc.doc, units: doc.units, entryTitles: true })!;
    expect(sections.map((s) => s.title)).toEqual(names);
    const asSet = sections.map((s, k) => prepareResult({ id: String(k), doc: s.doc, title: s.title! }));
    const whole = await scoreWith(entries, query, [doc]);
    const set = await scoreWith(off, query, asSet);
    sections.forEach((s, k) => {
      const sub = set.tokenScores![k]!;
      for (let j = 0; j < sub.starts.length; j++) {
        const t = whole.tokenScores![0]!.starts.indexOf(sub.starts[j]! + s.offset);
        expect(whole.tokenScores![0]!.probs[t]).toBeCloseTo(sub.probs[j]!, 6);
      }
    });
    expect(whole.timings!.windows).toBe(4);
  });

  it("scores the untitled results of a set as if titled by the names they open with (features.entryTitles)", async () => {
    const { off, entries } = await models();
    const texts = [
      "Eric Marlon Bishop (born December 13, 1967) is an American actor known as Jamie Foxx.",
      "Ray is a 2004 American biographical film starring Jamie Foxx as Ray Charles.",
      "We report the weather for the coming week.",
    ];
    const query = "Which film starred the actor born Eric Marlon Bishop?";
    const untitled = texts.map((t, i) => prepareResult({ id: String(i), doc: textToCanonical(t) }));
    const titled = untitled.map((r, i) => (i < 2 ? { ...r, title: ["Eric Marlon Bishop", "Ray"][i]! } : r));
    const a = await scoreWith(entries, query, untitled);
    const b = await scoreWith(off, query, titled);
    const c = await scoreWith(off, query, untitled);
    expect(a.unitScores).toEqual(b.unitScores);
    expect(a.unitScores).not.toEqual(c.unitScores);
  });
});

describe("focus terms (focusWeight)", () => {
  const ENTRY = [
    "The Lumen Bridge is a stone arch bridge over the Varna River in the town of Ostrel, in the Tessel region.",
    "Its seven arches are built of local granite, and tourists photograph it at sunset.",
    "Construction was completed in 1898, after nine years of work.",
  ].join(" ");

  it("moves a titled result's units by the query's terms outside the title and keeps the same token probabilities and best score", async () => {
    const loaded = await loadModel({ name: "snippet-lab", intraOpNumThreads: 1 });
    expect(loaded.config.profile.units.focusWeight).toBe(0.5);
    // The focus terms alone: the sentence encoder's blend (which may reorder the units by itself) is off on both sides.
    const { similarity: _similarity, ...profile } = loaded.config.profile;
    const model: LoadedModel = { ...loaded, config: { ...loaded.config, profile } };
    const { focusWeight: _focus, ...unfocused } = profile.units;
    const without: LoadedModel = { ...model, config: { ...model.config, profile: { ...profile, units: unfocused } } };
    const doc = prepareResult({ id: "bridge", doc: textToCanonical(ENTRY), title: "Lumen Bridge" });
    const query = "When was the Lumen Bridge completed?";
    const on = await scoreWith(model, query, [doc]);
    const off = await scoreWith(without, query, [doc]);
    expect(on.tokenScores![0]!.probs).toEqual(off.tokenScores![0]!.probs);
    expect(Math.max(...on.unitScores[0]!)).toBeCloseTo(Math.max(...off.unitScores[0]!), 12);
    const completed = doc.units.findIndex((u) => doc.doc.text.slice(u.start, u.end).includes("completed"));
    // The sentence holding "completed" gains against the one that names the bridge.
    expect(on.unitScores[0]![completed]! / on.unitScores[0]![0]!).toBeGreaterThan(off.unitScores[0]![completed]! / off.unitScores[0]![0]!);
    // Untitled, or asked by its title alone: nothing to focus on.
    const untitled = prepareResult({ id: "bridge", doc: textToCanonical(ENTRY) });
    const a = await scoreWith(model, query, [untitled]);
    const b = await scoreWith(without, query, [untitled]);
    expect(a.unitScores).toEqual(b.unitScores);
  });
});

describe("search-query reranker (searchRerank)", () => {
  const PASSAGE = [
    "The Lumen Bridge is a stone arch bridge over the Varna River in the town of Ostrel.",
    "Its seven arches are built of local granite, and tourists photograph it at sunset.",
    "A river ferry carried carts across the Varna at Ostrel before the bridge was built.",
    "Construction was completed in 1898, after nine years of work.",
  ].join(" ");

  it("is fitted for the features the engine computes, and reorders a passage for a search query only", async () => {
    const model = await loadModel({ name: "snippet-lab", intraOpNumThreads: 1 });
    const { searchRerank, ...units } = model.config.profile.units;
    expect(searchRerank?.features).toBe(SEARCH_RERANK_FEATURES);
    expect(searchRerank!.weight).toBeGreaterThan(0);
    const without: LoadedModel = { ...model, config: { ...model.config, profile: { ...model.config.profile, units } } };
    const doc = prepareResult({ id: "bridge", doc: textToCanonical(PASSAGE) });
    const score = (m: LoadedModel, query: string) => scoreWith(m, query, [doc]);
    const query = "lumen bridge varna river ostrel";
    const [on, off] = await Promise.all([score(model, query), score(without, query)]);
    expect(on.tokenScores![0]!.probs).toEqual(off.tokenScores![0]!.probs);
    expect(Math.max(...on.unitScores[0]!)).toBeCloseTo(Math.max(...off.unitScores[0]!), 12);
    expect(on.unitScores).not.toEqual(off.unitScores);
    // The fitted reranker's strongest learned signal: a search query's answer opens the paragraph.
    expect(on.unitScores[0]![0]! / on.unitScores[0]![2]!).toBeGreaterThan(off.unitScores[0]![0]! / off.unitScores[0]![2]!);
    // The same words written as a question: the model's scores alone.
    const question = "Where is the Lumen Bridge over the Varna River at Ostrel?";
    const [qOn, qOff] = await Promise.all([score(model, question), score(without, question)]);
    expect(qOn.unitScores).toEqual(qOff.unitScores);
  });
});
