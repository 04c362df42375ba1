import { describe, expect, it } from "vitest";
import { segmentSentences } from "../../text/segment-sentences";
import { textToCanonical } from "../../text/text-to-canonical";
import { bertVocabFromNpm } from "../../tokenizer/test-support/bert-vocab-from-npm";
import { WordPieceTokenizer } from "../../tokenizer/wordpiece";
import { FEATURE_COUNT } from "../../features/feature-spec";
import { createRng } from "../synthesize-page";
import { analyzeRealPage } from "./analyze-real-page";
import { boilerplateFromPage } from "./boilerplate-pool";
import { buildQaExamples } from "./build-qa-examples";
import { buildRealPageExamples } from "./build-real-page-examples";
import { CAT, CAT_DROP_UNKNOWN, categorizeBoilerplate } from "./categories";
import { goldRecordsToExamples } from "./gold-examples";
import { labelExampleWindows } from "./label-example-windows";
import { PageBuilder } from "./page-builder";
import type { QaArticle } from "./qa-articles";

const tokenizer = new WordPieceTokenizer(bertVocabFromNpm());

const SOURCE = `<html><head><title>Harbour bridge reopens - City Times</title></head><body>
<header><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav></header>
<main><article><h1>Harbour bridge reopens</h1><p class="byline">By Ana Ruiz, 3 March 2024</p>
<p>The harbour bridge reopened on Monday after two years of repairs to its steel deck.</p>
<div class="ad">Advertisement</div>
<h2>Traffic</h2><p>Officials expect twenty thousand cars a day to cross the bridge again.</p>
<p>steel deck</p>
</article></main>
<aside><ul><li><a href="/x">Most read: a cat rescued from a tree</a></li></ul></aside>
<footer><p>© 2024 City Times. All rights reserved.</p><a href="/privacy">Privacy</a></footer></body></html>`;
const ARTICLE = `<div><p>The harbour bridge reopened on Monday after two years of repairs to its steel deck.</p>
<h2>Traffic</h2><p>Officials expect twenty thousand cars a day to cross the bridge again.</p></div>`;

function blockText(page: ReturnType<typeof analyzeRealPage>, i: number) {
  const b = page.doc.blocks[i]!;
  return page.doc.text.slice(b.start, b.end);
}

describe("analyzeRealPage", () => {
  const page = analyzeRealPage({
    name: "t",
    sourceHtml: SOURCE,
    articleHtml: ARTICLE,
    meta: { title: "Harbour bridge reopens", byline: "Ana Ruiz" },
  });
  const cat = (needle: string) => page.categories[page.doc.blocks.findIndex((_, i) => blockText(page, i).includes(needle))];

  it("marks article blocks vital and labels boilerplate by heuristics", () => {
    expect(cat("The harbour bridge reopened")).toBe(CAT.vital);
    expect(cat("Traffic")).toBe(CAT.vital);
    expect(cat("Harbour bridge reopens")).toBe(CAT.metadata); // the headline
    expect(cat("By Ana Ruiz")).toBe(CAT.metadata);
    expect(cat("Advertisement")).toBe(CAT.ads);
    expect(cat("Home")).toBe(CAT.ui_navigation);
    expect(cat("Privacy")).toBe(CAT.ui_navigation);
    expect(page.headings).toEqual(["Traffic"]);
  });

  it("does not take a short block for article text because it occurs inside it", () => {
    // "steel deck" (a tag link) occurs inside an article sentence, but as a block of its own it is not article text.
    const i = page.doc.blocks.findIndex((_, k) => blockText(page, k) === "steel deck");
    expect(i).toBeGreaterThan(0);
    expect(page.article[i]).toBe(false);
  });

  it("feeds the boilerplate pool with what is not article text", () => {
    const bp = boilerplateFromPage(page);
    const all = [...bp.top, ...bp.middle, ...bp.bottom];
    expect(all.some((b) => b.input.text.includes("Advertisement"))).toBe(true);
    expect(all.every((b) => b.cat !== CAT.vital)).toBe(true);
  });
});

describe("categorizeBoilerplate", () => {
  it("separates ads, metadata, navigation and other text", () => {
    expect(categorizeBoilerplate({ text: "Sponsored: buy now", role: "main", kind: "paragraph" })).toBe(CAT.ads);
    expect(categorizeBoilerplate({ text: "Updated 12:30, 4 May 2024", role: "main", kind: "paragraph" })).toBe(CAT.metadata);
    expect(categorizeBoilerplate({ text: "Menu", role: "main", kind: "paragraph" })).toBe(CAT.ui_navigation);
    expect(categorizeBoilerplate({ text: "A long reader comment about the bridge and the city council.", role: "comment", kind: "paragraph" })).toBe(
      CAT.off_topic,
    );
  });
});

describe("PageBuilder", () => {
  it("builds canonical text with a category per character", () => {
    const page = new PageBuilder();
    page.addBlock({ text: "Home | News", role: "navigation", linkDensity: 1 }, CAT.ui_navigation);
    const passage = textToCanonical("First sentence here. The answer is 42.\n\nNext paragraph.");
    const offset = page.addDoc(passage, CAT.off_topic, [{ start: 21, end: 38, cat: CAT.vital }]);
    const built = page.build("Title");
    expect(built.doc.text).toBe("Home | News\nFirst sentence here. The answer is 42.\nNext paragraph.");
    expect(built.doc.blocks.map((b) => built.doc.text.slice(b.start, b.end))).toEqual([
      "Home | News",
      "First sentence here. The answer is 42.",
      "Next paragraph.",
    ]);
    expect(built.doc.text.slice(offset + 21, offset + 38)).toBe("The answer is 42.");
    expect(built.categories[offset + 25]).toBe(CAT.vital);
    expect(built.categories[offset + 2]).toBe(CAT.off_topic);
    expect(built.categories[0]).toBe(CAT.ui_navigation);
    expect(built.doc.blocks[0]).toMatchObject({ role: "navigation", linkDensity: 1 });
  });
});

const article: QaArticle = {
  group: "Bridge",
  title: "Harbour Bridge",
  lang: "en",
  paragraphs: [
    "The bridge opened in 1932. It spans the harbour.",
    "Its steel arch weighs 39,000 tonnes. Painters maintain it constantly.",
    "Tourists climb the arch every day. The climb takes three hours.",
    "A railway crosses the bridge. Trains run every ten minutes.",
  ].map((t, i) => {
    const doc = textToCanonical(t);
    const s = segmentSentences(doc)[1]!;
    return {
      doc,
      questions: [
        {
          id: `q${i}`,
          query: `Question ${i} about ${doc.text.slice(s.start, s.start + 12)}?`,
          evidence: [{ start: s.start, end: s.end }],
          answers: [],
        },
      ],
    };
  }),
};

describe("buildQaExamples", () => {
  const page = analyzeRealPage({ name: "t", sourceHtml: SOURCE, articleHtml: ARTICLE });
  const examples = buildQaExamples({
    articles: [article, { ...article, group: "B2", title: "Other" }],
    boilerplate: [boilerplateFromPage(page)],
    rng: createRng(1),
    tag: "t",
    longShare: 1,
    unanswerableShare: 1,
    broadPerArticle: 2,
    ictPerParagraph: 1,
  });

  it("labels exactly the evidence sentence vital in every narrow variant", () => {
    const narrow = examples.filter((e) => /:(plain|page|long)$/.test(e.source));
    expect(new Set(narrow.map((e) => e.source.split(":")[1]))).toEqual(new Set(["plain", "page", "long"]));
    for (const ex of narrow) {
      const vital = ex.docs.flatMap((d) => {
        const out: string[] = [];
        let s = -1;
        for (let i = 0; i <= d.doc.text.length; i++) {
          const v = d.categories[i] === CAT.vital;
          if (v && s < 0) s = i;
          if (!v && s >= 0) (out.push(d.doc.text.slice(s, i)), (s = -1));
        }
        return out;
      });
      const q = article.paragraphs.flatMap((p) => p.questions).find((x) => x.query === ex.query);
      if (!q) continue;
      const p = article.paragraphs.find((pp) => pp.questions.includes(q))!;
      expect(vital).toEqual([p.doc.text.slice(q.evidence[0]!.start, q.evidence[0]!.end)]);
    }
  });

  it("makes broad queries whose article text is vital and unanswerable ones with nothing vital", () => {
    const broad = examples.filter((e) => e.source === "t:broad");
    expect(broad.length).toBe(4);
    expect(broad.some((e) => e.docs.some((d) => d.categories.includes(CAT.vital)))).toBe(true);
    for (const e of examples.filter((x) => x.source === "t:unanswerable")) {
      expect(e.docs.every((d) => !d.categories.includes(CAT.vital))).toBe(true);
    }
  });

  it("asks a question against its own article's other paragraphs, none holding its answer, only when asked to", () => {
    // Answers: paragraph 1's number also occurs in paragraph 3, so paragraph 3 is never a topical page for it.
    const withAnswers: QaArticle = {
      ...article,
      paragraphs: article.paragraphs.map((p, i) => ({
        ...p,
        doc: i === 3 ? textToCanonical(`${p.doc.text} The arch weighs 39,000 tonnes.`) : p.doc,
        questions: p.questions.map((q) => ({ ...q, answers: [i === 1 ? "39,000 tonnes" : p.doc.text.slice(4, 10)] })),
      })),
    };
    const base = { articles: [withAnswers], boilerplate: [boilerplateFromPage(page)], tag: "t", unanswerableShare: 0 };
    const topical = buildQaExamples({ ...base, rng: createRng(3), topicalUnanswerableShare: 1 }).filter((e) => e.source === "t:topical-unanswerable");
    expect(topical.length).toBe(4);
    for (const e of topical) {
      const q = withAnswers.paragraphs.flatMap((p) => p.questions).find((x) => x.query === e.query)!;
      for (const d of e.docs) {
        expect(d.categories.includes(CAT.vital)).toBe(false);
        expect(d.doc.text.toLowerCase()).not.toContain(q.answers[0]!.toLowerCase());
      }
    }
    // Share 0 draws nothing: the same examples as a build without the option.
    const zero = buildQaExamples({ ...base, rng: createRng(3), topicalUnanswerableShare: 0 });
    const none = buildQaExamples({ ...base, rng: createRng(3) });
    expect(zero.map((e) => [e.source, e.query, e.docs.map((d) => d.doc.text)])).toEqual(
      none.map((e) => [e.source, e.query, e.docs.map((d) => d.doc.text)]),
    );
  });

  it("turns examples into windows with features and labels", () => {
    for (const ex of examples.slice(0, 20)) {
      for (const w of labelExampleWindows({ example: ex, tokenizer, maxLength: 128 })) {
        expect(w.inputIds.length).toBeLessThanOrEqual(128);
        expect(w.features.length).toBe(w.inputIds.length * FEATURE_COUNT);
        w.keep.forEach((k, p) => {
          if (k === 1) expect(w.category[p]).toBe(CAT.vital);
          if (w.category[p]! >= 0 && w.category[p] !== CAT.vital) expect(k).toBe(0);
        });
        expect(w.keep[0]).toBe(-1); // [CLS]
      }
    }
  });

  it("tells each context token its sentence unit, counted from the window's first, so a unit loss can group them", () => {
    const plain = examples.filter((e) => e.source.endsWith(":plain")).slice(0, 10);
    expect(plain.length).toBeGreaterThan(0);
    for (const ex of plain) {
      const units = segmentSentences(ex.docs[0]!.doc);
      for (const w of labelExampleWindows({ example: ex, tokenizer, maxLength: 128 })) {
        expect(w.unit.length).toBe(w.inputIds.length);
        const seen = [...w.unit].filter((u) => u >= 0);
        expect(seen[0]).toBe(0);
        // Non-decreasing, in steps of at most one unit, never past the text's last unit.
        seen.forEach((u, i) => i > 0 && expect(u - seen[i - 1]!).toBeGreaterThanOrEqual(0));
        seen.forEach((u, i) => i > 0 && expect(u - seen[i - 1]!).toBeLessThanOrEqual(1));
        expect(seen.at(-1)!).toBeLessThan(units.length);
        // A plain example's evidence is whole sentences: every unit's labeled tokens agree.
        const label = new Map<number, number>();
        w.unit.forEach((u, p) => {
          if (u < 0 || w.keep[p]! < 0) return;
          if (!label.has(u)) label.set(u, w.keep[p]!);
          expect(w.keep[p]).toBe(label.get(u));
        });
        w.unit.forEach((u, p) => {
          if (w.keep[p]! >= 0) expect(u).toBeGreaterThanOrEqual(0);
        });
      }
    }
  });
});

describe("buildRealPageExamples", () => {
  const page = analyzeRealPage({ name: "t", sourceHtml: SOURCE, articleHtml: ARTICLE, meta: { title: "Harbour bridge reopens" } });
  const examples = buildRealPageExamples({ pages: [page], foreignQuestions: ["Who painted the Mona Lisa?"], rng: createRng(2), narrowPerPage: 2 });

  it("asks the headline (article vital), keyword queries (one sentence vital) and a foreign question (nothing vital)", () => {
    const title = examples.find((e) => e.source === "real:title")!;
    const doc = title.docs[0]!;
    const vitalText = [...doc.doc.text].filter((_, i) => doc.categories[i] === CAT.vital).join("");
    expect(vitalText).toContain("The harbour bridge reopened");
    expect(vitalText).not.toContain("Home");
    expect(examples.find((e) => e.source === "real:unanswerable")!.docs[0]!.categories.includes(CAT.vital)).toBe(false);
    for (const e of examples.filter((x) => x.source === "real:narrow")) {
      const d = e.docs[0]!;
      const vital = d.doc.text.slice(d.categories.indexOf(CAT.vital), d.categories.lastIndexOf(CAT.vital) + 1);
      expect([
        "The harbour bridge reopened on Monday after two years of repairs to its steel deck.",
        "Officials expect twenty thousand cars a day to cross the bridge again.",
      ]).toContain(vital);
    }
  });
});

describe("goldRecordsToExamples", () => {
  it("groups a pair's documents and maps gold categories; uncovered text is not needed", () => {
    const text = "Menu\nThe museum opens at 10.";
    const [ex] = goldRecordsToExamples([
      {
        pairId: "p1",
        query: "When does it open?",
        documentId: "d1",
        text,
        spans: [
          { start: 0, end: 4, text: "Menu", category: "ui_navigation", source: "gold" },
          { start: 5, end: 27, text: "The museum opens at 10.", category: "vital", source: "gold" },
        ],
        tokens: { starts: [], ends: [], keep: [] },
      },
    ]);
    expect(ex!.docs[0]!.categories[0]).toBe(CAT.ui_navigation);
    expect(ex!.docs[0]!.categories[10]).toBe(CAT.vital);
    expect(ex!.docs[0]!.doc.blocks).toHaveLength(2);
    const [only] = goldRecordsToExamples([
      { pairId: "p", query: "q", documentId: "d", text: "Plain text.", spans: [], tokens: { starts: [], ends: [], keep: [] } },
    ]);
    expect(only!.docs[0]!.categories[0]).toBe(CAT_DROP_UNKNOWN);
  });
});
