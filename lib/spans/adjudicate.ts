import { AppError } from "../errors";
import { SPAN_CATEGORIES, type SpanCategory } from "./categories";
import { unionIntervals, type Interval } from "./intervals";
import { checkSpanInText, type Span } from "./schemas";
import { trimRange } from "./text-edges";

export interface AdjudicateOptions {
  /** Each annotator's spans (annotators with no spans still count as votes against). */
  annotations: readonly { annotator: string; spans: readonly Span[] }[];
  /** Canonical text per document id. */
  texts: ReadonlyMap<string, string>;
  /** Votes a character needs (default: strict majority, floor(n/2) + 1). */
  minVotes?: number;
  categories?: readonly SpanCategory[];
  /** Author stamped on the gold candidates (e.g. the reviewer). */
  author?: string;
}

export interface DisputedRegion {
  documentId: string;
  category: SpanCategory;
  start: number;
  end: number;
  /** Annotators who marked this region (fewer than minVotes). */
  annotators: string[];
}

export interface AdjudicationResult {
  /** Gold candidates (source "gold"), sorted by document, start, category; score = mean vote share of their chars. */
  spans: Span[];
  /** Regions some but not enough annotators marked: where the reviewer should look first. */
  disputed: DisputedRegion[];
  minVotes: number;
}

/**
 * Character-level majority voting per category: a character becomes gold for a category when at least `minVotes`
 * annotators marked it with that category. Runs of such characters become spans, trimmed of edge whitespace.
 * The result is a candidate for the reviewer to correct, not a final decision.
 */
export function adjudicate(opts: AdjudicateOptions): AdjudicationResult {
  const n = opts.annotations.length;
  const minVotes = opts.minVotes ?? Math.floor(n / 2) + 1;
  if (!Number.isInteger(minVotes) || minVotes < 1) throw new AppError("BAD_REQUEST", `minVotes must be a positive integer, got ${minVotes}`);
  const categories = opts.categories ?? SPAN_CATEGORIES;
  const spans: Span[] = [];
  const disputed: DisputedRegion[] = [];

  // Sweep events per (document, category): each annotator's spans are unioned first, so one person votes once.
  const events = new Map<string, { documentId: string; category: SpanCategory; points: { at: number; delta: 1 | -1; who: string }[] }>();
  for (const { annotator, spans: list } of opts.annotations) {
    const byKey = new Map<string, Interval[]>();
    for (const s of list) {
      if (!categories.includes(s.category)) continue;
      const text = opts.texts.get(s.documentId);
      if (text === undefined) throw new AppError("BAD_REQUEST", `no text for document "${s.documentId}"`);
      const problem = checkSpanInText(s, text);
      if (problem) throw new AppError("UNPROCESSABLE", `${annotator}: ${problem} (document "${s.documentId}")`);
      const key = `${s.documentId}\u0000${s.category}`;
      let l = byKey.get(key);
      if (!l) byKey.set(key, (l = []));
      l.push(s);
      if (!events.has(key)) events.set(key, { documentId: s.documentId, category: s.category, points: [] });
    }
    for (const [key, list2] of byKey) {
      const e = events.get(key)!;
      for (const iv of unionIntervals(list2)) e.points.push({ at: iv.start, delta: 1, who: annotator }, { at: iv.end, delta: -1, who: annotator });
    }
  }

  for (const { documentId, category, points } of events.values()) {
    const text = opts.texts.get(documentId)!;
    points.sort((a, b) => a.at - b.at);
    const active = new Set<string>();
    let gold: { start: number; end: number; weighted: number } | undefined;
    let open: DisputedRegion | undefined;
    const closeGold = () => {
      if (!gold) return;
      const t = trimRange(text, gold.start, gold.end);
      if (t.end > t.start) {
        const span: Span = {
          documentId,
          start: t.start,
          end: t.end,
          text: text.slice(t.start, t.end),
          category,
          source: "gold",
          score: gold.weighted / (gold.end - gold.start) / n,
        };
        if (opts.author !== undefined) span.author = opts.author;
        spans.push(span);
      }
      gold = undefined;
    };
    for (let i = 0; i < points.length;) {
      const at = points[i]!.at;
      for (; i < points.length && points[i]!.at === at; i++) {
        const p = points[i]!;
        if (p.delta > 0) active.add(p.who);
        else active.delete(p.who);
      }
      const next = points[i]?.at;
      if (next === undefined || next <= at) {
        closeGold();
        continue;
      }
      // Segment [at, next) has a constant voter set.
      const votes = active.size;
      if (votes >= minVotes) {
        if (gold && gold.end === at) {
          gold.end = next;
          gold.weighted += votes * (next - at);
        } else {
          closeGold();
          gold = { start: at, end: next, weighted: votes * (next - at) };
        }
      } else closeGold();
      if (votes > 0 && votes < minVotes) {
        const who = [...active].sort();
        if (open && open.end === at && open.annotators.join("\u0000") === who.join("\u0000")) open.end = next;
        else {
          open = { documentId, category, start: at, end: next, annotators: who };
          disputed.push(open);
        }
      }
    }
    closeGold();
  }
  const order = (a: { documentId: string; start: number; end: number; category: string }, b: typeof a) =>
    a.documentId < b.documentId
      ? -1
      : a.documentId > b.documentId
        ? 1
        : a.start - b.start ||
          a.end - b.end ||
          SPAN_CATEGORIES.indexOf(a.category as SpanCategory) - SPAN_CATEGORIES.indexOf(b.category as SpanCategory);
  return { spans: spans.sort(order), disputed: disputed.sort(order), minVotes };
}
