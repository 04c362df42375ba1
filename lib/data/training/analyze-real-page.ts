import { htmlToCanonical } from "../../text/html-to-canonical";
import type { CanonicalDoc } from "../../text/types";
import { CAT, categorizeBoilerplate } from "./categories";

export interface RealPageMeta {
  title?: string | null;
  byline?: string | null;
  lang?: string | null;
}

/** A real page split into article text and boilerplate, with a silver category per block. */
export interface AnalyzedPage {
  name: string;
  doc: CanonicalDoc;
  /** Per block of `doc`: true when the block is article text. */
  article: boolean[];
  /** Per block: CAT id (article blocks: vital; the headline: metadata; repeats: duplicate; the rest by heuristics). */
  categories: number[];
  /** The page's headline (metadata title, else <title>). */
  title?: string;
  lang?: string;
  /** Headings inside the article (broad sub-topic queries). */
  headings: string[];
  /** Blocks inserted as in-article chrome (insertArticleChrome): never vital, whatever range covers them. */
  chromeBlocks?: number[];
}

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();

/**
 * Which blocks of a real page are article text, judged against a reference extraction of the article
 * (Readability's expected.html — not a human label, so with our own checks): a block counts when it equals an
 * article block, or is long enough (≥ 40 chars) that being a substring of the article is no accident; short
 * blocks that only occur inside article text by chance ("Share", "News") stay boilerplate.
 */
export function analyzeRealPage(opts: { name: string; sourceHtml: string; articleHtml: string; meta?: RealPageMeta }): AnalyzedPage {
  const doc = htmlToCanonical(opts.sourceHtml);
  const articleDoc = htmlToCanonical(opts.articleHtml);
  const articleBlocks = new Set(articleDoc.blocks.map((b) => norm(articleDoc.text.slice(b.start, b.end))));
  const articleText = norm(articleDoc.text.replace(/\n/g, " "));
  const meta = opts.meta ?? {};
  const title = meta.title?.trim() || doc.title || undefined;
  const seen = new Set<string>();
  const article: boolean[] = [];
  const categories: number[] = [];
  const headings: string[] = [];
  doc.blocks.forEach((b) => {
    const raw = doc.text.slice(b.start, b.end);
    const t = norm(raw);
    const inArticle = t.length > 0 && (articleBlocks.has(t) || (t.length >= 40 && articleText.includes(t)));
    const repeated = t.length >= 20 && seen.has(t);
    seen.add(t);
    article.push(inArticle && !repeated);
    if (title && t === norm(title)) categories.push(CAT.metadata);
    else if (repeated) categories.push(CAT.duplicate);
    else if (inArticle) {
      categories.push(CAT.vital);
      if (b.kind === "heading" && raw.length <= 120) headings.push(raw);
    } else categories.push(categorizeBoilerplate({ text: raw, role: b.role, kind: b.kind, linkDensity: b.linkDensity }, meta));
  });
  const out: AnalyzedPage = { name: opts.name, doc, article, categories, headings };
  if (title) out.title = title;
  if (meta.lang) out.lang = meta.lang;
  return out;
}
