import type { Rng } from "../../data/synthesize-page";
import type { LabeledDoc } from "../../data/training/page-builder";
import type { QaArticle } from "../../data/training/qa-articles";
import type { CategorySpan, EvidenceSpan } from "../../data/types";
import { SPAN_CATEGORIES } from "../../spans/categories";

/** A labelled page's categories as spans, block by block (per-category figures in eval). */
export function toCategorySpans(resultId: string, doc: LabeledDoc): CategorySpan[] {
  const out: CategorySpan[] = [];
  const cats = doc.categories;
  for (const b of doc.doc.blocks) {
    let s = b.start;
    for (let i = b.start + 1; i <= b.end; i++) {
      if (i === b.end || cats[i] !== cats[s]) {
        const c = cats[s]!;
        if (c < SPAN_CATEGORIES.length) out.push({ resultId, start: s, end: i, category: SPAN_CATEGORIES[c]! });
        s = i;
      }
    }
  }
  return out;
}

/** A labelled page's vital text as evidence spans. */
export function vitalSpans(resultId: string, doc: LabeledDoc): EvidenceSpan[] {
  return toCategorySpans(resultId, doc)
    .filter((c) => c.category === "vital")
    .map(({ resultId: r, start, end }) => ({ resultId: r, start, end }));
}

/** `n` of `xs` at random; all of them, in their order, when `n` covers them (or is absent). */
export function sample<T>(rng: Rng, xs: readonly T[], n: number | undefined): T[] {
  if (n === undefined || xs.length <= n) return [...xs];
  return shuffle(rng, xs).slice(0, n);
}

/** All of `xs` in a random order (`sample` keeps the order when it takes everything). */
export function shuffle<T>(rng: Rng, xs: readonly T[]): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** A long page (~`targetChars`) around one paragraph: consecutive article paragraphs inside real boilerplate. */
export function longPage(rng: Rng, article: QaArticle, p: number, targetChars: number) {
  let from = p;
  let to = p + 1;
  let size = article.paragraphs[p]!.doc.text.length;
  while (size < targetChars && (from > 0 || to < article.paragraphs.length)) {
    if ((rng() < 0.5 && from > 0) || to >= article.paragraphs.length) size += article.paragraphs[--from]!.doc.text.length;
    else size += article.paragraphs[to++]!.doc.text.length;
  }
  return article.paragraphs.slice(from, to);
}
