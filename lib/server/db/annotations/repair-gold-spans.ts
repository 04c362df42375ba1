import "server-only";
import type { SpanCategory } from "@/lib/spans/categories";
import { findSameCategoryOverlaps, mergeSameCategoryOverlaps } from "@/lib/spans/review/same-category-overlaps";
import { snapSpansToWords } from "@/lib/spans/snap-spans-to-words";
import { type Db, getDb } from "../client";
import { runInTransaction } from "../run-in-transaction";
import { SPAN_SELECT, type SpanRow } from "./span-rows";
import { writeSpanChanges } from "./write-span-changes";
import { appendGoldAuditEvents } from "../audit/append-gold-audit-events";
import { readGoldSnapshot } from "../audit/read-gold-snapshot";

export type GoldOverlap = {
  pairId: string;
  documentId: string;
  category: string;
  kind: "nested" | "overlap";
  a: { spanId: string; start: number; end: number; text: string };
  b: { spanId: string; start: number; end: number; text: string };
};

export type GoldRepair = {
  pairId: string;
  /** Pair.version the plan was made from: applying it to a newer version is skipped (someone saved since). */
  version: number;
  overlaps: GoldOverlap[];
  /** Live gold spans the repair replaces, and what stands in their place (whole words; overlapping ones joined). */
  before: { id: string; documentId: string; start: number; end: number; text: string; category: string }[];
  after: { documentId: string; start: number; end: number; text: string; category: string }[];
};

export type PlanGoldRepairsOptions = { datasetId?: string; db?: Db; pageSize?: number };

const placed = (r: SpanRow) => ({ spanId: r.id, start: r.start, end: r.end, text: r.text });
const sameSpan = (a: { documentId: string; start: number; end: number; category: string }, b: typeof a) =>
  a.documentId === b.documentId && a.start === b.start && a.end === b.end && a.category === b.category;

/**
 * Stored gold that breaks the gold invariants — two spans of one category sharing a character, or a span that cuts a
 * word though no person placed it exactly — with the repair for each pair: fragments widened to whole words, then
 * overlapping same-category spans joined into their union (nothing a person marked is dropped). Read only.
 */
export async function planGoldRepairs({ datasetId, db = getDb(), pageSize = 500 }: PlanGoldRepairsOptions = {}): Promise<GoldRepair[]> {
  const out: GoldRepair[] = [];
  let after: string | undefined;
  for (;;) {
    const pairs = await db.pair.findMany({
      where: {
        ...(datasetId ? { datasetId } : {}),
        ...(after !== undefined ? { id: { gt: after } } : {}),
        spans: { some: { source: "gold", annotationId: null, deletedAt: null } },
      },
      orderBy: { id: "asc" },
      take: pageSize,
      select: { id: true, version: true },
    });
    if (pairs.length === 0) break;
    const rows = await db.span.findMany({
      where: { pairId: { in: pairs.map((p) => p.id) }, source: "gold", annotationId: null, deletedAt: null },
      orderBy: [{ pairId: "asc" }, { start: "asc" }],
      select: SPAN_SELECT,
    });
    const docIds = [...new Set(rows.map((r) => r.documentId))];
    const texts = new Map(
      (await db.document.findMany({ where: { id: { in: docIds } }, select: { id: true, text: true } })).map((d) => [d.id, d.text]),
    );
    const byPair = new Map<string, SpanRow[]>();
    for (const r of rows) {
      const list = byPair.get(r.pairId);
      if (list) list.push(r);
      else byPair.set(r.pairId, [r]);
    }
    for (const p of pairs) {
      const live = byPair.get(p.id) ?? [];
      const overlaps = findSameCategoryOverlaps(live).map(({ a, b, kind }) => ({
        pairId: p.id,
        documentId: a.documentId,
        category: a.category,
        kind,
        a: placed(a),
        b: placed(b),
      }));
      const snapped = snapSpansToWords({ spans: live, texts }).spans;
      const merged = mergeSameCategoryOverlaps(snapped, texts).spans;
      const changed = merged.length !== live.length || merged.some((m) => !live.some((l) => sameSpan(l, m)));
      if (!changed) continue;
      const kept = live.filter((l) => merged.some((m) => sameSpan(l, m)));
      out.push({
        pairId: p.id,
        version: p.version,
        overlaps,
        before: live
          .filter((l) => !kept.includes(l))
          .map(({ id, documentId, start, end, text, category }) => ({ id, documentId, start, end, text, category })),
        after: merged
          .filter((m) => !live.some((l) => sameSpan(l, m)))
          .map(({ documentId, start, end, text, category }) => ({ documentId, start, end, text, category })),
      });
    }
    if (pairs.length < pageSize) break;
    after = pairs.at(-1)!.id;
  }
  return out;
}

export type ApplyGoldRepairsResult = { repaired: number; skipped: { pairId: string; reason: string }[] };

/**
 * Writes planned repairs, one transaction per pair: the changed spans through writeSpanChanges (a SpanEvent each,
 * nothing hard-deleted) and Pair.version bumped, so a reviewer who opened the old gold gets a conflict, not a silent
 * overwrite. A pair whose version moved since the plan is skipped and named. Each repaired pair gets one GoldAuditEvent
 * (kind "repair", actor: the system) with its gold before and after, in its transaction.
 */
export async function applyGoldRepairs({ repairs, db = getDb() }: { repairs: readonly GoldRepair[]; db?: Db }): Promise<ApplyGoldRepairsResult> {
  let repaired = 0;
  const skipped: ApplyGoldRepairsResult["skipped"] = [];
  for (const r of repairs) {
    const done = await runInTransaction(
      async (tx) => {
        const bumped = await tx.pair.updateMany({ where: { id: r.pairId, version: r.version }, data: { version: { increment: 1 } } });
        if (bumped.count !== 1) return false;
        const before = await readGoldSnapshot({ tx, pairId: r.pairId });
        const existing = await tx.span.findMany({
          where: { pairId: r.pairId, source: "gold", annotationId: null, deletedAt: null },
          select: SPAN_SELECT,
        });
        const drop = new Set(r.before.map((b) => b.id));
        const desired = [
          ...existing
            .filter((e) => !drop.has(e.id))
            .map(({ id, documentId, start, end, text, category, exact }) => ({
              id,
              documentId,
              start,
              end,
              text,
              category: category as SpanCategory,
              exact,
            })),
          ...r.after.map((a) => ({ ...a, category: a.category as SpanCategory })),
        ];
        const now = new Date();
        await writeSpanChanges({
          tx,
          existing,
          desired,
          scope: { pairId: r.pairId, annotationId: null, source: "gold" },
          actorId: null,
          now,
        });
        const after = await readGoldSnapshot({ tx, pairId: r.pairId });
        await appendGoldAuditEvents({
          tx,
          events: [
            { pairId: r.pairId, datasetId: before.datasetId, actorId: null, kind: "repair", before: before.snapshot, after: after.snapshot, at: now },
          ],
        });
        return true;
      },
      { db },
    );
    if (done) repaired++;
    else skipped.push({ pairId: r.pairId, reason: "its gold changed since the plan (run the repair again)" });
  }
  return { repaired, skipped };
}
