import "server-only";
import { computeModelGoldDisagreement, type ScoredDocument } from "@/lib/spans/agreement/compute-model-gold-disagreement";
import { computeUncertainty } from "@/lib/spans/agreement/compute-uncertainty";
import type { Span } from "@/lib/spans/schemas";
import type { Db } from "../client";

export type PairScoreKind = "uncertainty" | "disagreement";

/** The queue's default keep threshold: at it (and without a model name) the scores stored on Pair are used. */
export const DEFAULT_SCORE_THRESHOLD = 0.5;

const CHUNK = 200;

/**
 * The scores of every listed pair, decoded from its runs (no cache): one read of the runs for every kind asked for.
 * Kinds not asked for come back empty.
 */
export async function scorePairsFromRuns({
  db,
  pairIds,
  kinds,
  modelName,
  threshold,
}: {
  db: Db;
  pairIds: readonly string[];
  kinds: readonly PairScoreKind[];
  modelName: string | undefined;
  threshold: number;
}): Promise<Record<PairScoreKind, Map<string, number>>> {
  const out = { uncertainty: new Map<string, number>(), disagreement: new Map<string, number>() };
  const withGold = kinds.includes("disagreement");
  for (let i = 0; i < pairIds.length; i += CHUNK) {
    const chunk = pairIds.slice(i, i + CHUNK);
    const runs = await db.modelRun.findMany({
      where: { pairId: { in: chunk }, ...(modelName ? { modelName } : {}) },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { pairId: true, documentId: true, probs: true, offsets: withGold },
    });
    // Newest run per (pair, document).
    const latest = new Map<string, (typeof runs)[number]>();
    for (const r of runs) {
      const k = `${r.pairId}\u0000${r.documentId}`;
      if (!latest.has(k)) latest.set(k, r);
    }
    const byPair = new Map<string, (typeof runs)[number][]>();
    for (const r of latest.values()) byPair.set(r.pairId, [...(byPair.get(r.pairId) ?? []), r]);

    if (kinds.includes("uncertainty")) {
      for (const [pairId, list] of byPair) {
        const probs = list.flatMap((r) => Array.from(decodeFloat32(r.probs)));
        const v = safe(() => computeUncertainty({ probs, threshold }));
        if (v !== null) out.uncertainty.set(pairId, v);
      }
    }
    if (!withGold) continue;

    const gold = await db.span.findMany({
      where: { pairId: { in: [...byPair.keys()] }, source: "gold", annotationId: null, deletedAt: null },
      select: { pairId: true, documentId: true, start: true, end: true, text: true, category: true },
    });
    const goldByPair = new Map<string, Span[]>();
    for (const g of gold) {
      const span = { ...g, category: g.category as Span["category"], source: "gold" as const };
      goldByPair.set(g.pairId, [...(goldByPair.get(g.pairId) ?? []), span]);
    }
    const docIds = [...new Set([...latest.values()].filter((r) => goldByPair.has(r.pairId)).map((r) => r.documentId))];
    const texts = new Map(
      (await db.document.findMany({ where: { id: { in: docIds } }, select: { id: true, text: true } })).map((d) => [d.id, d.text]),
    );
    for (const [pairId, list] of byPair) {
      const goldSpans = goldByPair.get(pairId);
      if (!goldSpans) continue;
      const documents: ScoredDocument[] = list.flatMap((r) => {
        const text = texts.get(r.documentId);
        if (text === undefined || !r.offsets) return [];
        const { starts, ends } = decodeOffsets(r.offsets);
        const probs = decodeFloat32(r.probs);
        if (probs.length !== starts.length) return []; // inconsistent cache entry
        return [{ documentId: r.documentId, text, starts, ends, probs }];
      });
      const scored = new Set(documents.map((d) => d.documentId));
      const v = safe(
        () => computeModelGoldDisagreement({ gold: goldSpans.filter((g) => scored.has(g.documentId)), documents, threshold }).disagreement,
      );
      if (v !== null) out.disagreement.set(pairId, v);
    }
  }
  return out;
}

/** A corrupt cache entry (NaN probabilities, odd lengths) must not break the queue: that pair just gets no score. */
function safe(fn: () => number): number | null {
  try {
    const v = fn();
    return Number.isFinite(v) ? v : null;
  } catch {
    return null;
  }
}

/** Float32 little-endian (ModelRun.probs); DataView because the buffer offset need not be 4-aligned. */
function decodeFloat32(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(bytes.byteLength >>> 2);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

/** Uint32 little-endian (start, end) pairs (ModelRun.offsets). */
function decodeOffsets(bytes: Uint8Array): { starts: Uint32Array; ends: Uint32Array } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = bytes.byteLength >>> 3;
  const starts = new Uint32Array(n);
  const ends = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    starts[i] = view.getUint32(i * 8, true);
    ends[i] = view.getUint32(i * 8 + 4, true);
  }
  return { starts, ends };
}
