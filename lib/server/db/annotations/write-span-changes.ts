import "server-only";
import { AppError } from "@/lib/errors";
import type { Db } from "../client";
import type { SpanSource } from "../../../schemas/enums";
import type { SpanInput } from "../../../schemas/spans";
import { assertSpanWrite } from "./assert-span-write";
import { SPAN_SELECT, sortSpans, toSnapshot, toStoredSpan, type SpanRow } from "./span-rows";

export type WriteSpanChangesOptions = {
  /** Must be a transaction: the changes and their events are written together. */
  tx: Db;
  /** Live (not deleted) spans of the scope: one annotation's human spans, or a pair's gold spans. */
  existing: readonly SpanRow[];
  /** The complete new list, already validated against the documents. */
  desired: readonly SpanInput[];
  scope: { pairId: string; annotationId: string | null; source: SpanSource };
  /** Who made the change (SpanEvent.actorId) and the author of new spans; null for a system repair. */
  actorId: string | null;
  now: Date;
};

export type SpanChanges = {
  created: string[];
  updated: string[];
  deleted: string[];
  /** Client id (temp or stale) → server id, for every input span whose id changed. */
  idMap: Record<string, string>;
  /** The live spans after the change, input order. */
  rows: SpanRow[];
};

const contentKey = (s: { documentId: string; start: number; end: number; category: string; text: string }) =>
  `${s.documentId}\u0000${s.start}\u0000${s.end}\u0000${s.category}\u0000${s.text}`;

/**
 * Diffs `desired` against `existing` and writes the difference: creates, updates and soft-deletes (deletedAt), each
 * with a SpanEvent (before/after snapshots). Matching: by id first; an input span whose id is missing or unknown
 * reuses an unmatched existing span with identical content (delete + re-add of the same span is a no-op), else it is
 * created with a new server id. Existing spans nobody matched are deleted. Never deletes rows: history stays whole.
 * Before writing anything, the actor's right to the changes is checked against the policy (assertSpanWrite).
 */
export async function writeSpanChanges(options: WriteSpanChangesOptions): Promise<SpanChanges> {
  const { tx, existing, desired, scope, actorId, now } = options;
  const byId = new Map(existing.map((r) => [r.id, r]));
  const claimed = new Set<string>();
  const match: (SpanRow | undefined)[] = desired.map((d) => {
    const row = d.id ? byId.get(d.id) : undefined;
    if (row) claimed.add(row.id);
    return row;
  });
  const freeByContent = new Map<string, SpanRow[]>();
  for (const r of existing) {
    if (claimed.has(r.id)) continue;
    const list = freeByContent.get(contentKey(r)) ?? [];
    list.push(r);
    freeByContent.set(contentKey(r), list);
  }
  desired.forEach((d, i) => {
    if (match[i]) return;
    const row = freeByContent.get(contentKey(d))?.shift();
    if (row) {
      claimed.add(row.id);
      match[i] = row;
    }
  });

  const gone = await checkSuggestionLinks(tx, scope.pairId, desired, match);
  const linkOf = (d: SpanInput) => (d.suggestionId && gone.has(d.suggestionId) ? null : d.suggestionId);

  // What each input does to its matched row (undefined: nothing), so the policy sees every change before any write.
  const nextOf = desired.map((d, i) => {
    const row = match[i];
    if (!row) return undefined;
    const next = {
      documentId: d.documentId,
      start: d.start,
      end: d.end,
      text: d.text,
      category: d.category,
      score: d.score === undefined ? row.score : d.score,
      suggestionId: d.suggestionId === undefined ? row.suggestionId : (linkOf(d) ?? null),
      exact: d.exact ?? row.exact,
    };
    return (Object.keys(next) as (keyof typeof next)[]).some((k) => next[k] !== row[k]) ? next : undefined;
  });
  const removed = existing.filter((r) => !claimed.has(r.id));
  await assertSpanWrite({
    tx,
    actorId,
    scope,
    touched: [...match.filter((row, i): row is SpanRow => row !== undefined && nextOf[i] !== undefined), ...removed],
  });

  const changes: SpanChanges = { created: [], updated: [], deleted: [], idMap: {}, rows: [] };
  const events: { spanId: string; action: string; beforeJson: string | null; afterJson: string | null }[] = [];
  for (const [i, d] of desired.entries()) {
    const row = match[i];
    if (!row) {
      const created = await tx.span.create({
        data: {
          pairId: scope.pairId,
          annotationId: scope.annotationId,
          source: scope.source,
          documentId: d.documentId,
          start: d.start,
          end: d.end,
          text: d.text,
          category: d.category,
          authorId: actorId,
          score: d.score ?? null,
          suggestionId: linkOf(d) ?? null,
          exact: d.exact ?? false,
          createdAt: now,
        },
        select: SPAN_SELECT,
      });
      if (d.id) changes.idMap[d.id] = created.id;
      changes.created.push(created.id);
      changes.rows.push(created);
      events.push({ spanId: created.id, action: "create", beforeJson: null, afterJson: JSON.stringify(toSnapshot(created)) });
      continue;
    }
    if (d.id !== row.id && d.id) changes.idMap[d.id] = row.id;
    const next = nextOf[i];
    if (!next) {
      changes.rows.push(row);
      continue;
    }
    const updated = await tx.span.update({ where: { id: row.id }, data: next, select: SPAN_SELECT });
    changes.updated.push(row.id);
    changes.rows.push(updated);
    events.push({
      spanId: row.id,
      action: "update",
      beforeJson: JSON.stringify(toSnapshot(row)),
      afterJson: JSON.stringify(toSnapshot(updated)),
    });
  }
  if (removed.length > 0) {
    await tx.span.updateMany({ where: { id: { in: removed.map((r) => r.id) }, deletedAt: null }, data: { deletedAt: now } });
    for (const r of removed) {
      changes.deleted.push(r.id);
      events.push({ spanId: r.id, action: "delete", beforeJson: JSON.stringify(toSnapshot(r)), afterJson: null });
    }
  }
  if (events.length > 0) {
    await tx.spanEvent.createMany({ data: events.map((e) => ({ ...e, actorId, createdAt: now })) });
  }
  return changes;
}

/**
 * A new or changed suggestionId must name a suggestion of the same pair and document (else UNPROCESSABLE).
 * Returns the ids that no longer exist: a model re-run deleted them (the database already unlinked stored spans),
 * and an editor still holding the old id must not fail its autosave over it — such links are stored as null.
 */
async function checkSuggestionLinks(
  tx: Db,
  pairId: string,
  desired: readonly SpanInput[],
  match: readonly (SpanRow | undefined)[],
): Promise<Set<string>> {
  const wanted = desired
    .map((d, index) => ({ index, id: d.suggestionId, documentId: d.documentId }))
    .filter((x): x is { index: number; id: string; documentId: string } => !!x.id && x.id !== match[x.index]?.suggestionId);
  if (wanted.length === 0) return new Set();
  const ids = [...new Set(wanted.map((w) => w.id))];
  const found = await tx.suggestion.findMany({ where: { id: { in: ids } }, select: { id: true, pairId: true, documentId: true } });
  const byId = new Map(found.map((s) => [s.id, s]));
  const bad = wanted.find((w) => {
    const s = byId.get(w.id);
    return s !== undefined && (s.pairId !== pairId || s.documentId !== w.documentId);
  });
  if (bad) {
    throw new AppError("UNPROCESSABLE", `span ${bad.index}: suggestion ${bad.id} is not a suggestion for its document`, {
      index: bad.index,
      issues: [{ index: bad.index, message: `suggestion ${bad.id} belongs to another document` }],
    });
  }
  return new Set(ids.filter((id) => !byId.has(id)));
}

/** What a save answers with: the live spans in document order, the id map and what changed. */
export function summarizeSpanChanges(changes: SpanChanges, documents: ReadonlyMap<string, { position: number }>) {
  return {
    spans: sortSpans(
      changes.rows.map((r) => toStoredSpan(r)),
      documents,
    ),
    idMap: changes.idMap,
    created: changes.created,
    updated: changes.updated,
    deleted: changes.deleted,
  };
}
