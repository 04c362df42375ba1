import { tokenizeTerms } from "../../engine/scorers/tokenize-terms";
import type { Rng } from "../synthesize-page";
import type { QaArticle } from "./qa-articles";

/** Document frequencies of terms over a corpus of paragraphs: which words are salient. */
export class TermStats {
  private df = new Map<string, number>();
  private n = 0;

  add(text: string): void {
    this.n++;
    for (const t of new Set(tokenizeTerms(text))) this.df.set(t, (this.df.get(t) ?? 0) + 1);
  }

  idf(term: string): number {
    return Math.log(1 + this.n / (1 + (this.df.get(term) ?? 0)));
  }
}

// Stats shared by every builder of one run (set by the CLI before building; a fresh one otherwise).
let shared = new TermStats();
export function setTermStats(stats: TermStats): void {
  shared = stats;
}

/** A key phrase of an article: one or two of its most salient terms (frequent in it, rare elsewhere). */
export function pickKeyPhrase(rng: Rng, article: QaArticle): string | undefined {
  const tf = new Map<string, number>();
  for (const p of article.paragraphs) for (const t of tokenizeTerms(p.doc.text)) tf.set(t, (tf.get(t) ?? 0) + 1);
  const ranked = [...tf]
    .filter(([t]) => t.length >= 2 && !/^\d+$/.test(t))
    .map(([t, n]) => [t, n * shared.idf(t)] as const)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 6);
  if (ranked.length === 0) return undefined;
  const first = ranked[Math.floor(rng() * ranked.length)]![0];
  if (rng() < 0.5 || ranked.length < 2) return first;
  const second = ranked[Math.floor(rng() * ranked.length)]![0];
  return second === first ? first : `${first} ${second}`;
}

/**
 * Inverse-cloze pseudo-query: 2-5 of a sentence's most salient terms, shuffled (a keyword query a user might
 * type for it). Supervision from any text, in any language, beyond the QA sets' questions.
 */
export function pseudoQueryFor(rng: Rng, sentence: string, stats: TermStats = shared): string | undefined {
  const terms = [...new Set(tokenizeTerms(sentence))].filter((t) => t.length >= 2 && !/^\d+$/.test(t));
  if (terms.length < 3) return undefined;
  const ranked = terms.map((t) => [t, stats.idf(t)] as const).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const n = Math.min(ranked.length, 2 + Math.floor(rng() * 4));
  // Sometimes skip the single rarest term, so the query is not always the one unique word.
  const from = rng() < 0.3 && ranked.length > n ? 1 : 0;
  const chosen = ranked.slice(from, from + n).map(([t]) => t);
  for (let i = chosen.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [chosen[i], chosen[j]] = [chosen[j]!, chosen[i]!];
  }
  return chosen.join(" ");
}
