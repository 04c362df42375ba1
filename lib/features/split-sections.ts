import { tokenizeTerms } from "../engine/scorers/tokenize-terms";
import type { Block, CanonicalDoc, Sentence } from "../text/types";
import { entryTitle } from "./entry-title";
import { titleCore } from "./title-mentions";

/** A block at least this much link text is a menu or a link list: page chrome, even outside a <nav>. */
const CHROME_LINK_DENSITY = 0.5;

/** No page chrome: no navigation, header, footer, aside, form or comment region and no link list. */
export function isPlainDocument(doc: CanonicalDoc): boolean {
  return doc.blocks.every((b) => b.role === "main" && (b.linkDensity ?? 0) < CHROME_LINK_DENSITY);
}

/** A query most of whose words are the document's title asks for the whole document (a broad query). */
const TITLE_QUERY_COVERAGE = 0.5;

/**
 * The query names the document (its title as the query, as for a headline): the whole document is what it asks
 * for, so its sections must not compete as results (in the validation check, they did and lost article text).
 */
export function namesDocument(query: string, title: string | undefined): boolean {
  if (!title) return false;
  const q = new Set(tokenizeTerms(query));
  if (q.size === 0) return false;
  const t = new Set(tokenizeTerms(title));
  let shared = 0;
  for (const w of q) if (t.has(w)) shared++;
  return shared / q.size >= TITLE_QUERY_COVERAGE;
}

/** Beyond this many headings a page is mostly menus and lists: section mode stays off (and its cost bounded). */
export const MAX_SECTIONS = 64;

/** One heading-led section of a document, as a document of its own. */
export interface DocumentSection {
  /** Where the section's text starts in the document (its offsets are the document's minus this). */
  offset: number;
  /** The section's text and blocks (offsets relative to `offset`); the heading is its title, not its text. */
  doc: CanonicalDoc;
  /** The section's units, relative offsets, block indexes into `doc.blocks`. */
  units: Sentence[];
  /** Index in the document's units of each of `units`. */
  unitIndexes: number[];
  /** The heading's text; the document's title for the text before the first heading. */
  title?: string;
}

export interface SplitSectionsOptions {
  query: string;
  doc: CanonicalDoc;
  units: readonly Sentence[];
  /** The result's title (else the document's). */
  title?: string;
  /**
   * A section-less document most of whose paragraphs open with an entry's name ("X is …", entryTitle) is split at
   * those paragraphs instead, each run titled by the name (model config `features.entryTitles`).
   */
  entryTitles?: boolean;
}

/** A section-less document is cut into runs of paragraphs of at least this many words, */
export const MIN_GROUP_WORDS = 60;
/** once it is longer than this (about one model window): a shorter one is scored whole. */
export const MIN_SPLIT_WORDS = 300;
/** Beyond this many runs (a book) the windows a run costs are no longer worth it: scored whole. */
export const MAX_GROUPS = 512;

const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** A document is one of entries when at least this share of its paragraphs open with an entry's name. */
export const MIN_ENTRY_SHARE = 0.5;

interface Run {
  from: number;
  to: number;
  title?: string;
}

/** Runs of paragraphs of at least MIN_GROUP_WORDS words, cut at headings (which belong to no run). */
function paragraphRuns(doc: CanonicalDoc): Run[] {
  const runs: Run[] = [];
  let from = 0;
  let words = 0;
  doc.blocks.forEach((b, i) => {
    if (b.kind === "heading") {
      runs.push({ from, to: i });
      from = i + 1;
      words = 0;
      return;
    }
    words += countWords(doc.text.slice(b.start, b.end));
    if (words >= MIN_GROUP_WORDS) {
      runs.push({ from, to: i + 1 });
      from = i + 1;
      words = 0;
    }
  });
  runs.push({ from, to: doc.blocks.length });
  return runs;
}

/**
 * A document of entries (most paragraphs open with a name): one run per entry, from its opening paragraph to the
 * next entry or heading, titled by the name; text before the first entry is one untitled run. Undefined otherwise.
 */
function entryRuns(doc: CanonicalDoc): Run[] | undefined {
  const names = doc.blocks.map((b) => (b.kind === "heading" ? undefined : entryTitle(doc.text.slice(b.start, b.end))));
  const paragraphs = doc.blocks.filter((b) => b.kind !== "heading").length;
  const named = names.filter((n) => n !== undefined).length;
  if (named < 2 || named < MIN_ENTRY_SHARE * paragraphs) return undefined;
  const runs: Run[] = [];
  let cur: Run = { from: 0, to: 0 };
  doc.blocks.forEach((b, i) => {
    const name = names[i];
    if (b.kind === "heading" || name !== undefined) {
      cur.to = i;
      runs.push(cur);
      cur = name === undefined ? { from: i + 1, to: i + 1 } : { from: i, to: i, title: name };
    }
  });
  cur.to = doc.blocks.length;
  runs.push(cur);
  return runs;
}

/**
 * A plain single document (no page chrome, a query that does not name it) as a result set, the shape the model was
 * trained on: with 2–64 headings, its heading-led sections, each titled by its heading (the text before the first
 * heading by the document's title); without, once longer than about a window, runs of paragraphs of at least
 * MIN_GROUP_WORDS words, untitled, or (entryTitles) its entries, titled by their names. Headings belong to no section (a
 * result's title is not part of its text).
 * Undefined when the document does not qualify.
 */
export function splitSections({ query, doc, units, title, entryTitles = false }: SplitSectionsOptions): DocumentSection[] | undefined {
  const docTitle = title ?? doc.title;
  if (!isPlainDocument(doc) || namesDocument(query, docTitle)) return undefined;
  const heads = doc.blocks.flatMap((b, i) => (b.kind === "heading" ? [i] : []));
  if (heads.length > MAX_SECTIONS) return undefined;
  const spans: Run[] = [];
  if (heads.length >= 2) {
    spans.push({ from: 0, to: heads[0]!, ...(docTitle ? { title: docTitle } : {}) });
    heads.forEach((i, k) => {
      const b = doc.blocks[i]!;
      spans.push({ from: i + 1, to: k + 1 < heads.length ? heads[k + 1]! : doc.blocks.length, title: doc.text.slice(b.start, b.end) });
    });
  } else {
    if (countWords(doc.text) < MIN_SPLIT_WORDS) return undefined;
    spans.push(...((entryTitles ? entryRuns(doc) : undefined) ?? paragraphRuns(doc)));
    if (spans.length > MAX_GROUPS) return undefined;
  }
  const out: DocumentSection[] = [];
  let u = 0;
  for (const s of spans) {
    if (s.to <= s.from) continue;
    const first = doc.blocks[s.from]!;
    const last = doc.blocks[s.to - 1]!;
    const offset = first.start;
    const blocks: Block[] = doc.blocks.slice(s.from, s.to).map((b) => ({ ...b, start: b.start - offset, end: b.end - offset }));
    const secUnits: Sentence[] = [];
    const unitIndexes: number[] = [];
    while (u < units.length && units[u]!.block < s.from) u++;
    while (u < units.length && units[u]!.block < s.to) {
      const x = units[u]!;
      secUnits.push({ start: x.start - offset, end: x.end - offset, block: x.block - s.from });
      unitIndexes.push(u);
      u++;
    }
    out.push({
      offset,
      doc: { text: doc.text.slice(offset, last.end), blocks },
      units: secUnits,
      unitIndexes,
      ...(s.title !== undefined ? { title: s.title } : {}),
    });
  }
  return out.length >= 2 ? out : undefined;
}

/**
 * How many parts a result set has for the similarity tiers (lib/engine/blend-similarity.ts similarityBlendFor): its
 * results, or, for a single plain document, its titled sections (headings, or entries opening with their names) when
 * it has at least two and the query names one of them (every term of its title). Such a document is, to the model, a
 * set of titled results whose titles and bridges locate a multi-hop answer, so it blends as a set of that many
 * results, not as one long text. Any other document is 1: a query naming no section asks the text.
 */
export function countSimilarityParts(
  query: string,
  results: ReadonlyArray<{ doc: CanonicalDoc; units: readonly Sentence[]; title?: string | undefined }>,
): number {
  if (results.length !== 1) return results.length;
  const only = results[0]!;
  const sections = splitSections({
    query,
    doc: only.doc,
    units: only.units,
    ...(only.title !== undefined ? { title: only.title } : {}),
    entryTitles: true,
  });
  return countSectionParts(query, sections);
}

/** countSimilarityParts of a single document from its sections as splitSections gave them with `entryTitles`. */
export function countSectionParts(query: string, sections: readonly DocumentSection[] | undefined): number {
  const titles = (sections ?? []).flatMap((s) => (s.title ? [s.title] : []));
  if (titles.length < 2) return 1;
  // A query naming none of the sections asks the text, not the structure: one long document.
  const queryTerms = new Set(tokenizeTerms(query));
  const named = titles.some((t) => {
    const terms = tokenizeTerms(titleCore(t) ?? t);
    return terms.length > 0 && terms.every((x) => queryTerms.has(x));
  });
  return named ? titles.length : 1;
}
