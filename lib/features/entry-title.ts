import type { CanonicalDoc } from "../text/types";

/**
 * The name an encyclopedic entry opens with: "Kyiv (Ukrainian: Київ) is the capital…" → "Kyiv", "The Beatles were an
 * English rock band…" → "The Beatles", "Il Colosseo è un anfiteatro…" → "Il Colosseo", "Київ — столиця…" → "Київ".
 * A document of such paragraphs (a list of entries, a result set pasted as one text) names each paragraph's subject
 * where a titled result would carry it in its title, and the bridge features need those names.
 */

/** Up to the first copula, parenthesis or dash: English, Italian and Ukrainian forms. */
const OPENING_RE = /^(.{2,80}?)(?: \(| is | was | are | were | è | era | fu | sono | erano | є | був | була | було | були | — | – )/u;
const MAX_WORDS = 10;

/** Lower-case words an entry name may hold after its first word ("Bank of England", "Lago di Como"). */
const NAME_PARTICLES = new Set(
  "the of and or a an de la le les du des di del della dei degli delle da von van der den y e et in on at for to".split(" "),
);
/**
 * Capitalised sentence openers that are not names: prepositions, conjunctions, adverbs and quantifiers
 * ("In 1990 …", "However …", "Many …"), English and Italian.
 */
const NOT_A_NAME_START =
  /^(although|by|in|on|during|after|before|since|while|when|however|as|for|from|with|despite|unlike|like|at|of|to|under|over|between|among|through|following|today|until|if|because|one|some|many|most|all|each|both|other|another|several|nel|nella|dopo|durante|prima|anche|come|con|per|tra|fra|secondo|oggi)\b/iu;
const PRONOUN = /^(the|it|this|that|he|she|they|we|you|i|these|those|there|his|her|its|their|questo|questa|esso|essa|egli|lui|lei|loro)$/iu;

/** The name `text` opens with as an entry, or undefined when it does not open like one. */
export function entryTitle(text: string): string | undefined {
  const m = OPENING_RE.exec(text);
  if (!m) return undefined;
  // "Joseph S. Krupa, Sr. (July 6, 1933 – …) was", "Paris, the capital of France, is": the name ends at a comma.
  const name = m[1]!.split(",")[0]!.trim();
  if (!name || /[;:!?]/u.test(name) || NOT_A_NAME_START.test(name) || PRONOUN.test(name)) return undefined;
  const words = name.split(/\s+/);
  if (words.length > MAX_WORDS) return undefined;
  const isName = words.every((w, i) => /^[\p{Lu}\p{Lt}\p{N}"'“«(]/u.test(w) || (i > 0 && NAME_PARTICLES.has(w)));
  return isName ? name : undefined;
}

/**
 * A result's title for the result-level features: the one given (or the page's <title>), else the name its first
 * block opens with as an entry. Search snippets often come untitled, and the bridges between results need names.
 */
export function titleOrEntryName(doc: CanonicalDoc, title: string | undefined): string | undefined {
  const given = title ?? doc.title;
  if (given !== undefined) return given;
  const first = doc.blocks.find((b) => b.kind !== "heading");
  return first ? entryTitle(doc.text.slice(first.start, first.end)) : undefined;
}
