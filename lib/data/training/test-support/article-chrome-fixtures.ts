import { createHash } from "node:crypto";
import { textToCanonical } from "../../../text/text-to-canonical";
import { segmentSentences } from "../../../text/segment-sentences";
import { createRng } from "../../synthesize-page";
import { analyzeRealPage, type AnalyzedPage } from "../analyze-real-page";
import { boilerplateFromPage } from "../boilerplate-pool";
import { buildQaExamples } from "../build-qa-examples";
import { buildRealPageExamples } from "../build-real-page-examples";
import type { QaArticle } from "../qa-articles";
import type { TrainingExample } from "../types";

// Test fixtures of the in-article chrome tests (imports only modules that predate it, so the same digest can be
// computed on the code before it: see article-chrome.test.ts). Tests only: node's crypto stays out of the pure zone.

const SOURCE = `<html><head><title>Lighthouse keepers return - Coast News</title></head><body>
<header><nav><a href="/">Home</a> <a href="/local">Local</a> <a href="/weather">Weather</a></nav></header>
<main><article><h1>Lighthouse keepers return</h1><p class="byline">By Tom Hale, 9 June 2023</p>
<p>The old lighthouse on the northern cape has its keepers back after thirty years of automatic operation.</p>
<p>Two volunteers will live in the tower from April to October and guide visitors up its spiral stairs.</p>
<div class="ad">Advertisement</div>
<h2>Restoration</h2><p>The lamp room was restored last winter with money raised by the village choir.</p>
<p>Engineers replaced the rusted gallery rail and repainted the red and white bands of the tower.</p>
</article></main>
<aside><ul><li><a href="/x">Most read: the harbour seal that learned to open doors</a></li></ul></aside>
<footer><p>© 2023 Coast News. All rights reserved.</p><a href="/privacy">Privacy</a></footer></body></html>`;
const ARTICLE = `<div><p>The old lighthouse on the northern cape has its keepers back after thirty years of automatic operation.</p>
<p>Two volunteers will live in the tower from April to October and guide visitors up its spiral stairs.</p>
<h2>Restoration</h2><p>The lamp room was restored last winter with money raised by the village choir.</p>
<p>Engineers replaced the rusted gallery rail and repainted the red and white bands of the tower.</p></div>`;

export function fixturePage(): AnalyzedPage {
  return analyzeRealPage({ name: "coast", sourceHtml: SOURCE, articleHtml: ARTICLE, meta: { title: "Lighthouse keepers return", lang: "en" } });
}

const PARAGRAPHS = [
  "The glacier has lost a third of its ice since 1950. Scientists measure it every summer with drones and stakes.",
  "Meltwater feeds the river below the valley. Farmers there depend on it in the dry months of the year.",
  "A new survey began in May. It will map the bed of the glacier with radar for the first time.",
];

export function fixtureArticles(): QaArticle[] {
  const article = (group: string, title: string): QaArticle => ({
    group,
    title,
    lang: "en",
    paragraphs: PARAGRAPHS.map((text, i) => {
      const doc = textToCanonical(text);
      const s = segmentSentences(doc, { locale: "en" })[1]!;
      return {
        doc,
        questions: [{ id: `${group}${i}`, query: `What about ${text.slice(0, 20)}?`, evidence: [{ start: s.start, end: s.end }], answers: [] }],
      };
    }),
  });
  return [article("A", "Glacier retreat"), article("B", "Valley farming")];
}

/** QA and real-page examples of the fixtures, with fixed seeds; `extra` is spread into both builders' options. */
export function buildFixtureExamples(extra: Record<string, unknown> = {}): TrainingExample[] {
  const page = fixturePage();
  return [
    ...buildQaExamples({
      articles: fixtureArticles(),
      boilerplate: [boilerplateFromPage(page)],
      rng: createRng(7),
      tag: "t",
      longShare: 1,
      unanswerableShare: 1,
      broadPerArticle: 3,
      ictPerParagraph: 0,
      ...extra,
    }),
    ...buildRealPageExamples({
      pages: [page, { ...page, name: "coast-2" }],
      foreignQuestions: ["Who built the pyramids?"],
      rng: createRng(8),
      narrowPerPage: 0,
      ...extra,
    }),
  ];
}

/** A digest of everything a window is made from: queries, texts, blocks, titles and per-character categories. */
export function digestExamples(examples: readonly TrainingExample[]): string {
  const h = createHash("sha256");
  for (const ex of examples) {
    h.update(JSON.stringify({ q: ex.query, s: ex.source, l: ex.locale ?? null }));
    for (const d of ex.docs) {
      h.update(JSON.stringify({ t: d.doc.text, b: d.doc.blocks, title: d.title ?? null, dt: d.doc.title ?? null }));
      h.update(d.categories);
    }
  }
  return h.digest("hex");
}
