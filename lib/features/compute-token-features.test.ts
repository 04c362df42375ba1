import { describe, expect, it } from "vitest";
import { htmlToCanonical } from "../text/html-to-canonical";
import { segmentSentences } from "../text/segment-sentences";
import { textToCanonical } from "../text/text-to-canonical";
import { bertVocabFromNpm } from "../tokenizer/test-support/bert-vocab-from-npm";
import { WordPieceTokenizer } from "../tokenizer/wordpiece";
import { computeTokenFeatures, type FeatureDoc, type SectionMode } from "./compute-token-features";
import { FEATURE_COUNT, FEATURE_INDEX as F, FEATURE_SPEC } from "./feature-spec";
import { findTitleMentions, titleCore } from "./title-mentions";

const tok = new WordPieceTokenizer(bertVocabFromNpm());

function features(query: string, docs: { text?: string; html?: string; title?: string }[], sections: SectionMode = false) {
  const results: FeatureDoc[] = docs.map((d) => {
    const doc = d.html !== undefined ? htmlToCanonical(d.html) : textToCanonical(d.text!);
    return { doc, units: segmentSentences(doc), ...(d.title ? { title: d.title } : {}) };
  });
  const encodings = results.map((r) => tok.encode(r.doc.text));
  const out = computeTokenFeatures({ query, results, encodings, queryEncoding: tok.encode(query), sections });
  /** Feature row of the first token at or after `needle` in result i. */
  const at = (i: number, needle: string) => {
    const pos = results[i]!.doc.text.indexOf(needle);
    expect(pos).toBeGreaterThanOrEqual(0);
    const t = encodings[i]!.starts.findIndex((s) => s >= pos);
    return Object.fromEntries(FEATURE_SPEC.map((f, k) => [f.name, out[i]![t * FEATURE_COUNT + k]!])) as Record<
      (typeof FEATURE_SPEC)[number]["name"],
      number
    >;
  };
  return { out, encodings, at };
}

describe("computeTokenFeatures", () => {
  it("gives every token a value in range for every feature", () => {
    const { out, encodings } = features("bike lanes", [
      { html: "<nav><a href='/'>Home</a></nav><h1>Bike lanes</h1><p>The city adds bike lanes.</p>" },
    ]);
    expect(out[0]!.length).toBe(encodings[0]!.ids.length * FEATURE_COUNT);
    for (let t = 0; t < encodings[0]!.ids.length; t++) {
      FEATURE_SPEC.forEach((f, k) => {
        const v = out[0]![t * FEATURE_COUNT + k]!;
        expect(v).toBeGreaterThanOrEqual(1);
        expect(v).toBeLessThan(f.size);
      });
    }
  });

  it("encodes page structure: role, kind, link density, duplicates", () => {
    const html =
      "<header><nav><a href='/a'>News</a> <a href='/b'>Sport</a></nav></header><main><h1>Storm hits coast</h1>" +
      "<p>The storm reached the coast on Monday with strong winds.</p><p>Share this story</p><p>The storm reached the coast on Monday with strong winds.</p></main>" +
      "<footer>Contact us</footer>";
    const { at } = features("storm", [{ html }]);
    expect(at(0, "News")).toMatchObject({ blockRole: 2, blockLinks: 5 });
    // "storm" is in most units of the page: a common term (3), not a rare one (2).
    expect(at(0, "Storm hits")).toMatchObject({ blockRole: 1, blockKind: 1, tokenMatch: 3 });
    expect(at(0, "The storm")).toMatchObject({ blockKind: 3, blockDuplicate: 1 });
    expect(at(0, "Contact")).toMatchObject({ blockRole: 4 });
    // The repeated paragraph is marked as a duplicate the second time.
    const { out, encodings } = features("storm", [{ html }]);
    const dupRows = [...Array(encodings[0]!.ids.length).keys()].filter((t) => out[0]![t * FEATURE_COUNT + F.blockDuplicate] === 2);
    expect(dupRows.length).toBeGreaterThan(5);
  });

  it("ranks units of the whole set by BM25 and marks query terms", () => {
    const { at } = features("When did the museum open?", [
      { text: "The museum opened in 1902. Its roof was rebuilt later." },
      { text: "A bakery sells bread. The bread is fresh." },
    ]);
    const best = at(0, "The museum");
    expect(best.unitRank).toBe(2); // first in the set
    expect(best.unitLexical).toBe(8);
    expect(at(0, "museum")).toMatchObject({ tokenMatch: 2 });
    expect(at(0, "opened")).toMatchObject({ tokenMatch: 2 }); // same term after suffix stripping
    expect(at(1, "bakery")).toMatchObject({ tokenMatch: 1, unitLexical: 1, unitRank: 1, unitCoverage: 1 });
    expect(best.resultRank).toBe(2);
    expect(at(1, "bakery").resultRank).toBe(3); // second: "the" still matches
  });

  it("finds bridge entities: a unit naming another result's title", () => {
    const { at } = features("Which airline is based in the city where Ada Lind was born?", [
      { text: "Ada Lind (born 1950) is a singer. She was born in Port Avalon.", title: "Ada Lind" },
      { text: "Seabird Air is an airline. It is based in Port Avalon.", title: "Seabird Air" },
      { text: "Port Avalon is a city on the coast.", title: "Port Avalon" },
    ]);
    // "She was born in Port Avalon." names result 3's title; result 3 is named by a strong unit.
    expect(at(0, "She was born").unitBridge).toBeGreaterThanOrEqual(2);
    expect(at(0, "Port Avalon").tokenMatch).toBe(5);
    expect(at(2, "Port Avalon").resultBridgeIn).toBeGreaterThanOrEqual(3);
    expect(at(0, "Ada Lind").resultTitle).toBe(4);
  });

  it("section mode: a single document's sections are the set for the result-level features only", () => {
    // The bridge question of the previous case, as one document with a heading per entity.
    const html =
      "<h1>Ada Lind</h1><p>Ada Lind (born 1950) is a singer. She was born in Port Avalon.</p>" +
      "<h2>Seabird Air</h2><p>Seabird Air is an airline. It is based in Port Avalon.</p>" +
      "<h2>Port Avalon</h2><p>Port Avalon is a city on the coast.</p>";
    const query = "Which airline is based in the city where Ada Lind was born?";
    const off = features(query, [{ html }]);
    const on = features(query, [{ html }], true);
    // Off (how the models before section mode were trained): one result, no titles between sections.
    expect(off.at(0, "She was born")).toMatchObject({ unitBridge: 1, resultRank: 1 });
    expect(off.at(0, "in Port Avalon").tokenMatch).not.toBe(5);
    // On: the sections rank against each other, name each other's titles and match the query by title.
    expect(on.at(0, "She was born").unitBridge).toBeGreaterThanOrEqual(2);
    expect(on.at(0, "Avalon.").tokenMatch).toBe(5);
    expect(on.at(0, "Port Avalon is").resultBridgeIn).toBeGreaterThanOrEqual(3);
    expect(on.at(0, "Ada Lind (born").resultTitle).toBe(4);
    expect(on.at(0, "Seabird Air is").resultRank).toBeGreaterThan(1);
    // Unit and block features stay the document's: identical in both modes.
    for (const name of ["unitLexical", "unitRank", "unitCoverage", "unitPosition", "blockKind", "blockPosition"] as const) {
      expect(on.at(0, "It is based")[name]).toBe(off.at(0, "It is based")[name]);
    }
    // A set of several results, or a document with fewer than two headings, is the same in both modes.
    const set = [{ text: "The museum opened in 1902." }, { text: "A bakery sells bread." }];
    expect(features("museum", set, true).out).toEqual(features("museum", set).out);
    const one = [{ html: "<h1>Museum</h1><p>The museum opened in 1902.</p>" }];
    expect(features("museum", one, true).out).toEqual(features("museum", one).out);

    // "plain": the same split for a document without page chrome (here as markdown text, as a paper comes)…
    const md =
      "# Ada Lind\n\nAda Lind (born 1950) is a singer. She was born in Port Avalon.\n\n## Seabird Air\n\nSeabird Air is an airline. It is based in Port Avalon.";
    expect(features(query, [{ text: md }], "plain").out).toEqual(features(query, [{ text: md }], true).out);
    expect(features(query, [{ text: md }], "plain").out).not.toEqual(features(query, [{ text: md }]).out);
    // …and none for a web page with navigation: its headings are the chrome's as much as the article's.
    const page = `<nav><a href="/">Home</a> <a href="/air">Airlines</a></nav>${html}`;
    expect(features(query, [{ html: page }], "plain").out).toEqual(features(query, [{ html: page }]).out);
    expect(features(query, [{ html: page }], true).out).not.toEqual(features(query, [{ html: page }]).out);
    // A query that names the document (its title as the query) asks for all of it: no sections competing.
    const titled = [{ text: md, title: "Ada Lind and Seabird Air" }];
    expect(features("Ada Lind and Seabird Air", titled, "plain").out).toEqual(features("Ada Lind and Seabird Air", titled).out);
    expect(features(query, titled, "plain").out).not.toEqual(features(query, titled).out);
    // A menu outside any <nav> is chrome too: a block that is mostly links.
    const menu = `<p><a href="/">Home</a> · <a href="/air">Airlines</a> · <a href="/c">Cities</a></p>${html}`;
    expect(features(query, [{ html: menu }], "plain").out).toEqual(features(query, [{ html: menu }]).out);
    expect(features(query, [{ html }], "plain").out).toEqual(features(query, [{ html }], true).out);
  });

  it("matches Chinese by character bigrams", () => {
    const { at } = features("战国无双3是哪个公司开发的？", [{ text: "《战国无双3》是由光荣开发的游戏。另一句话。" }]);
    expect(at(0, "战国").tokenMatch).toBe(2);
    expect(at(0, "另").tokenMatch).toBe(1);
  });
});

describe("titleCore", () => {
  it("keeps the entity a title names", () => {
    expect(titleCore("Scott Derrickson (director)")).toBe("Scott Derrickson");
    expect(titleCore("Bike lanes are coming to Main Street - The City Paper")).toBe("Bike lanes are coming to Main Street");
    expect(titleCore("ab")).toBeUndefined();
    expect(findTitleMentions("I met Scott Derrickson and Scotty.", 0, 34, "Scott Derrickson")).toEqual([[6, 22]]);
    expect(findTitleMentions("Scotty", 0, 6, "Scott")).toEqual([]);
  });
});
