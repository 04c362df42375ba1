import { adjudicate } from "../adjudicate";
import type { SpanCategory } from "../categories";
import type { Span } from "../schemas";
import { trimRange } from "../text-edges";
import { isPunctuationOnly, isWordFragment } from "../word-edges";

export interface GoldCandidate {
  /** Stable key for toggles (document, offsets, category). */
  key: string;
  documentId: string;
  start: number;
  end: number;
  text: string;
  category: SpanCategory;
  /** "majority": enough annotators marked it (included by default); "minority": some did, too few (excluded). */
  kind: "majority" | "minority";
  /** Mean share of annotators marking its characters (majority), or voters / annotators (minority). */
  share: number;
  /** Who marked a minority region (majority runs mix several voter sets, so none is named). */
  annotators: string[];
  included: boolean;
  /** Why a majority run is not ticked: only punctuation, or it starts or ends inside a word (a fragment). */
  held?: "punctuation" | "fragment";
}

export interface BuildGoldCandidatesOptions {
  annotations: readonly { annotator: string; spans: readonly Span[] }[];
  texts: ReadonlyMap<string, string>;
  minVotes?: number;
}

/**
 * Adjudication candidates for the reviewer: every character any annotator marked ends up in exactly one candidate,
 * either a majority run (lib/spans adjudicate, included by default unless it is only punctuation or a word fragment)
 * or a disputed region (excluded by default), so the reviewer only flips toggles. Ordered by document order of `texts`' keys, then start.
 */
export function buildGoldCandidates(opts: BuildGoldCandidatesOptions): GoldCandidate[] {
  const n = opts.annotations.length;
  if (n === 0) return [];
  const result = adjudicate({ annotations: opts.annotations, texts: opts.texts, ...(opts.minVotes ? { minVotes: opts.minVotes } : {}) });
  const out: GoldCandidate[] = [];
  const key = (d: string, s: number, e: number, c: string) => `${d}\u0000${s}\u0000${e}\u0000${c}`;
  for (const s of result.spans) {
    const text = opts.texts.get(s.documentId) ?? "";
    // Agreement on "(" or on "ch" of fetch is no evidence: listed for the reviewer, never pre-ticked.
    const held = isPunctuationOnly(s.text) ? "punctuation" : isWordFragment({ text, start: s.start, end: s.end }) ? "fragment" : undefined;
    out.push({
      key: key(s.documentId, s.start, s.end, s.category),
      documentId: s.documentId,
      start: s.start,
      end: s.end,
      text: s.text,
      category: s.category,
      kind: "majority",
      share: s.score ?? 1,
      annotators: [],
      included: held === undefined,
      ...(held ? { held } : {}),
    });
  }
  for (const d of result.disputed) {
    const text = opts.texts.get(d.documentId) ?? "";
    const t = trimRange(text, d.start, d.end);
    if (t.end <= t.start) continue; // only whitespace between two votes
    out.push({
      key: key(d.documentId, t.start, t.end, d.category),
      documentId: d.documentId,
      start: t.start,
      end: t.end,
      text: text.slice(t.start, t.end),
      category: d.category,
      kind: "minority",
      share: d.annotators.length / n,
      annotators: d.annotators,
      included: false,
    });
  }
  const docOrder = new Map([...opts.texts.keys()].map((id, i) => [id, i]));
  const seen = new Set<string>();
  return out
    .sort(
      (a, b) =>
        (docOrder.get(a.documentId) ?? 0) - (docOrder.get(b.documentId) ?? 0) ||
        a.start - b.start ||
        a.end - b.end ||
        (a.category < b.category ? -1 : a.category > b.category ? 1 : 0),
    )
    .filter((c) => (seen.has(c.key) ? false : (seen.add(c.key), true)));
}
