import { segmentSentences } from "../../text/segment-sentences";
import type { Rng } from "../synthesize-page";
import type { AnalyzedPage } from "./analyze-real-page";
import { ArticleChromeGenerator, collectHeadlines } from "./article-chrome";
import { boilerplateFromPage } from "./boilerplate-pool";
import { ArticleChromeStats, type ArticleChromeOptions } from "./insert-article-chrome";
import type { QaArticle } from "./qa-articles";

export interface ArticleChromeForOptions {
  /** Share of pages with chrome; 0 or less: undefined (chrome off, nothing computed or drawn). */
  rate: number;
  rng: Rng;
  /** Real pages of ONE split: their non-article blocks are the real chrome. */
  pages: readonly AnalyzedPage[];
  /** Articles of the same split: their titles and short first sentences are the other stories' headlines. */
  articles: readonly QaArticle[];
  /** Tokens of a text, for the counts per category. */
  measure?: (text: string) => number;
}

/** The chrome options of one split's build, from that split's pages and articles only. */
export function articleChromeFor(o: ArticleChromeForOptions): ArticleChromeOptions | undefined {
  if (!(o.rate > 0)) return undefined;
  const pool = o.pages.flatMap((p) => {
    const bp = boilerplateFromPage(p);
    return [...bp.top, ...bp.middle, ...bp.bottom].map((block) => ({ lang: p.lang, block }));
  });
  const headlines = collectHeadlines([
    ...o.articles.map((a) => {
      const first = a.paragraphs[0]?.doc;
      const s = first ? segmentSentences(first, { locale: a.lang })[0] : undefined;
      return { lang: a.lang, title: a.title, ...(first && s ? { firstSentence: first.text.slice(s.start, s.end) } : {}) };
    }),
    // A page without a declared language gives no headline: its title may be in any language.
    ...o.pages.flatMap((p) => (p.title && p.lang ? [{ lang: p.lang, title: p.title }] : [])),
  ]);
  return { rate: o.rate, rng: o.rng, generator: new ArticleChromeGenerator({ pool, headlines }, o.rng), stats: new ArticleChromeStats(o.measure) };
}
