import { checkSpanInText, type SpanWithId } from "./schemas";

/** One editor operation on a span list. `batch` is atomic (bulk accept, merges) and undoes as one step. */
export type SpanEdit =
  | { type: "add"; span: SpanWithId; /** Position in the list (default: append); set by inverses of deletes. */ index?: number }
  | { type: "update"; span: SpanWithId }
  | { type: "delete"; id: string }
  | { type: "batch"; edits: SpanEdit[] };

export interface SpanEditError {
  code: "unknown_id" | "id_taken" | "duplicate" | "invalid";
  message: string;
  spanId?: string;
  /** The existing span an identical duplicate collides with. */
  conflictWith?: string;
}

export type SpanEditResult =
  | {
      ok: true;
      spans: SpanWithId[];
      /** What was actually done after the policies (replay it with applyResolvedEdit for redo). */
      applied: SpanEdit;
      /** Undoes `applied` exactly (order included). */
      inverse: SpanEdit;
      /** Set when the edited span was merged: `into` survives, `removed` were absorbed or dropped. */
      merged?: { into: string; removed: string[] };
    }
  | { ok: false; error: SpanEditError };

export interface ApplySpanEditOptions {
  /** A span identical to another (same document, start, end, category): "reject" (default) or "merge" (keep the existing one). */
  duplicates?: "reject" | "merge";
  /** Merge overlapping spans of the SAME category into one covering span (different categories may always overlap). */
  mergeSameCategory?: boolean;
  /** Canonical texts by document id: when present, edited spans are validated against them. */
  texts?: ReadonlyMap<string, string>;
}

const EMPTY: SpanEdit = { type: "batch", edits: [] };

/**
 * Applies an editor operation with the overlap policies and returns the new list plus the exact inverse.
 * Never mutates `spans`. Failures leave nothing applied (batches are all-or-nothing).
 */
export function applySpanEdit(spans: readonly SpanWithId[], edit: SpanEdit, opts: ApplySpanEditOptions = {}): SpanEditResult {
  if (edit.type === "delete") return applyResolvedEdit(spans, edit);
  if (edit.type === "batch") {
    let cur = spans.slice();
    const applied: SpanEdit[] = [];
    const inverses: SpanEdit[] = [];
    for (const sub of edit.edits) {
      const r = applySpanEdit(cur, sub, opts);
      if (!r.ok) return r;
      cur = r.spans;
      applied.push(r.applied);
      inverses.push(r.inverse);
    }
    return { ok: true, spans: cur, applied: { type: "batch", edits: applied }, inverse: { type: "batch", edits: inverses.reverse() } };
  }

  const span = edit.span;
  const invalid = validateEditSpan(span, opts.texts);
  if (invalid) return { ok: false, error: { code: "invalid", message: invalid, spanId: span.id } };
  if (edit.type === "add" && spans.some((s) => s.id === span.id)) return idTaken(span.id);
  if (edit.type === "update" && !spans.some((s) => s.id === span.id)) return unknownId(span.id);

  const others = spans.filter((s) => s.id !== span.id && s.documentId === span.documentId);
  const dup = others.find((s) => s.start === span.start && s.end === span.end && s.category === span.category);
  if (dup) {
    if ((opts.duplicates ?? "reject") === "reject") {
      return {
        ok: false,
        error: {
          code: "duplicate",
          message: `an identical ${span.category} span [${span.start}, ${span.end}) exists`,
          spanId: span.id,
          conflictWith: dup.id,
        },
      };
    }
    // Merge: the existing span (with its author and history) survives; the new/edited one disappears.
    if (edit.type === "add") return { ok: true, spans: spans.slice(), applied: EMPTY, inverse: EMPTY, merged: { into: dup.id, removed: [span.id] } };
    const r = applyResolvedEdit(spans, { type: "delete", id: span.id });
    return r.ok ? { ...r, merged: { into: dup.id, removed: [span.id] } } : r;
  }

  if (opts.mergeSameCategory) {
    const group = overlappingGroup(span, others);
    if (group.length > 0) {
      const start = Math.min(span.start, ...group.map((s) => s.start));
      const end = Math.max(span.end, ...group.map((s) => s.end));
      const text = opts.texts?.get(span.documentId)?.slice(start, end) ?? stitchText([span, ...group]);
      const union: SpanWithId = { ...span, start, end, text };
      const primary: SpanEdit = edit.type === "add" ? { ...edit, span: union } : { type: "update", span: union };
      const r = applyResolvedEdit(spans, { type: "batch", edits: [primary, ...group.map((g): SpanEdit => ({ type: "delete", id: g.id }))] });
      return r.ok ? { ...r, merged: { into: span.id, removed: group.map((g) => g.id) } } : r;
    }
  }
  return applyResolvedEdit(spans, edit);
}

/** Applies an edit literally (no policies): used for undo/redo replays and by applySpanEdit itself. */
export function applyResolvedEdit(spans: readonly SpanWithId[], edit: SpanEdit): SpanEditResult {
  switch (edit.type) {
    case "add": {
      if (spans.some((s) => s.id === edit.span.id)) return idTaken(edit.span.id);
      const next = spans.slice();
      const index = Math.min(Math.max(edit.index ?? next.length, 0), next.length);
      next.splice(index, 0, edit.span);
      return { ok: true, spans: next, applied: edit, inverse: { type: "delete", id: edit.span.id } };
    }
    case "update": {
      const index = spans.findIndex((s) => s.id === edit.span.id);
      if (index < 0) return unknownId(edit.span.id);
      const next = spans.slice();
      const before = next[index]!;
      next[index] = edit.span;
      return { ok: true, spans: next, applied: edit, inverse: { type: "update", span: before } };
    }
    case "delete": {
      const index = spans.findIndex((s) => s.id === edit.id);
      if (index < 0) return unknownId(edit.id);
      const next = spans.slice();
      const [before] = next.splice(index, 1);
      return { ok: true, spans: next, applied: edit, inverse: { type: "add", span: before!, index } };
    }
    case "batch": {
      let cur = spans.slice();
      const inverses: SpanEdit[] = [];
      for (const sub of edit.edits) {
        const r = applyResolvedEdit(cur, sub);
        if (!r.ok) return r;
        cur = r.spans;
        inverses.push(r.inverse);
      }
      return { ok: true, spans: cur, applied: edit, inverse: { type: "batch", edits: inverses.reverse() } };
    }
  }
}

function validateEditSpan(span: SpanWithId, texts: ReadonlyMap<string, string> | undefined): string | undefined {
  if (!span.id) return "span id is required";
  const text = texts?.get(span.documentId);
  if (text !== undefined) return checkSpanInText(span, text);
  if (!Number.isInteger(span.start) || !Number.isInteger(span.end) || span.start < 0 || span.end <= span.start) {
    return `invalid offsets [${span.start}, ${span.end})`;
  }
  if (span.text.length !== span.end - span.start) return `covered text has ${span.text.length} chars for [${span.start}, ${span.end})`;
  return undefined;
}

/** Same-category spans transitively overlapping `span` (existing spans may overlap each other). */
function overlappingGroup(span: SpanWithId, others: readonly SpanWithId[]): SpanWithId[] {
  const candidates = others.filter((s) => s.category === span.category);
  const group: SpanWithId[] = [];
  let lo = span.start;
  let hi = span.end;
  for (let grew = true; grew;) {
    grew = false;
    for (const s of candidates) {
      if (group.includes(s) || s.start >= hi || s.end <= lo) continue;
      group.push(s);
      lo = Math.min(lo, s.start);
      hi = Math.max(hi, s.end);
      grew = true;
    }
  }
  return group;
}

/** Covered text of the union of overlapping spans, rebuilt from their own texts (no document needed). */
function stitchText(pieces: readonly SpanWithId[]): string {
  const sorted = pieces.slice().sort((a, b) => a.start - b.start);
  let out = "";
  let cur = sorted[0]!.start;
  for (const p of sorted) {
    if (p.end <= cur) continue;
    out += p.text.slice(cur - p.start);
    cur = p.end;
  }
  return out;
}

function idTaken(id: string): SpanEditResult {
  return { ok: false, error: { code: "id_taken", message: `a span with id "${id}" already exists`, spanId: id } };
}

function unknownId(id: string): SpanEditResult {
  return { ok: false, error: { code: "unknown_id", message: `no span with id "${id}"`, spanId: id } };
}
