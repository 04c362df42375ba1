// Client-safe and pure.

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
 * How a similarity enters the unit scores. `mix`: added, as a share of the result's best score, so a unit the model
 * scored low (chrome, a caption) can rise to `weight` × the best when it resembles the query. `scale`: each score is
 * multiplied by (1 − weight + weight × similarity), so the similarity reorders what the model already keeps and a
 * unit the model scored near 0 stays near 0. `rank`: the units are ordered as `mix` orders them, and the model's own
 * scores are handed out in that order (the best to the first), so the similarity chooses which units a result keeps
 * and the model's scores still decide how many: a threshold keeps as many units of the result as before.
 * `interleave`: as `rank`, but the order takes turns between the model's ranking and the similarity's (a weighted
 * round robin, each turn its ranking's best unit not yet taken), so a budget holds the model's best units and the
 * similarity's best ones both.
 */
export type SimilarityBlend = "mix" | "scale" | "rank" | "geometric" | "interleave";

/**
 * A result's unit scores with `similarity` (another ranking of the same units, any scale) mixed in at `weight`: the
 * similarity is first rescaled to the result's best score, and the mix is rescaled so the best unit keeps the best
 * score. So the order of the units inside the result changes while the result's best score — what thresholds, the
 * fallback floor and the ranking across results read — stays the model's.
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
      : mode === "geometric"
        ? scores.map((s, i) => s ** (1 - weight) * ((best * similarity[i]!) / top) ** weight)
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

/** The similarity settings of a profile (SelectionProfile's fields; kept structural so this file stays import-free). */
export interface SimilaritySettings {
  similarityWeight?: number | undefined;
  similarityBlend?: SimilarityBlend | undefined;
  similarityMaxUnits?: number | undefined;
  similarityPassage?:
    | {
        maxUnits: number;
        maxResults?: number | undefined;
        blend: SimilarityBlend;
        weight: number;
        encoder?: string | undefined;
        gate?: AnswerGate | undefined;
      }
    | undefined;
  similarityDocument?: { blend: SimilarityBlend; weight: number; encoder?: string | undefined } | undefined;
}

/**
 * The passage tier's answer gate: a passage whose best unit's cosine to the query (the passage encoder's, raw) is
 * below `cosine` does not look like it answers, and its unit scores above the selection floor are scaled by `scale`
 * towards it (scoreResultUnits). The order inside the passage stands (a budget keeps what it kept); at the model's
 * threshold its best score falls under the fallback floor, so a set of such passages keeps nothing, and in a set of
 * several they rank after the others. A query made of the result's title is not gated (it names the whole result).
 */
export interface AnswerGate {
  cosine: number;
  scale: number;
  /**
   * A passage of several paragraphs is also gated when its best cosine less `others` × the mean of its other
   * paragraphs' best cosines is under `cosine`: paragraphs retrieved with it for the same query are the query's own
   * background, and an answering paragraph stands out of them where unanswering ones lie at the query's level.
   */
  paragraphs?: { others: number; cosine: number } | undefined;
}

/**
 * The factor an answer gate puts on a passage's scores, from its units' raw cosines and, for the paragraph rule,
 * each unit's paragraph (unitParagraphs; without it the passage is one paragraph). 1: the gate lets it through.
 */
export function answerGateFactor(gate: AnswerGate | undefined, cosines: readonly number[], paragraphOf?: readonly number[]): number {
  if (!gate || cosines.length === 0) return 1;
  let best = -Infinity;
  for (const c of cosines) if (c > best) best = c;
  if (best < gate.cosine) return gate.scale;
  if (!gate.paragraphs || !paragraphOf || paragraphOf.length !== cosines.length) return 1;
  const bests = new Map<number, number>();
  cosines.forEach((c, i) => bests.set(paragraphOf[i]!, Math.max(bests.get(paragraphOf[i]!) ?? -Infinity, c)));
  if (bests.size < 2) return 1;
  // The best paragraph against the others (the best one counted once, whichever paragraph holds it).
  const sorted = [...bests.values()].sort((a, b) => b - a);
  const others = sorted.slice(1).reduce((a, c) => a + c, 0) / (sorted.length - 1);
  return best - gate.paragraphs.others * others < gate.paragraphs.cosine ? gate.scale : 1;
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
  /** Whether the result blends as a passage (`similarityPassage`): its similarity may come from another encoder. */
  passage: boolean;
  /** Whether it blends as a single long document (`similarityDocument`): its similarity may come from another encoder. */
  document?: true;
  /** The passage tier's answer gate, when it has one. */
  gate?: AnswerGate;
}

/**
 * How a result of `units` units, in a result set of `results` results, blends its similarity under a profile:
 * `similarityPassage` for a passage of at most its `maxUnits` units in a set of at most its `maxResults` results,
 * `similarityDocument` for any other result that is the set's only part (`results` 1: see countSimilarityParts) and
 * whose title the query is not made of (`namesTitle`: a broad query, the whole document on topic, asks for no one
 * sentence), else `similarityWeight` and `similarityBlend`; undefined when it is not blended (no weight, or more than
 * `similarityMaxUnits` units).
 */
export function similarityBlendFor(
  profile: SimilaritySettings,
  units: number,
  results: number,
  namesTitle = false,
): SimilarityBlendChoice | undefined {
  if (!profile.similarityWeight || !blendsSimilarity(units, profile.similarityMaxUnits)) return undefined;
  const passage = profile.similarityPassage;
  if (passage && units <= passage.maxUnits && results <= (passage.maxResults ?? Infinity))
    return passage.weight > 0
      ? { weight: passage.weight, blend: passage.blend, passage: true, ...(passage.gate ? { gate: passage.gate } : {}) }
      : undefined;
  const document = profile.similarityDocument;
  if (document && results === 1 && !namesTitle)
    return document.weight > 0 ? { weight: document.weight, blend: document.blend, passage: false, document: true } : undefined;
  return { weight: profile.similarityWeight, blend: profile.similarityBlend ?? "mix", passage: false };
}
