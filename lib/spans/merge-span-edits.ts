import type { SpanWithId } from "./schemas";

export type MergeConflictKind =
  /** Both sides changed the span, differently (also: both added the same id with different content). */
  | "both_modified"
  /** I deleted it, they changed it: their version is kept. */
  | "deleted_by_mine"
  /** They deleted it, I changed it: my version is kept. */
  | "deleted_by_theirs";

export interface MergeConflict {
  id: string;
  kind: MergeConflictKind;
  base?: SpanWithId;
  mine?: SpanWithId;
  theirs?: SpanWithId;
}

export interface MergeSpanEditsOptions {
  /** Last version both sides saw (e.g. the server version when my editing started). */
  base: readonly SpanWithId[];
  /** My unsaved list. */
  mine: readonly SpanWithId[];
  /** What another writer saved meanwhile. */
  theirs: readonly SpanWithId[];
}

export interface MergeSpanEditsResult {
  /** Merged list: my order first, then spans only their side has. Conflicted spans hold the kept version. */
  spans: SpanWithId[];
  conflicts: MergeConflict[];
  /** Spans both sides added under different ids with identical content: theirs dropped in favour of mine. */
  deduplicated: { kept: string; dropped: string }[];
}

/**
 * Three-way merge of span lists by id. Changes made on one side only are taken; the same change on both sides
 * is taken once; differing changes are conflicts. No span is lost: in a conflict the merged list keeps a version
 * (mine when both modified; the surviving edit when one side deleted) and the conflict holds every version.
 */
export function mergeSpanEdits(opts: MergeSpanEditsOptions): MergeSpanEditsResult {
  const base = byId(opts.base);
  const mine = byId(opts.mine);
  const theirs = byId(opts.theirs);
  const conflicts: MergeConflict[] = [];
  const deduplicated: { kept: string; dropped: string }[] = [];
  const out: SpanWithId[] = [];

  const resolve = (id: string): SpanWithId | undefined => {
    const b = base.get(id);
    const m = mine.get(id);
    const t = theirs.get(id);
    if (!b) {
      // Added: on one side, or on both (same content → once; different → conflict, mine kept).
      if (m && t && !sameSpan(m, t)) conflicts.push({ id, kind: "both_modified", mine: m, theirs: t });
      return m ?? t;
    }
    if (m && t) {
      if (sameSpan(m, b)) return t;
      if (sameSpan(t, b) || sameSpan(m, t)) return m;
      conflicts.push({ id, kind: "both_modified", base: b, mine: m, theirs: t });
      return m;
    }
    if (m) {
      if (sameSpan(m, b)) return undefined; // they deleted, I did not touch it
      conflicts.push({ id, kind: "deleted_by_theirs", base: b, mine: m });
      return m;
    }
    if (t) {
      if (sameSpan(t, b)) return undefined;
      conflicts.push({ id, kind: "deleted_by_mine", base: b, theirs: t });
      return t;
    }
    return undefined; // deleted on both sides
  };

  for (const id of mine.keys()) {
    const s = resolve(id);
    if (s) out.push(s);
  }
  const mineAdded = opts.mine.filter((s) => !base.has(s.id));
  for (const id of theirs.keys()) {
    if (mine.has(id)) continue;
    const s = resolve(id);
    if (!s) continue;
    // Both added the same span under different ids (e.g. both accepted one model suggestion): keep one.
    const twin = !base.has(id) ? mineAdded.find((m) => sameContent(m, s)) : undefined;
    if (twin) deduplicated.push({ kept: twin.id, dropped: id });
    else out.push(s);
  }
  // Ids only in base (deleted on both sides) need no entry.
  return { spans: out, conflicts, deduplicated };
}

function byId(list: readonly SpanWithId[]): Map<string, SpanWithId> {
  const m = new Map<string, SpanWithId>();
  for (const s of list) m.set(s.id, s);
  return m;
}

/** Same content, ignoring the id. */
function sameContent(a: SpanWithId, b: SpanWithId): boolean {
  return (
    a.documentId === b.documentId &&
    a.start === b.start &&
    a.end === b.end &&
    a.text === b.text &&
    a.category === b.category &&
    a.source === b.source &&
    a.author === b.author &&
    a.score === b.score
  );
}

function sameSpan(a: SpanWithId, b: SpanWithId): boolean {
  return a.id === b.id && sameContent(a, b);
}
