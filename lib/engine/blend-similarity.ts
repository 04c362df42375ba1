// Client-safe and pure.
import type { AnswerGate, DocumentTier, PassageTier, SimilarityBlend, SimilarityContext, SimilarityStage } from "./profile";

/**
 * Only a result of at most this many units (a passage, a search snippet, one paragraph) is blended. Inside a long
 * document the model's scores carry which section answers, and word similarity pulled in units of other sections
 * (validation: one 10-paragraph document per HotpotQA question 0.813 → 0.707 answer kept at 200 tokens, questions
 * inside 5k-token pages 0.890 → 0.878), while on passages it helped (real search queries 0.461 → 0.478).
 */
export const SIMILARITY_MAX_UNITS = 12;

/** Whether a result of `units` units is blended with its similarity (at most `maxUnits`, SIMILARITY_MAX_UNITS by default). */
export function blendsSimilarity(units: number, maxUnits = SIMILARITY_MAX_UNITS): boolean {
  return units > 0 && units <= maxUnits;
}

/**
 * A result's unit scores with `similarity` (another ranking of the same units, any scale) mixed in at `weight`: the
 * similarity is first rescaled to the result's best score, and the mix is rescaled so the best unit keeps the best
 * score. So the order of the units inside the result changes while the result's best score — what thresholds, the
 * fallback floor and the ranking across results read — stays the model's. `mix`: added, as a share of the result's
 * best score, so a unit the model scored low (chrome, a caption) can rise to `weight` × the best when it resembles the
 * query. `scale`: each score is multiplied by (1 − weight + weight × similarity), so the similarity reorders what the
 * model already keeps and a unit the model scored near 0 stays near 0. `rank`: the units are ordered as `mix` orders
 * them, and the model's own scores are handed out in that order (the best to the first), so the similarity chooses
 * which units a result keeps and the model's scores still decide how many. `interleave`: as `rank`, but the order
 * takes turns between the model's ranking and the similarity's (a weighted round robin, each turn its ranking's best
 * unit not yet taken), so a budget holds the model's best units and the similarity's best ones both.
 */
export function blendSimilarity(scores: readonly number[], similarity: readonly number[], weight: number, mode: SimilarityBlend = "mix"): number[] {
  let best = 0;
  for (const s of scores) if (s > best) best = s;
  let top = 0;
  for (const s of similarity) if (s > top) top = s;
  if (best === 0 || top === 0 || weight <= 0) return scores.slice();
  if (mode === "interleave") return interleaveScores(scores, similarity, weight);
  const mixed =
    mode === "scale"
      ? scores.map((s, i) => s * (1 - weight + (weight * similarity[i]!) / top))
      : scores.map((s, i) => (1 - weight) * s + (weight * best * similarity[i]!) / top);
  if (mode === "rank") {
    // Ties keep the model's order (then the document's), so equal blends do not reshuffle the model's ranking.
    const order = scores.map((_, i) => i).sort((a, b) => mixed[b]! - mixed[a]! || scores[b]! - scores[a]! || a - b);
    const values = [...scores].sort((a, b) => b - a);
    const out = new Array<number>(scores.length);
    order.forEach((unit, k) => (out[unit] = values[k]!));
    return out;
  }
  let mixedTop = 0;
  for (const s of mixed) if (s > mixedTop) mixedTop = s;
  return mixed.map((s) => (s * best) / mixedTop);
}

/**
 * `interleave`: the model's scores handed out in the order of a weighted round robin between the two rankings, each
 * turn taking its ranking's best unit not yet taken (weight: the similarity's share of the turns; a tie goes to the
 * model).
 */
function interleaveScores(scores: readonly number[], similarity: readonly number[], weight: number): number[] {
  const n = scores.length;
  const byModel = scores.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b);
  const bySimilarity = scores.map((_, i) => i).sort((a, b) => similarity[b]! - similarity[a]! || scores[b]! - scores[a]! || a - b);
  const w = Math.min(1, weight);
  const taken = new Array<boolean>(n).fill(false);
  const order: number[] = [];
  let m = 0;
  let s = 0;
  let modelTurns = 0;
  let similarityTurns = 0;
  while (order.length < n) {
    const similarityNext = w >= 1 || similarityTurns / w < modelTurns / (1 - w);
    const list = similarityNext ? bySimilarity : byModel;
    let k = similarityNext ? s : m;
    while (taken[list[k]!]) k++;
    taken[list[k]!] = true;
    order.push(list[k]!);
    if (similarityNext) {
      s = k + 1;
      similarityTurns++;
    } else {
      m = k + 1;
      modelTurns++;
    }
  }
  const values = [...scores].sort((a, b) => b - a);
  const out = new Array<number>(n);
  order.forEach((unit, k) => (out[unit] = values[k]!));
  return out;
}

/** The factor an answer gate puts on a passage's scores, from its units' raw cosines. 1: the gate lets it through. */
export function answerGateFactor(gate: AnswerGate | undefined, cosines: readonly number[]): number {
  if (!gate || cosines.length === 0) return 1;
  let best = -Infinity;
  for (const c of cosines) if (c > best) best = c;
  return best < gate.cosine ? gate.scale : 1;
}

/** Each unit's paragraph, counted from 0: a newline between two units starts a new one (as the encoder's context reads it). */
export function unitParagraphs(text: string, units: ReadonlyArray<{ start: number; end: number }>): number[] {
  let p = 0;
  return units.map((u, j) => (j > 0 && text.slice(units[j - 1]!.end, u.start).includes("\n") ? ++p : p));
}

/** Raw cosines rescaled within a result to [0, 1] (best 1, worst 0; all 0 when equal): the blends read the order. */
export function rescaleToUnit(xs: readonly number[]): number[] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const x of xs) {
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  return xs.map((x) => (hi > lo ? (x - lo) / (hi - lo) : 0));
}

export interface SimilarityBlendChoice {
  weight: number;
  blend: SimilarityBlend;
  /** Whether the result blends as a passage (the `passage` tier): its similarity may come from another encoder. */
  passage: boolean;
  /** Whether it blends as a single long document (the `document` tier): its similarity may come from another encoder. */
  document?: true;
  /** The passage tier's answer gate, when it has one. */
  gate?: AnswerGate;
  /** The sentence encoder its tier reads (a folder under models/; absent: `sentence-encoder`). */
  encoder?: string;
  /** How its tier reads a unit with the one before it (absent: alone). */
  context?: SimilarityContext;
}

/**
 * How a result of `units` units, in a result set of `results` parts, blends its similarity under a profile's
 * similarity stage: the `passage` tier for a passage of at most its `maxUnits` units in a set of at most its
 * `maxResults` results, the `document` tier for any other result that is the set's only part (`results` 1: see
 * countSimilarityParts) and whose title the query is not made of (`namesTitle`: a broad query, the whole document on
 * topic, asks for no one sentence), else the stage's `weight` and `blend`; undefined when it is not blended (no
 * stage, no weight, or more than `maxUnits` units). The server's similarity (which encoder reads which result) and
 * the blend in scoreResultUnits both follow it.
 */
export function similarityBlendFor(
  similarity: SimilarityStage | undefined,
  units: number,
  results: number,
  namesTitle = false,
): SimilarityBlendChoice | undefined {
  if (!similarity?.weight || !blendsSimilarity(units, similarity.maxUnits)) return undefined;
  const tierOf = (tier: PassageTier | DocumentTier) => ({
    ...(tier.encoder ? { encoder: tier.encoder } : {}),
    ...(tier.context ? { context: tier.context } : {}),
  });
  const passage = similarity.passage;
  if (passage && units <= passage.maxUnits && results <= (passage.maxResults ?? Infinity))
    return passage.weight > 0
      ? { weight: passage.weight, blend: passage.blend, passage: true, ...(passage.gate ? { gate: passage.gate } : {}), ...tierOf(passage) }
      : undefined;
  const document = similarity.document;
  if (document && results === 1 && !namesTitle)
    return document.weight > 0 ? { weight: document.weight, blend: document.blend, passage: false, document: true, ...tierOf(document) } : undefined;
  return { weight: similarity.weight, blend: similarity.blend ?? "mix", passage: false };
}
