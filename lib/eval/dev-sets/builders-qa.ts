import type { LabeledDoc } from "../../data/training/page-builder";
import { buildPage } from "../../data/training/build-qa-examples";
import { CAT } from "../../data/training/categories";
import { groupQaArticles } from "../../data/training/qa-articles";
import type { EvalExample } from "../../data/types";
import type { DevSetBuilder } from "./context";
import { sample, toCategorySpans, vitalSpans } from "./set-helpers";
import type { DevSet } from "./types";
import { wholeDocumentExamples } from "./whole-documents";

// The first sets of the registry: multi-hop QA, one-paragraph QA in three languages, long articles, long pages,
// real pages, questions over another article's page. Built in this order with the shared generator.

export const hotpotSet: DevSetBuilder = {
  names: ["hotpot"],
  async build({ rng, max, hotpotDev }) {
    const ex = await hotpotDev();
    return [
      {
        name: "hotpot",
        kind: "multi-hop QA, 10 paragraphs per query",
        examples: sample(rng, ex, max),
        setting: { ratio: 0.2 },
        measure: "evidenceRecall",
      },
    ];
  },
};

export const paragraphSets: DevSetBuilder = {
  names: ["squad-en", "squad-it", "cmrc"],
  async build(ctx) {
    const { rng, max, names } = ctx;
    const sets: DevSet[] = [];
    for (const [name, lang, load] of [
      ["squad-en", "English", ctx.enSplit],
      ["squad-it", "Italian", ctx.squadIt],
      ["cmrc", "Chinese", ctx.cmrc],
    ] as const) {
      if (!names.has(name)) continue;
      const list = await load();
      sets.push({
        name,
        kind: `answer-sentence selection in one short ${lang} Wikipedia paragraph`,
        examples: sample(
          rng,
          list.filter((e) => e.evidence.length > 0),
          max,
        ),
        setting: { ratio: 0.2 },
        measure: "evidenceRecall",
      });
    }
    return sets;
  },
};

export const squadLongSet: DevSetBuilder = {
  names: ["squad-en-long"],
  async build({ rng, max, enSplit: loadEn }) {
    const enSplit = await loadEn();
    const sets: DevSet[] = [];
    // The whole article as one plain-text document (thousands of tokens): answer kept at 200 tokens.
    const articles = groupQaArticles(
      enSplit.filter((e) => e.evidence.length > 0),
      "en",
    );
    sets.push({
      name: "squad-en-long",
      kind: "long documents (a whole article, thousands of tokens)",
      examples: sample(rng, wholeDocumentExamples(articles), max),
      setting: { budget: 200 },
      measure: "answerKept",
    });
    return sets;
  },
};

export const questionPageSets: DevSetBuilder = {
  names: ["pages-it", "pages-en", "pages-zh"],
  async build(ctx) {
    const sets: DevSet[] = [];
    for (const [name, load, lang, target] of [
      ["pages-it", ctx.squadIt, "it", 18_000],
      ["pages-en", ctx.enSplit, "en", 18_000],
      ["pages-zh", ctx.cmrc, "zh", 7_000],
    ] as const) {
      if (!ctx.names.has(name)) continue;
      const list = await load();
      sets.push({
        name,
        kind: `${lang} pages of several thousand tokens with real boilerplate`,
        examples: ctx.questionPages(list, lang, target),
        setting: { budget: 200 },
        measure: "evidenceRecall",
      });
    }
    return sets;
  },
};

export const realPagesSet: DevSetBuilder = {
  names: ["real-pages"],
  async build({ realPages }) {
    const sets: DevSet[] = [];
    const examples: EvalExample[] = [];
    for (const page of realPages()) {
      if (!page.title || !page.article.includes(true)) continue;
      const doc: LabeledDoc = {
        doc: page.doc,
        categories: (() => {
          const c = new Uint8Array(page.doc.text.length).fill(255);
          page.doc.blocks.forEach((b, i) => c.fill(page.categories[i]!, b.start, b.end));
          return c;
        })(),
      };
      examples.push({
        id: page.name,
        query: page.title,
        results: [{ id: page.name, doc: page.doc, title: page.title }],
        evidence: vitalSpans(page.name, doc),
        categories: toCategorySpans(page.name, doc),
        group: page.name,
      });
    }
    sets.push({
      name: "real-pages",
      kind: "real news and blog pages, the title as query, preset low",
      examples,
      setting: { budget: 1000, useModelThreshold: true },
      measure: "pages",
    });
    return sets;
  },
};

export const unanswerableSet: DevSetBuilder = {
  names: ["unanswerable"],
  async build({ rng, max, enSplit: loadEn, pickBp }) {
    const enSplit = await loadEn();
    const sets: DevSet[] = [];
    const articles = groupQaArticles(
      enSplit.filter((e) => e.evidence.length > 0),
      "en",
    );
    const examples: EvalExample[] = [];
    const questions = articles.flatMap((a) => a.paragraphs.flatMap((p) => p.questions.map((q) => ({ a, q }))));
    for (const { a, q } of sample(rng, questions, max ?? 200)) {
      const other = articles.filter((x) => x !== a);
      if (other.length === 0) break;
      const o = other[Math.floor(rng() * other.length)]!;
      const start = Math.floor(rng() * o.paragraphs.length);
      const doc = buildPage({
        article: o,
        paragraphs: o.paragraphs.slice(start, start + 3),
        paragraphCat: CAT.off_topic,
        boilerplate: pickBp(),
        rng,
      });
      examples.push({
        id: `${q.id}:unanswerable`,
        query: q.query,
        results: [{ id: "page", doc: doc.doc, title: o.title }],
        evidence: [],
        group: a.group,
      });
    }
    sets.push({
      name: "unanswerable",
      kind: "questions the page cannot answer (keep nothing), preset low",
      examples,
      setting: { budget: 1000, useModelThreshold: true },
      measure: "evidenceRecall",
    });
    return sets;
  },
};
