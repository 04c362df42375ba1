import type { Rng } from "../synthesize-page";
import type { PoolBlock } from "./boilerplate-pool";
import { AGENCIES, EN, LANGS, int, pad, pick, type Fill, type Kind, type Lang } from "./article-chrome-templates";
import { CAT } from "./categories";

export { CHROME_TEMPLATE_LANGS } from "./article-chrome-templates";

/**
 * Chrome that real pages put between the paragraphs of the article itself (issue 30): cookie notices, newsletter
 * forms and their errors, social calls, author blurbs, captions and credits, bylines and update stamps, share
 * counts, teasers of other stories, pull quotes. Synthetic pages had chrome only around the article, so the model
 * kept these on real pages. Each block knows its category (never vital).
 */
export interface ChromeBlock {
  text: string;
  cat: number;
  kind: "paragraph" | "list-item";
  linkDensity?: number;
  /** "pool" (a real training page's block) or the template kind ("cookie", "teaser", …). */
  source: string;
}

/** Where chrome comes from: real non-article blocks of training pages and headlines of training articles. */
export interface ArticleChromeSources {
  /** Real boilerplate blocks of the TRAINING Readability pages, with the page's language. */
  pool: ReadonlyArray<{ lang?: string; block: PoolBlock }>;
  /** Headlines of other stories (training titles / short first sentences), by language. */
  headlines: Readonly<Record<string, readonly string[]>>;
}

/** What the page around the chrome offers: its language, its own sentences (pull quotes), its own title. */
export interface ChromeContext {
  lang: string;
  /** Sentences of the page's article (a pull quote repeats one: duplicate); lazy, computed only when needed. */
  own?: () => readonly string[];
  /** The page's own headline: a teaser never shows it. */
  title?: string;
}

const KIND_CAT: Record<Kind, number> = {
  cookie: CAT.ui_navigation,
  newsletter: CAT.ads,
  "form-error": CAT.ui_navigation,
  social: CAT.ui_navigation,
  promo: CAT.ads,
  author: CAT.metadata,
  caption: CAT.metadata,
  byline: CAT.metadata,
  share: CAT.metadata,
  teaser: CAT.off_topic,
};
const KIND_WEIGHT: Array<[Kind, number]> = [
  ["cookie", 1],
  ["newsletter", 1],
  ["form-error", 0.6],
  ["social", 1],
  ["promo", 0.6],
  ["author", 0.8],
  ["caption", 1.2],
  ["byline", 1.2],
  ["share", 0.8],
  ["teaser", 1.6],
];

/** Share counts as sites print them: "438.3k", "12,431", "1.2M", "89". */
function shareCount(rng: Rng): string {
  const r = rng();
  if (r < 0.35) return `${int(rng, 1, 999)}.${int(rng, 0, 9)}k`;
  if (r < 0.5) return `${int(rng, 1, 9)}.${int(rng, 0, 9)}M`;
  if (r < 0.75) return `${int(rng, 1, 99)},${String(int(rng, 0, 999)).padStart(3, "0")}`;
  return String(int(rng, 2, 999));
}

/** Real chrome texts are short; a pool block longer than this reads as content, not chrome. */
const MAX_POOL_CHARS = 300;

/**
 * Makes in-article chrome blocks, seeded: a real non-article block of a training page (same language when there is
 * one; `poolShare` of the time) or a template of one of the kinds above, filled with varied names, dates, numbers,
 * handles and headlines of other training stories; a pull quote (duplicate) when the page's sentences are given.
 */
export class ArticleChromeGenerator {
  private readonly pool = new Map<string, PoolBlock[]>();
  private readonly totalWeight = KIND_WEIGHT.reduce((s, [, w]) => s + w, 0);

  constructor(
    private readonly sources: ArticleChromeSources,
    private readonly rng: Rng,
    private readonly opts: { poolShare?: number; pullQuoteShare?: number } = {},
  ) {
    for (const { lang, block } of sources.pool) {
      const text = block.input.text.trim();
      if (text.length < 2 || text.length > MAX_POOL_CHARS || block.cat === CAT.vital || block.cat === CAT.duplicate) continue;
      const key = (lang ?? "en").split("-")[0]!.toLowerCase();
      const list = this.pool.get(key) ?? [];
      list.push(block);
      this.pool.set(key, list);
    }
  }

  next(ctx: ChromeContext): ChromeBlock {
    const { rng } = this;
    const lang = ctx.lang.split("-")[0]!.toLowerCase();
    if (ctx.own && rng() < (this.opts.pullQuoteShare ?? 0.06)) {
      const sentences = ctx.own().filter((s) => s.length >= 30 && s.length <= 240);
      if (sentences.length > 0) return { text: pick(rng, sentences), cat: CAT.duplicate, kind: "paragraph", source: "pull-quote" };
    }
    // Pages of a language the training pages lack still carry English chrome now and then ("Share", "Advertisement").
    const own = this.pool.get(lang);
    const pool = own ?? this.pool.get("en");
    const poolShare = (this.opts.poolShare ?? 0.35) * (own ? 1 : 0.5);
    if (pool && rng() < poolShare) {
      const b = pick(rng, pool);
      const out: ChromeBlock = {
        text: b.input.text.replace(/\s+/g, " ").trim(),
        cat: b.cat,
        kind: b.input.kind === "list-item" ? "list-item" : "paragraph",
        source: "pool",
      };
      if (b.input.linkDensity) out.linkDensity = b.input.linkDensity;
      return out;
    }
    return this.fromTemplate(lang, ctx.title);
  }

  private fromTemplate(lang: string, title: string | undefined): ChromeBlock {
    const { rng } = this;
    const data = LANGS[lang as Lang] ?? EN;
    let kind = this.pickKind();
    const headlines = (this.sources.headlines[lang] ?? []).filter((h) => h !== title);
    if (kind === "teaser" && headlines.length === 0) kind = "byline";
    const fill: Fill = {
      name: () => data.joinName(pick(rng, data.first), pick(rng, data.last)),
      site: () => pick(rng, data.sites),
      handle: () => `${pick(rng, EN.last).toLowerCase()}${rng() < 0.5 ? "_news" : String(int(rng, 1, 99))}`,
      agency: () => pick(rng, AGENCIES),
      date: () => {
        const d = { y: int(rng, 2009, 2025), m: int(rng, 0, 11), day: int(rng, 1, 28), wd: int(rng, 0, 6) };
        return data.formatDate(rng, d, data);
      },
      time: () => `${pad(int(rng, 0, 23))}:${pad(int(rng, 0, 59))}`,
      count: () => shareCount(rng),
      small: () => String(int(rng, 2, 30)),
      year: () => String(int(rng, 2005, 2020)),
      headline: () => pick(rng, headlines),
    };
    const text = pick(rng, data.templates[kind])(fill);
    const out: ChromeBlock = {
      text,
      cat: KIND_CAT[kind],
      kind: kind === "teaser" || kind === "share" ? (rng() < 0.4 ? "list-item" : "paragraph") : "paragraph",
      source: kind,
    };
    // Teasers and social calls are links on real pages.
    if (kind === "teaser") out.linkDensity = 0.8;
    else if (kind === "social") out.linkDensity = 0.3;
    return out;
  }

  private pickKind(): Kind {
    let r = this.rng() * this.totalWeight;
    for (const [k, w] of KIND_WEIGHT) {
      r -= w;
      if (r < 0) return k;
    }
    return KIND_WEIGHT[KIND_WEIGHT.length - 1]![0];
  }
}

/** A title that reads as a headline: not a slug ("helge-hal-in-blue-hill"), not one word ("NASA"). */
function looksLikeHeadline(s: string): boolean {
  if (/^[\p{L}\p{N}]+(?:[-_][\p{L}\p{N}]+)+$/u.test(s)) return false;
  return (s.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu)?.length ?? 0) >= 4 || s.split(/\s+/).length >= 2;
}

/** Headlines of other stories from article titles and short first sentences (real text of the same language). */
export function collectHeadlines(articles: ReadonlyArray<{ lang: string; title: string; firstSentence?: string }>): Record<string, string[]> {
  const out: Record<string, Set<string>> = {};
  for (const a of articles) {
    const set = (out[a.lang.split("-")[0]!.toLowerCase()] ??= new Set());
    if (looksLikeHeadline(a.title.trim())) set.add(a.title.trim());
    const s = a.firstSentence?.trim();
    if (s && s.length >= 20 && s.length <= 110) set.add(s);
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...v]]));
}
