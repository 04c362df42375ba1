import type { Rng } from "./synthesize-page";
import { shuffled } from "./shuffled";
import type { EvalExample, EvidenceSpan } from "./types";
import { bm25Idf, bm25Score, countDocumentFrequencies } from "../engine/scorers/bm25";
import { tokenizeTerms } from "../engine/scorers/tokenize-terms";
import { docFromCanonicalText } from "../text/doc-from-canonical-text";
import { textToCanonical } from "../text/text-to-canonical";

/**
 * Real search queries over long passages, as a search system hands them over: a query's answering paragraph among
 * paragraphs retrieved for the same query (its own article's other paragraphs first, then the best BM25 matches of
 * the split's other articles), one document of three paragraphs, no title.
 * - "long": every query answerable, the answer paragraph at a random place; scored at a share of the tokens.
 * - "topical": half of the queries get three retrieved paragraphs and no answer (they share the query's words, which
 *   is what makes keeping nothing hard); scored at the model's threshold with no budget.
 * Retrieved paragraphs that contain one of the query's answer strings are never used as distractors.
 */
export type SearchPassageMode = "long" | "topical";

export interface BuildSearchPassageExamplesOptions {
  /** One split of the real search queries (one paragraph each, with evidence and answers). */
  queries: readonly EvalExample[];
  rng: Rng;
  max: number;
  mode: SearchPassageMode;
  /** Paragraphs per passage (default 3). */
  paragraphs?: number;
}

interface Paragraph {
  text: string;
  group: string;
  tf: Map<string, number>;
  len: number;
}

export function buildSearchPassageExamples({ queries, rng, max, mode, paragraphs: size = 3 }: BuildSearchPassageExamplesOptions): EvalExample[] {
  // Evidence offsets point into each result's canonical text.
  const canonical = new Map<EvalExample, string>();
  for (const q of queries) {
    const r = q.results[0];
    if (q.results.length === 1 && r) canonical.set(q, r.doc?.text ?? textToCanonical(r.text ?? "").text);
  }
  const byText = new Map<string, Paragraph>();
  for (const [q, text] of canonical) {
    if (!text || byText.has(text)) continue;
    const tf = new Map<string, number>();
    const terms = tokenizeTerms(text);
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    byText.set(text, { text, group: q.group ?? q.id, tf, len: terms.length });
  }
  const pool = [...byText.values()];
  const avgLen = pool.reduce((a, p) => a + p.len, 0) / Math.max(1, pool.length);
  const candidates = queries.filter((q) => q.evidence.length > 0 && canonical.get(q));
  const out: EvalExample[] = [];
  for (const q of shuffled(rng, candidates)) {
    if (out.length >= max) break;
    const own = canonical.get(q)!;
    const answers = (q.answers ?? []).map((a) => a.toLowerCase().trim()).filter((a) => a.length >= 2);
    const usable = (p: Paragraph) => p.text !== own && !answers.some((a) => p.text.toLowerCase().includes(a));
    const sameArticle = pool.filter((p) => p.group === q.group && usable(p));
    const retrieved = rankByBm25(
      q.query,
      pool.filter((p) => p.group !== q.group && usable(p)),
      avgLen,
    );
    const distractors = [...shuffled(rng, sameArticle), ...retrieved].slice(0, size);
    if (distractors.length < size) continue;
    const answerable = mode === "long" || rng() < 0.5;
    const texts = distractors.map((p) => p.text);
    const at = answerable ? Math.floor(rng() * size) : -1;
    if (answerable) texts.splice(at, 1, own);
    let text = "";
    const evidence: EvidenceSpan[] = [];
    texts.forEach((t, i) => {
      if (text) text += "\n";
      if (i === at) for (const e of q.evidence) evidence.push({ resultId: "doc", start: text.length + e.start, end: text.length + e.end });
      text += t;
    });
    out.push({
      id: `${q.id}:${mode}-${answerable ? "answerable" : "unanswerable"}`,
      query: q.query,
      results: [{ id: "doc", doc: docFromCanonicalText(text), locale: "en" }],
      evidence,
      group: q.group,
      ...(q.answers ? { answers: q.answers } : {}),
    });
  }
  return out;
}

function rankByBm25(query: string, pool: readonly Paragraph[], avgLen: number): Paragraph[] {
  const terms = [...new Set(tokenizeTerms(query))];
  if (terms.length === 0) return [];
  const index = new Map(terms.map((t, i) => [t, i]));
  const df = new Float64Array(terms.length);
  const tfs = pool.map((p) => {
    const tf = new Float64Array(terms.length);
    for (const [t, i] of index) tf[i] = p.tf.get(t) ?? 0;
    countDocumentFrequencies(df, tf);
    return tf;
  });
  const weights = bm25Idf(df, pool.length);
  return pool
    .map((p, i) => ({ p, s: bm25Score(tfs[i]!, p.len, avgLen, weights) }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s)
    .map((x) => x.p);
}
