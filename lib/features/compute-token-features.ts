import { bm25Idf, bm25Score, countDocumentFrequencies, queryTermFrequencies } from "../engine/scorers/bm25";
import { tokenizeTerms } from "../engine/scorers/tokenize-terms";
import type { CanonicalDoc, Sentence } from "../text/types";
import type { Encoding } from "../tokenizer/wordpiece";
import { FEATURE_COUNT, FEATURE_INDEX as F } from "./feature-spec";
import { runSteps } from "../run-steps";
import type { SectionMode } from "./section-mode";
import { isPlainDocument, MAX_SECTIONS, namesDocument } from "./split-sections";
import { findTitleMentions, titleCore } from "./title-mentions";

export type { SectionMode } from "./section-mode";

/** One result of the set, as the engine prepared it. */
export interface FeatureDoc {
  doc: CanonicalDoc;
  units: readonly Sentence[];
  /** The result's title (given with the result, else the page's <title>): bridges between results. */
  title?: string;
  /** A section's document title (sections of one document as a result set): matched against the query too. */
  parentTitle?: string;
}

export interface ComputeTokenFeaturesOptions {
  query: string;
  results: readonly FeatureDoc[];
  /** Model-tokenizer encoding of each result's canonical text (same order as `results`). */
  encodings: readonly Encoding[];
  /** Model-tokenizer encoding of the query. */
  queryEncoding: Encoding;
  /**
   * Section mode (models whose config has `features.sections`): a single document with headings has its
   * heading-led sections taken as the result set for the result-level features (result rank and title, bridges
   * between titles), as a multi-result set has its results. A long paper or article is then structured the way
   * the model sees a set of titled paragraphs. `"plain"`: only for a document without page chrome (every block's
   * role is main and none is a link list: a paper, a report, a markdown file), never for a web page's menus.
   */
  sections?: SectionMode;
}

const STEM = 5;
const ROLE: Record<string, number> = { main: 1, navigation: 2, header: 3, footer: 4, aside: 5, form: 6, comment: 7 };
const KIND: Record<string, number> = { paragraph: 3, "list-item": 4, "table-row": 5, code: 6, quote: 7 };
const HAS_WORD_CHAR = /[\p{L}\p{N}]/u;
const CJK_CHAR = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;

interface UnitInfo {
  raw: number;
  coverage: number;
  terms: number;
  /** Indexes of other results whose title this unit names. */
  mentions: number[];
}

/**
 * Per result, a [tokens × FEATURE_COUNT] matrix (row-major Uint8Array) of the features in FEATURE_SPEC. The ONE
 * function that builds model inputs beyond token ids, for training windows and for serving alike: statistics are
 * always taken over the whole result set the model is asked about, so what the model saw in training is what it
 * gets in production.
 */
export function computeTokenFeatures(opts: ComputeTokenFeaturesOptions): Uint8Array[] {
  return runSteps(computeTokenFeaturesSteps(opts));
}

/**
 * The same computation as steps: yields every few thousand units / tens of thousands of tokens, so a server can
 * give the event loop back while a 5 MB page is being prepared (runStepsAsync) and other requests stay responsive.
 */
export function* computeTokenFeaturesSteps(opts: ComputeTokenFeaturesOptions): Generator<void, Uint8Array[]> {
  const base = yield* computeSetFeaturesSteps(opts);
  if (!opts.sections || opts.results.length !== 1) return base;
  // A web page's headings are its chrome's as much as the article's, and a query naming the document asks for all
  // of it: "plain" leaves both as the model was trained.
  const only = opts.results[0]!;
  if (opts.sections === "plain" && (!isPlainDocument(only.doc) || namesDocument(opts.query, only.title ?? only.doc.title))) return base;
  const split = sectionFeatureDocs(only, opts.encodings[0]!);
  if (!split) return base;
  const sec = yield* computeSetFeaturesSteps({ ...opts, results: split.docs, encodings: split.encodings });
  const out = base[0]!;
  // Only the result-level columns come from the sections; every unit and block feature stays the document's.
  split.ranges.forEach(([t0], k) => {
    const rows = sec[k]!;
    const n = rows.length / FEATURE_COUNT;
    for (let t = 0; t < n; t++) {
      const to = (t0 + t) * FEATURE_COUNT;
      const from = t * FEATURE_COUNT;
      for (const c of [F.resultRank, F.resultTitle, F.resultBridgeIn, F.unitBridge]) out[to + c] = rows[from + c]!;
      if (rows[from + F.tokenMatch] === 5 && out[to + F.tokenMatch] === 1) out[to + F.tokenMatch] = 5;
    }
  });
  return base;
}

/**
 * A single document's heading-led sections as a result set: the text before the first heading, then one section per
 * heading (its title), each with the units and tokens that start inside it. Undefined below two headings.
 */
function sectionFeatureDocs(
  r: FeatureDoc,
  enc: Encoding,
): { docs: FeatureDoc[]; encodings: Encoding[]; ranges: Array<[number, number]> } | undefined {
  const heads = r.doc.blocks.filter((b) => b.kind === "heading");
  if (heads.length < 2 || heads.length > MAX_SECTIONS) return undefined;
  const bounds: Array<{ start: number; title?: string }> = [];
  if (heads[0]!.start > 0) bounds.push({ start: 0, ...((r.title ?? r.doc.title) ? { title: (r.title ?? r.doc.title)! } : {}) });
  for (const h of heads) bounds.push({ start: h.start, title: r.doc.text.slice(h.start, h.end) });
  const docs: FeatureDoc[] = [];
  const encodings: Encoding[] = [];
  const ranges: Array<[number, number]> = [];
  let t = 0;
  bounds.forEach((b, k) => {
    const end = k + 1 < bounds.length ? bounds[k + 1]!.start : Infinity;
    const t0 = t;
    while (t < enc.ids.length && enc.starts[t]! < end) t++;
    const parentTitle = r.title ?? r.doc.title;
    docs.push({
      doc: r.doc,
      units: r.units.filter((u) => u.start >= b.start && u.start < end),
      ...(b.title ? { title: b.title } : {}),
      ...(parentTitle ? { parentTitle } : {}),
    });
    encodings.push({
      ids: enc.ids.slice(t0, t),
      starts: enc.starts.slice(t0, t),
      ends: enc.ends.slice(t0, t),
      wordIds: enc.wordIds.slice(t0, t),
      words: enc.words,
    });
    ranges.push([t0, t]);
  });
  return { docs, encodings, ranges };
}

function* computeSetFeaturesSteps(opts: ComputeTokenFeaturesOptions): Generator<void, Uint8Array[]> {
  const { results, encodings } = opts;
  const qTerms = [...new Set(tokenizeTerms(opts.query))];
  const qIndex = new Map(qTerms.map((t, i) => [t, i]));

  // Titles and the results each unit names (bridge entities between results).
  const cores = results.map((r) => titleCore(r.title ?? r.doc.title));
  const coreTerms = cores.map((c) => (c ? [...new Set(tokenizeTerms(c))] : []));
  // A unit's terms are only ever looked up among the titles' terms: each unit keeps just those.
  const anyCoreTerm = new Set(coreTerms.flat());

  // Unit statistics: query-term frequencies, lengths, document frequencies over every unit of the set.
  const unitTf: Float64Array[][] = [];
  const unitLen: number[][] = [];
  const unitTermSets: Set<string>[][] = [];
  const df = new Float64Array(qTerms.length);
  let work = 0;
  let nUnits = 0;
  let totalLen = 0;
  for (const r of results) {
    const tfs: Float64Array[] = [];
    const lens: number[] = [];
    const sets: Set<string>[] = [];
    for (const u of r.units) {
      if (++work % 2000 === 0) yield;
      const terms = tokenizeTerms(r.doc.text.slice(u.start, u.end));
      const tf = queryTermFrequencies(terms, qIndex);
      countDocumentFrequencies(df, tf);
      tfs.push(tf);
      lens.push(terms.length);
      sets.push(new Set(results.length > 1 ? terms.filter((t) => anyCoreTerm.has(t)) : []));
      nUnits++;
      totalLen += terms.length;
    }
    unitTf.push(tfs);
    unitLen.push(lens);
    unitTermSets.push(sets);
  }
  const avgLen = nUnits > 0 ? totalLen / nUnits : 1;
  // BM25 as the baseline scorer computes it (lib/engine/scorers/bm25.ts): the one formula.
  const idf = bm25Idf(df, nUnits);
  const idfTotal = idf.reduce((a, b) => a + b, 0);

  const units: UnitInfo[][] = results.map((r, i) =>
    r.units.map((u, k) => {
      const tf = unitTf[i]![k]!;
      let covered = 0;
      for (let q = 0; q < tf.length; q++) if (tf[q]! > 0) covered += idf[q]!;
      const mentions: number[] = [];
      if (results.length > 1) {
        const set = unitTermSets[i]![k]!;
        cores.forEach((core, j) => {
          if (j === i || !core) return;
          const terms = coreTerms[j]!;
          // Every title term, or a name's first and last ("Otto Frisch" for "Otto Robert Frisch").
          const all = terms.length > 0 && terms.every((t) => set.has(t));
          const ends = terms.length >= 3 && set.has(terms[0]!) && set.has(terms[terms.length - 1]!);
          if (all || ends) mentions.push(j);
        });
      }
      return {
        raw: bm25Score(tf, unitLen[i]![k]!, avgLen, idf),
        coverage: idfTotal > 0 ? covered / idfTotal : 0,
        terms: unitLen[i]![k]!,
        mentions,
      };
    }),
  );
  let maxRaw = 0;
  const ranked: number[] = [];
  for (const list of units) for (const u of list) if (u.raw > 0) ranked.push(u.raw);
  for (const s of ranked) if (s > maxRaw) maxRaw = s;
  ranked.sort((a, b) => b - a);
  const rankOf = (raw: number): number => {
    if (raw <= 0) return 1;
    // Ties share the best rank: binary search for the first score ≤ raw.
    let lo = 0;
    let hi = ranked.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ranked[mid]! > raw) lo = mid + 1;
      else hi = mid;
    }
    const rank = lo + 1;
    return rank === 1 ? 2 : rank === 2 ? 3 : rank === 3 ? 4 : rank <= 5 ? 5 : rank <= 10 ? 6 : rank <= 20 ? 7 : 8;
  };

  // Result-level BM25: each result's whole text is one document among the results.
  const resultRaw = results.map((r, i) => {
    const tf = new Float64Array(qTerms.length);
    let len = 0;
    unitTf[i]!.forEach((u, k) => {
      for (let q = 0; q < tf.length; q++) tf[q]! += u[q]!;
      len += unitLen[i]![k]!;
    });
    return { tf, len };
  });
  const rDf = new Float64Array(qTerms.length);
  for (const r of resultRaw) countDocumentFrequencies(rDf, r.tf);
  const rIdf = bm25Idf(rDf, results.length);
  const rAvg = resultRaw.reduce((a, r) => a + r.len, 0) / Math.max(1, results.length);
  const rScores = resultRaw.map((r) => bm25Score(r.tf, r.len, rAvg, rIdf));
  const rOrder = rScores.map((s, i) => [s, i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  const rRank = new Array<number>(results.length).fill(1);
  if (results.length > 1) {
    rOrder.forEach(([s, i], k) => {
      const rank = s > 0 ? k + 1 : 11;
      rRank[i] = rank === 1 ? 2 : rank === 2 ? 3 : rank === 3 ? 4 : rank === 4 ? 5 : rank <= 10 ? 6 : 7;
    });
  }
  const qSet = new Set(qTerms);
  const titleMatch = (terms: readonly string[]) => {
    if (terms.length === 0) return 1;
    const shared = terms.filter((t) => qSet.has(t)).length;
    return shared === 0 ? 2 : shared / terms.length >= 0.8 ? 4 : 3;
  };
  const rTitle = coreTerms.map((terms, j) => {
    const parent = titleCore(results[j]!.parentTitle);
    return Math.max(titleMatch(terms), parent ? titleMatch([...new Set(tokenizeTerms(parent))]) : 1);
  });
  const relevant = results.map((_, j) => rRank[j]! === 2 || rRank[j]! === 3 || rTitle[j]! >= 3);
  const bridgeIn = results.map((_, j): number => (results.length > 1 && cores[j] ? 2 : 1));
  units.forEach((list, i) =>
    list.forEach((u) => {
      for (const j of u.mentions) {
        const rank = rankOf(u.raw);
        const strong = (rank >= 2 && rank <= 4) || rRank[i] === 2;
        bridgeIn[j] = Math.max(bridgeIn[j]!, strong ? 4 : 3);
      }
    }),
  );

  // Token-level query match, decided once per distinct word.
  const qWords = new Set(opts.queryEncoding.words.filter((w) => HAS_WORD_CHAR.test(w)));
  const qStems = new Set([...qWords].filter((w) => w.length >= STEM).map((w) => w.slice(0, STEM)));
  const commonTerm = (t: string | undefined) => {
    const i = t === undefined ? undefined : qIndex.get(t);
    return i !== undefined && df[i]! >= 3 && df[i]! / Math.max(1, nUnits) > 0.3;
  };

  // Each distinct word is decided once (matchOfWord below), so its term needs no cache of its own.
  const nonCjkWordMatch = (w: string): number => {
    if (!HAS_WORD_CHAR.test(w)) return 1;
    const t = tokenizeTerms(w)[0];
    if (qWords.has(w) || (t !== undefined && qSet.has(t))) return commonTerm(t) ? 3 : 2;
    if (w.length >= STEM && qStems.has(w.slice(0, STEM))) return 4;
    return 1;
  };
  const matchOfWord = new Map<string, number>();

  const seenBlocks = new Set<string>();
  const outputs: Uint8Array[] = [];
  for (let i = 0; i < results.length; i++) {
    const r = results[i]!;
    const enc = encodings[i]!;
    const n = enc.ids.length;
    const out = new Uint8Array(n * FEATURE_COUNT);
    const text = r.doc.text;
    const blocks = r.doc.blocks;

    // Block features.
    const blockTerms = new Array<number>(blocks.length).fill(0);
    r.units.forEach((u, k) => {
      if (u.block >= 0 && u.block < blocks.length) blockTerms[u.block]! += unitLen[i]![k]!;
    });
    const blockRow = blocks.map((b, k) => {
      const key = text.slice(b.start, b.end).toLowerCase().replace(/\s+/g, " ").trim();
      const dup: number = key.length > 0 && seenBlocks.has(key) ? 2 : 1;
      if (key.length > 0) seenBlocks.add(key);
      const terms = blockTerms[k]!;
      const ld = b.linkDensity ?? 0;
      return {
        role: ROLE[b.role] ?? 1,
        kind: b.kind === "heading" ? ((b.level ?? 1) <= 2 ? 1 : 2) : (KIND[b.kind] ?? 3),
        length: terms <= 2 ? 1 : terms <= 6 ? 2 : terms <= 15 ? 3 : terms <= 30 ? 4 : terms <= 60 ? 5 : 6,
        links: ld <= 0 ? 1 : ld <= 0.25 ? 2 : ld <= 0.5 ? 3 : ld <= 0.8 ? 4 : 5,
        position: 1 + Math.min(9, Math.floor((10 * b.start) / Math.max(1, text.length))),
        dup,
      };
    });
    // Unit features.
    const unitRow = units[i]!.map((u, k) => {
      const unit = r.units[k]!;
      const norm = maxRaw > 0 ? u.raw / maxRaw : 0;
      const prevBlock = k > 0 ? r.units[k - 1]!.block : -1;
      return {
        lexical: u.raw <= 0 ? 1 : 2 + Math.min(6, Math.floor(norm * 7)),
        rank: rankOf(u.raw),
        coverage: u.coverage <= 0 ? 1 : 2 + Math.min(4, Math.floor(u.coverage * 5 - 1e-9)),
        position: k === 0 ? 1 : k === 1 ? 2 : k === 2 ? 3 : k < 10 ? 4 : 5,
        first: unit.block !== prevBlock ? 2 : 1,
        length: u.terms <= 3 ? 1 : u.terms <= 8 ? 2 : u.terms <= 20 ? 3 : u.terms <= 40 ? 4 : 5,
        bridge: u.mentions.length === 0 ? 1 : u.mentions.some((j) => relevant[j]) ? 3 : 2,
      };
    });
    // Character spans naming other results' titles.
    const mentionSpans: Array<[number, number]> = [];
    units[i]!.forEach((u, k) => {
      if (u.mentions.length === 0) return;
      const unit = r.units[k]!;
      for (const j of u.mentions) mentionSpans.push(...findTitleMentions(text, unit.start, unit.end, cores[j]!));
    });
    mentionSpans.sort((a, b) => a[0] - b[0]);

    // Per-word query match: a CJK character's depends on its neighbours, any other word's on the word alone.
    const wordMatch = enc.words.map((w, wid) => {
      const known = matchOfWord.get(w);
      if (known !== undefined) return known;
      if (CJK_CHAR.test(w)) {
        const prev = enc.words[wid - 1];
        const next = enc.words[wid + 1];
        if ((prev && qSet.has(prev + w)) || (next && qSet.has(w + next))) return 2;
        return qWords.has(w) || qSet.has(w) ? 4 : 1;
      }
      const match = nonCjkWordMatch(w);
      matchOfWord.set(w, match);
      return match;
    });

    const resultRank = rRank[i]!;
    const resultTitle = rTitle[i]!;
    const resultBridgeIn = bridgeIn[i]!;
    let u = 0;
    let b = 0;
    let m = 0;
    for (let t = 0; t < n; t++) {
      if (t % 50_000 === 49_999) yield;
      const s = enc.starts[t]!;
      const e = enc.ends[t]!;
      while (u < r.units.length && r.units[u]!.end <= s) u++;
      while (b < blocks.length && blocks[b]!.end <= s) b++;
      while (m < mentionSpans.length && mentionSpans[m]![1] <= s) m++;
      const row = t * FEATURE_COUNT;
      let match = wordMatch[enc.wordIds[t]!] ?? 1;
      if (match === 1 && m < mentionSpans.length && mentionSpans[m]![0] < e) match = 5;
      out[row + F.tokenMatch] = match;
      const unit = r.units[u];
      const uf = unit && unit.start < e ? unitRow[u] : undefined;
      out[row + F.unitLexical] = uf?.lexical ?? 1;
      out[row + F.unitRank] = uf?.rank ?? 1;
      out[row + F.unitCoverage] = uf?.coverage ?? 1;
      out[row + F.unitPosition] = uf?.position ?? 5;
      out[row + F.unitFirstInBlock] = uf?.first ?? 1;
      out[row + F.unitLength] = uf?.length ?? 1;
      out[row + F.unitBridge] = uf?.bridge ?? 1;
      out[row + F.resultRank] = resultRank;
      out[row + F.resultTitle] = resultTitle;
      out[row + F.resultBridgeIn] = resultBridgeIn;
      const block = blocks[b];
      const bf = block && block.start < e ? blockRow[b] : undefined;
      out[row + F.blockRole] = bf?.role ?? 1;
      out[row + F.blockKind] = bf?.kind ?? 3;
      out[row + F.blockLength] = bf?.length ?? 1;
      out[row + F.blockLinks] = bf?.links ?? 1;
      out[row + F.blockPosition] = bf?.position ?? 1;
      out[row + F.blockDuplicate] = bf?.dup ?? 1;
    }
    outputs.push(out);
  }
  return outputs;
}
