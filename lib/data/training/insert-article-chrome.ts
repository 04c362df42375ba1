import { SPAN_CATEGORIES } from "../../spans/categories";
import type { Block } from "../../text/types";
import type { Rng } from "../synthesize-page";
import type { AnalyzedPage } from "./analyze-real-page";
import type { ArticleChromeGenerator, ChromeBlock, ChromeContext } from "./article-chrome";

/** Counts of what was inserted, per category name (and examples), for the build's log and meta. */
export class ArticleChromeStats {
  pages = 0;
  chromePages = 0;
  readonly blocks: Record<string, number> = {};
  readonly chars: Record<string, number> = {};
  readonly tokens: Record<string, number> = {};
  readonly bySource: Record<string, number> = {};
  /** A few blocks of each source kind, to show what the data looks like. */
  readonly samples: Array<{ category: string; source: string; text: string }> = [];

  constructor(private readonly measure?: (text: string) => number) {}

  add(b: ChromeBlock): void {
    const name = SPAN_CATEGORIES[b.cat] ?? String(b.cat);
    this.blocks[name] = (this.blocks[name] ?? 0) + 1;
    this.chars[name] = (this.chars[name] ?? 0) + b.text.length;
    if (this.measure) this.tokens[name] = (this.tokens[name] ?? 0) + this.measure(b.text);
    this.bySource[b.source] = (this.bySource[b.source] ?? 0) + 1;
    // The 1st, 2nd, 4th, 8th… block of each kind: examples from the whole build, no random draw.
    const n = this.bySource[b.source]!;
    if ((n & (n - 1)) === 0) this.samples.push({ category: name, source: b.source, text: b.text });
  }

  toJSON() {
    const { pages, chromePages, blocks, chars, tokens, bySource } = this;
    return { pages, chromePages, blocks, chars, ...(this.measure ? { tokens } : {}), bySource };
  }
}

/** In-article chrome for a build: off unless `rate` > 0 (then the page builders draw from `rng`, never their own). */
export interface ArticleChromeOptions {
  /** Share of pages that get 1–3 chrome blocks between their article paragraphs. */
  rate: number;
  /** Its own random stream, so the rest of the data is drawn as without chrome. */
  rng: Rng;
  generator: ArticleChromeGenerator;
  stats?: ArticleChromeStats;
}

/**
 * Which chrome blocks go into which of `gaps` places of one page: none for 1 − rate of the pages (and no random
 * draw at all when chrome is off, so such builds are byte-identical to builds without the option), else 1–3.
 */
export function planArticleChrome(o: ArticleChromeOptions | undefined, gaps: number, ctx: ChromeContext): Array<{ gap: number; block: ChromeBlock }> {
  if (!o || !(o.rate > 0) || gaps <= 0) return [];
  if (o.stats) o.stats.pages++;
  if (o.rng() >= o.rate) return [];
  const n = 1 + Math.floor(o.rng() * 3);
  const out = Array.from({ length: n }, () => ({ gap: Math.floor(o.rng() * gaps), block: o.generator.next(ctx) }));
  out.sort((a, b) => a.gap - b.gap);
  if (o.stats) {
    o.stats.chromePages++;
    for (const p of out) o.stats.add(p.block);
  }
  return out;
}

/**
 * A real page with chrome blocks inserted right after some of its article blocks (never after the last one, so
 * they sit inside the article region): role main, not article text, their own category; `chromeBlocks` lists
 * them so vital ranges laid over a whole section leave them out. Offsets after an insertion shift, and every
 * range computed from the returned page (sentences, sections) is exact in it.
 */
export function insertArticleChrome(page: AnalyzedPage, o: ArticleChromeOptions | undefined, ctx: ChromeContext): AnalyzedPage {
  const articleBlocks = page.article.flatMap((a, i) => (a ? [i] : []));
  const after = articleBlocks.slice(0, -1);
  const plan = planArticleChrome(o, after.length, ctx);
  if (plan.length === 0) return page;
  const { doc } = page;
  const byBlock = new Map<number, ChromeBlock[]>();
  for (const p of plan) {
    const i = after[p.gap]!;
    byBlock.set(i, [...(byBlock.get(i) ?? []), p.block]);
  }
  const pieces: string[] = [];
  const blocks: Block[] = [];
  const article: boolean[] = [];
  const categories: number[] = [];
  const wasChrome = new Set(page.chromeBlocks ?? []);
  const chromeBlocks: number[] = [];
  let copied = 0;
  let shift = 0;
  doc.blocks.forEach((b, i) => {
    if (wasChrome.has(i)) chromeBlocks.push(blocks.length);
    blocks.push({ ...b, start: b.start + shift, end: b.end + shift });
    article.push(page.article[i]!);
    categories.push(page.categories[i]!);
    for (const c of byBlock.get(i) ?? []) {
      // Text up to the end of block i, then "\n" + the chrome line; the original separator follows it.
      pieces.push(doc.text.slice(copied, b.end));
      copied = b.end;
      const start = b.end + shift + 1;
      const block: Block = { start, end: start + c.text.length, kind: c.kind, role: "main" };
      if (c.linkDensity) block.linkDensity = c.linkDensity;
      pieces.push(`\n${c.text}`);
      shift += c.text.length + 1;
      chromeBlocks.push(blocks.length);
      blocks.push(block);
      article.push(false);
      categories.push(c.cat);
    }
  });
  pieces.push(doc.text.slice(copied));
  return { ...page, doc: { ...doc, text: pieces.join(""), blocks }, article, categories, chromeBlocks };
}
