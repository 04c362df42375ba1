// Client-safe: the inspector re-aggregates unit scores in the browser.
import { computeBm25Scores } from "./scorers/bm25";
import { tokenizeTerms } from "./scorers/tokenize-terms";

/** What ranking one result's units by the query's focus terms needs (a model's `focusWeight`). */
export interface FocusOptions {
  query: string;
  /** The result's title: the query's terms in it name the result, not one of its units. */
  title?: string | undefined;
  /** The result's canonical text (the units' offsets point into it). */
  text: string;
  /** Weight of the focus terms' BM25 in a unit's score, 0..1. */
  weight: number;
}

/** Whether every term of the query is in the title (a broad query: it names the result, and all of it is on topic). */
export function queryNamesTitle(query: string, title: string | undefined): boolean {
  if (!title) return false;
  const titleTerms = new Set(tokenizeTerms(title));
  const queryTerms = tokenizeTerms(query);
  return queryTerms.length > 0 && queryTerms.every((t) => titleTerms.has(t));
}

/**
 * BM25 of each unit against the query's focus terms: the query's terms that are not in the result's title, IDF over
 * this result's units, divided by the best unit's. A question about an entry names the entry ("When was the Lumen
 * Bridge completed?" on the page "Lumen Bridge"): those words occur where the entry is named, often its opening
 * sentence, and say nothing about which sentence answers; "completed" does. Undefined where there is nothing to
 * focus on: no title, a query made only of title terms (a broad query: the whole result is on topic), a query that
 * shares no term with the title, or focus terms that no unit contains.
 */
export function focusTermScores(
  focus: Pick<FocusOptions, "query" | "title" | "text">,
  units: ReadonlyArray<{ start: number; end: number }>,
): number[] | undefined {
  if (!focus.title) return undefined;
  const titleTerms = new Set(tokenizeTerms(focus.title));
  const queryTerms = tokenizeTerms(focus.query);
  const rest = queryTerms.filter((t) => !titleTerms.has(t));
  if (rest.length === 0 || rest.length === queryTerms.length) return undefined;
  // The terms joined by spaces tokenize back to themselves (CJK bigrams included).
  const scores = computeBm25Scores(rest.join(" "), [{ text: focus.text, units }])[0]!;
  return scores.some((s) => s > 0) ? scores : undefined;
}

/**
 * A result's unit scores with the focus terms blended in: (1 − w)·score + w·best·focus·content, where best is the
 * result's best unit score and content the unit's share of tokens the category head does not put in ads,
 * UI/navigation or duplicate (boilerplate that happens to contain a focus term is not lifted). Rescaled so the best
 * unit keeps the model's best score: the result's relevance (the gate reads the best unit) is unchanged, while the
 * other units rise or fall with the focus terms.
 */
export function blendFocusScores(scores: readonly number[], focus: readonly number[], content: readonly number[], weight: number): number[] {
  let best = 0;
  for (const s of scores) if (s > best) best = s;
  if (best <= 0 || weight <= 0) return [...scores];
  const blended = scores.map((s, i) => (1 - weight) * s + weight * best * (focus[i] ?? 0) * (content[i] ?? 1));
  let top = 0;
  for (const s of blended) if (s > top) top = s;
  return top > 0 ? blended.map((s) => (s * best) / top) : [...scores];
}

/** The focus options of one result for a model with this `focusWeight` (undefined: the model's scores alone). */
export function resultFocus(
  query: string,
  result: { title?: string | undefined; text: string },
  weight: number | undefined,
): FocusOptions | undefined {
  return weight ? { query, title: result.title, text: result.text, weight } : undefined;
}
