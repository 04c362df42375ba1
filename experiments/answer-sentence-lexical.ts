// The lexical parts of answer-sentence-probe.ts: scores rescaled within a result, BM25 over a result set's units with
// any term rule, the question-term → sentence-term associations probe (--probe association) and the Chinese phrase
// probe's scores and terms (--probe phrase).
import type { DevSetName } from "../lib/eval/dev-sets";
import { buildDevSets } from "../lib/eval/dev-sets";
import { bm25Idf, bm25Score, countDocumentFrequencies, queryTermFrequencies } from "../lib/engine/scorers/bm25";
import { CJK_CHAR, tokenizeTerms, WORD } from "../lib/engine/scorers/tokenize-terms";
import type { PreparedResult } from "../lib/engine/types";
import { prepareEvalResults } from "../lib/eval/run-eval";

/** Scores rescaled to [0, 1] within a result (best 1, worst 0; all 0 when equal): blendSimilarity reads relative scores. */
export function rescaleToUnit(xs: readonly number[]): number[] {
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  return xs.map((x) => (hi > lo ? (x - lo) / (hi - lo) : 0));
}

/**
 * Question-term → sentence-term associations learned on the TRAINING split (a translation-model view of answer
 * selection: "when" → a year, "how many" → a number, "population" → "inhabitants"). For each question term q and
 * sentence term t, a Bernoulli log-odds of t appearing in an evidence unit rather than in another unit of the same
 * result, given q in the question, shrunk towards 0 by its count. Sentence terms include word classes (<year>, <num>,
 * <cap>) so answer types are learned, not written. A unit's score is the sum over its (q, t) pairs; rescaled to [0, 1]
 * within the result.
 */
const YEAR_RE = /^(1[0-9]{3}|20[0-9]{2})$/;
function questionTerms(query: string): string[] {
  const terms = tokenizeTerms(query);
  const out = new Set(terms);
  if (terms.length >= 2) out.add(`${terms[0]}_${terms[1]}`);
  return [...out];
}
function sentenceTerms(text: string): Set<string> {
  const out = new Set(tokenizeTerms(text));
  let first = true;
  for (const m of text.matchAll(WORD)) {
    const w = m[0];
    if (YEAR_RE.test(w)) out.add("<year>");
    else if (/\p{N}/u.test(w)) out.add("<num>");
    else if (!first && /^\p{Lu}/u.test(w)) out.add("<cap>");
    first = false;
  }
  return out;
}
export async function fitAssociations(o: {
  dataDir: string;
  trainSets: readonly string[];
  trainQueries: number;
}): Promise<(query: string, r: PreparedResult) => number[]> {
  const train = await buildDevSets({
    dataDir: o.dataDir,
    split: "train" as never,
    names: o.trainSets as DevSetName[],
    maxQueries: o.trainQueries,
  });
  // Pass 1: which question terms and sentence terms are frequent enough to learn an association for (the pairs of all
  // terms exceed a Map's size): question terms in >= 25 questions, sentence terms in >= 30 units, and the word classes.
  type Item = { qs: string[]; units: { ts: Set<string>; y: boolean }[] };
  const items: Item[] = [];
  const qDf = new Map<string, number>();
  const tDf = new Map<string, number>();
  const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  for (const set of train) {
    for (const ex of set.examples) {
      const qs = questionTerms(ex.query);
      for (const q of qs) bump(qDf, q);
      for (const r of prepareEvalResults(ex)) {
        const ev = ex.evidence.filter((e) => e.resultId === r.id);
        const y = r.units.map((u) => ev.some((e) => e.start < u.end && e.end > u.start));
        if (!y.includes(true) || !y.includes(false) || r.units.length > 40) continue;
        const units = r.units.map((u, i) => ({ ts: sentenceTerms(r.doc.text.slice(u.start, u.end)), y: y[i]! }));
        for (const u of units) for (const t of u.ts) bump(tDf, t);
        items.push({ qs, units });
      }
    }
    console.log(`associations: ${set.name} ${set.examples.length} queries`);
  }
  const pos = new Map<string, number>();
  const neg = new Map<string, number>();
  const nPos = new Map<string, number>();
  const nNeg = new Map<string, number>();
  for (const { qs, units } of items) {
    const kq = qs.filter((q) => (qDf.get(q) ?? 0) >= 25);
    for (const u of units) {
      const kt = [...u.ts].filter((t) => t.startsWith("<") || (tDf.get(t) ?? 0) >= 30);
      for (const q of kq) {
        bump(u.y ? nPos : nNeg, q);
        for (const t of kt) bump(u.y ? pos : neg, `${q}\u0001${t}`);
      }
    }
  }
  const lists = items.length;
  const A = new Map<string, number>();
  const a = 0.5;
  for (const key of new Set([...pos.keys(), ...neg.keys()])) {
    const p = pos.get(key) ?? 0;
    const n = neg.get(key) ?? 0;
    if (p + n < 5) continue;
    const q = key.slice(0, key.indexOf("\u0001"));
    const lp = Math.log((p + a) / ((nPos.get(q) ?? 0) + 2 * a)) - Math.log((n + a) / ((nNeg.get(q) ?? 0) + 2 * a));
    A.set(key, (lp * (p + n)) / (p + n + 20));
  }
  console.log(`associations: ${lists} result lists, ${A.size} pairs kept`);
  return (query, r) => {
    const qs = questionTerms(query);
    const raw = r.units.map((u) => {
      let s = 0;
      for (const t of sentenceTerms(r.doc.text.slice(u.start, u.end))) for (const q of qs) s += A.get(`${q}\u0001${t}`) ?? 0;
      return s;
    });
    return rescaleToUnit(raw);
  };
}

/** BM25 of every unit of the result set (each unit a document, as computeBm25Scores), terms from `terms`. */
export function lexicalScores(query: string, results: readonly PreparedResult[], terms: (text: string) => string[]): number[][] {
  const qTerms = [...new Set(terms(query))];
  const qIndex = new Map(qTerms.map((t, i) => [t, i]));
  const df = new Float64Array(qTerms.length);
  const units = results.map((r) =>
    r.units.map((u) => {
      const ts = terms(r.doc.text.slice(u.start, u.end));
      const tf = queryTermFrequencies(ts, qIndex);
      countDocumentFrequencies(df, tf);
      return { tf, len: ts.length };
    }),
  );
  const all = units.flat();
  const avg = all.reduce((a, u) => a + u.len, 0) / Math.max(1, all.length);
  const idf = bm25Idf(df, all.length);
  const raw = units.map((list) => list.map((u) => bm25Score(u.tf, u.len, avg, idf)));
  const top = Math.max(1e-9, ...raw.flat());
  return raw.map((list) => list.map((x) => x / top));
}

/** Letters and digits only, NFKC, lowercase (the phrase and wh-anchor probes compare these). */
export const strip = (t: string) =>
  t
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
/** The longest run of characters `a` and `b` share. */
const longestShared = (a: string, b: string): number => {
  // Dynamic programming over a × b, one row at a time (units are short).
  let best = 0;
  let prev = new Uint16Array(b.length + 1);
  let cur = new Uint16Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1]! + 1 : 0;
      if (cur[j]! > best) best = cur[j]!;
    }
    [prev, cur] = [cur, prev];
    cur.fill(0);
  }
  return best;
};
/** The phrase probe: per unit, the longest run of characters it shares with the query (punctuation and spaces dropped). */
export const phrase = (q: string, r: PreparedResult): number[] => {
  const sq = strip(q);
  return rescaleToUnit(r.units.map((u) => longestShared(sq, strip(r.doc.text.slice(u.start, u.end)))));
};
/** Terms for BM25 over character bigrams and trigrams (CJK words; other words as tokenizeTerms reads them). */
export const characterGramTerms = (text: string): string[] => {
  const out: string[] = [];
  for (const m of text.normalize("NFKC").toLowerCase().matchAll(WORD)) {
    const w = m[0];
    if (!CJK_CHAR.test(w)) {
      out.push(...tokenizeTerms(w));
      continue;
    }
    const cs = [...w];
    for (let i = 0; i + 2 < cs.length; i++) out.push(cs[i]! + cs[i + 1]! + cs[i + 2]!);
    for (let i = 0; i + 1 < cs.length; i++) out.push(cs[i]! + cs[i + 1]!);
  }
  return out;
};
