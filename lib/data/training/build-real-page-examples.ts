import { segmentSentences } from "../../text/segment-sentences";
import type { Rng } from "../synthesize-page";
import type { AnalyzedPage } from "./analyze-real-page";
import { insertArticleChrome, type ArticleChromeOptions } from "./insert-article-chrome";
import { CAT } from "./categories";
import type { LabeledDoc } from "./page-builder";
import { pseudoQueryFor } from "./pseudo-queries";
import type { TrainingExample } from "./types";

export interface BuildRealPageExamplesOptions {
  pages: readonly AnalyzedPage[];
  /** Questions from elsewhere, asked of a page that cannot answer them (nothing to keep). */
  foreignQuestions: readonly string[];
  rng: Rng;
  /** Narrow (inverse-cloze) queries per page. Default 3. */
  narrowPerPage?: number;
  /** Chrome blocks between a share of the pages' article blocks (off by default). */
  articleChrome?: ArticleChromeOptions;
}

/**
 * A real page with one category per character: boilerplate blocks keep their silver category; article blocks
 * get `articleCat`, and `vital` ranges (offsets into the page) are vital whatever they are.
 */
export function labelRealPage(page: AnalyzedPage, articleCat: number, vital: ReadonlyArray<{ start: number; end: number }> = []): LabeledDoc {
  const { doc } = page;
  const categories = new Uint8Array(doc.text.length).fill(CAT.off_topic);
  doc.blocks.forEach((b, i) => {
    const cat = page.categories[i]!;
    categories.fill(cat === CAT.vital ? articleCat : cat, b.start, b.end);
  });
  for (const v of vital) categories.fill(CAT.vital, v.start, v.end);
  // Inserted chrome keeps its category inside a vital section.
  for (const i of page.chromeBlocks ?? []) categories.fill(page.categories[i]!, doc.blocks[i]!.start, doc.blocks[i]!.end);
  const out: LabeledDoc = { doc, categories };
  if (page.title) out.title = page.title;
  return out;
}

/** The blocks of the section a heading opens (until the next heading of the same or a higher level). */
function sectionRange(page: AnalyzedPage, headingBlock: number): { start: number; end: number } {
  const blocks = page.doc.blocks;
  const level = blocks[headingBlock]!.level ?? 2;
  let end = headingBlock + 1;
  while (end < blocks.length && !(blocks[end]!.kind === "heading" && (blocks[end]!.level ?? 2) <= level)) end++;
  return { start: blocks[headingBlock]!.start, end: blocks[end - 1]!.end };
}

/**
 * Real pages (Readability's test pages: real navigation, ads, comments…) → training examples: the headline as
 * a broad query (the whole article is vital), an article heading (its section is vital), inverse-cloze keyword
 * queries (one sentence vital, the rest of the article off-topic), and a foreign question (nothing vital).
 */
export function buildRealPageExamples(opts: BuildRealPageExamplesOptions): TrainingExample[] {
  const { rng, pages } = opts;
  const narrowPerPage = opts.narrowPerPage ?? 3;
  const out: TrainingExample[] = [];
  const withOthers = (doc: LabeledDoc, self: AnalyzedPage): LabeledDoc[] => {
    if (rng() >= 0.25 || pages.length < 2) return [doc];
    const other = pages[Math.floor(rng() * pages.length)]!;
    if (other === self) return [doc];
    const docs = [doc, labelRealPage(other, CAT.off_topic)];
    return rng() < 0.5 ? docs : docs.reverse();
  };
  for (const original of pages) {
    const locale = original.lang?.split("-")[0] ?? "en";
    const page = insertArticleChrome(original, opts.articleChrome, {
      lang: locale,
      own: () => articleSentences(original, locale),
      ...(original.title ? { title: original.title } : {}),
    });
    const articleBlocks = page.doc.blocks.map((_, i) => i).filter((i) => page.article[i]);
    if (articleBlocks.length === 0) continue;
    if (page.title) {
      const words = page.title.split(/\s+/);
      const variants = [page.title, words.length > 6 ? words.slice(0, 6).join(" ") : page.title.toLowerCase()];
      for (const query of variants) out.push({ query, docs: withOthers(labelRealPage(page, CAT.vital), original), source: "real:title", locale });
    }
    const headingBlocks = articleBlocks.filter((i) => page.doc.blocks[i]!.kind === "heading");
    if (headingBlocks.length > 1) {
      const h = headingBlocks[Math.floor(rng() * headingBlocks.length)]!;
      const b = page.doc.blocks[h]!;
      const query = page.doc.text.slice(b.start, b.end);
      out.push({ query, docs: withOthers(labelRealPage(page, CAT.off_topic, [sectionRange(page, h)]), original), source: "real:heading", locale });
    }
    const sentences = articleSentenceRanges(page, locale);
    for (let k = 0; k < narrowPerPage && sentences.length > 0; k++) {
      const s = sentences[Math.floor(rng() * sentences.length)]!;
      const query = pseudoQueryFor(rng, page.doc.text.slice(s.start, s.end));
      if (!query) continue;
      out.push({ query, docs: withOthers(labelRealPage(page, CAT.off_topic, [s]), original), source: "real:narrow", locale });
    }
    if (opts.foreignQuestions.length > 0) {
      const query = opts.foreignQuestions[Math.floor(rng() * opts.foreignQuestions.length)]!;
      out.push({ query, docs: [labelRealPage(page, CAT.off_topic)], source: "real:unanswerable", locale });
    }
  }
  return out;
}

/** Sentences of the article's non-heading blocks (offsets into the page). */
function articleSentenceRanges(page: AnalyzedPage, locale: string) {
  return segmentSentences(page.doc, { locale }).filter((s) => page.article[s.block] && page.doc.blocks[s.block]!.kind !== "heading");
}

function articleSentences(page: AnalyzedPage, locale: string): string[] {
  return articleSentenceRanges(page, locale).map((s) => page.doc.text.slice(s.start, s.end));
}
