import { checkSpanInText, type Span } from "./schemas";
import { splitsSurrogatePair } from "./text-edges";

export type DriftStatus = "ok" | "relocated" | "unresolved";

export interface DriftEntry<S extends Span = Span> {
  span: S;
  status: DriftStatus;
  /** Proposed new offsets (status "relocated"); the span itself is left untouched. */
  relocated?: { start: number; end: number };
  /** |new start - old start| for relocations. */
  distance?: number;
  /** Why the span drifted (relocated) or could not be placed (unresolved). */
  reason?: string;
}

export interface DriftReport<S extends Span = Span> {
  /** One entry per input span, same order. */
  entries: DriftEntry<S>[];
  ok: number;
  relocated: number;
  unresolved: number;
}

export interface CheckDriftOptions<S extends Span> {
  /** Current canonical text of the document all `spans` belong to. */
  text: string;
  spans: readonly S[];
  /** Only occurrences within this many chars of the old start count (default: anywhere). */
  maxDistance?: number;
}

/**
 * Verifies stored spans against the current text. A drifted span gets a relocation PROPOSAL (nearest occurrence
 * of its covered text to the old start); equidistant candidates, missing text or anything too far is reported
 * unresolved. Nothing is moved here: callers apply proposals explicitly (acceptRelocations).
 */
export function checkDrift<S extends Span>(opts: CheckDriftOptions<S>): DriftReport<S> {
  const { text } = opts;
  const maxDistance = opts.maxDistance ?? Infinity;
  const report: DriftReport<S> = { entries: [], ok: 0, relocated: 0, unresolved: 0 };
  for (const span of opts.spans) {
    const problem = checkSpanInText(span, text);
    if (!problem) {
      report.entries.push({ span, status: "ok" });
      report.ok++;
      continue;
    }
    const found = span.text.length > 0 ? nearestOccurrences(text, span.text, span.start) : [];
    const best = found[0];
    let reason: string;
    if (!best) reason = `${problem}; covered text not found in the document`;
    else if (best.distance > maxDistance) reason = `${problem}; nearest occurrence is ${best.distance} chars away (max ${maxDistance})`;
    else if (found[1] && found[1].distance === best.distance)
      reason = `${problem}; two occurrences equally near (at ${best.start} and ${found[1].start})`;
    else {
      const relocated = { start: best.start, end: best.start + span.text.length };
      report.entries.push({ span, status: "relocated", relocated, distance: best.distance, reason: problem });
      report.relocated++;
      continue;
    }
    report.entries.push({ span, status: "unresolved", reason });
    report.unresolved++;
  }
  return report;
}

/** Nearest occurrence before and after `near` (sorted by distance), skipping any that would split a surrogate pair. */
function nearestOccurrences(text: string, needle: string, near: number): { start: number; distance: number }[] {
  const valid = (i: number) => !splitsSurrogatePair(text, i) && !splitsSurrogatePair(text, i + needle.length);
  const at = Math.max(0, Math.min(near, text.length));
  const out: { start: number; distance: number }[] = [];
  for (let i = text.indexOf(needle, at); i >= 0; i = text.indexOf(needle, i + 1)) {
    if (valid(i)) {
      out.push({ start: i, distance: i - near });
      break;
    }
  }
  for (let i = at > 0 ? text.lastIndexOf(needle, at - 1) : -1; i >= 0; i = i > 0 ? text.lastIndexOf(needle, i - 1) : -1) {
    if (valid(i)) {
      out.push({ start: i, distance: Math.abs(near - i) });
      break;
    }
  }
  return out.sort((a, b) => a.distance - b.distance);
}

/**
 * Applies a drift report's proposals after the user (or an import step) approved them: ok spans unchanged,
 * relocated spans moved (optionally only those `accept` approves), the rest returned separately — never dropped.
 */
export function acceptRelocations<S extends Span>(
  report: DriftReport<S>,
  accept: (entry: DriftEntry<S>) => boolean = () => true,
): { spans: S[]; unresolved: DriftEntry<S>[] } {
  const spans: S[] = [];
  const unresolved: DriftEntry<S>[] = [];
  for (const entry of report.entries) {
    if (entry.status === "ok") spans.push(entry.span);
    else if (entry.status === "relocated" && entry.relocated && accept(entry)) spans.push({ ...entry.span, ...entry.relocated });
    else unresolved.push(entry);
  }
  return { spans, unresolved };
}
