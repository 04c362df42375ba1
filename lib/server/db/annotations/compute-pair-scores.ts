import "server-only";
import { computeModelGoldDisagreement, type ScoredDocument } from "@/lib/spans/agreement/compute-model-gold-disagreement";
import { computeUncertainty } from "@/lib/spans/agreement/compute-uncertainty";
import type { Span } from "@/lib/spans/schemas";
import { type Db, getDb } from "../client";
import { cachedPairScores } from "./pair-score-cache";

export type PairScoreKind = "uncertainty" | "disagreement";

export type ComputePairScoresOptions = {
  db?: Db;
  pairIds: readonly string[];
  kind: PairScoreKind;
  /** Only this model's runs; default: for each document the most recent run of any model. */
  modelName?: string;
  /** Keep threshold of the model (default 0.5). */
  threshold?: number;
};

const CHUNK = 200;

/**
 * Queue scores from the ModelRun cache (per-token probabilities; stale inputHash entries are used as they are):
 * - uncertainty: lib/spans computeUncertainty (mean 1 − |2p − 1| at threshold 0.5) over all tokens of the pair;
 * - disagreement: 1 − char-F1 between the model's kept text (p ≥ threshold) and live gold "vital" spans, on the
 *   documents the model scored (lib/spans computeModelGoldDisagreement); pairs without gold get no score.
 * Pairs without runs are absent from the map. The first call decodes every run of every listed pair; later calls
 * score again only the pairs whose runs or gold changed since (pair-score-cache), so a queue of a hundred thousand
 * pairs is ranked in memory from cached scores.
 */
export async function computePairScores(options: ComputePairScoresOptions): Promise<Map<string, number>> {
  const { db = getDb(), pairIds, kind, modelName, threshold = 0.5 } = options;
  return cachedPairScores({
    db,
    key: JSON.stringify([kind, modelName ?? null, threshold]),
    pairIds,
    modelName,
    withGold: kind === "disagreement",
    compute: (ids) => scorePairsFromRuns({ db, pairIds: ids, kind, modelName, threshold }),
  });
}

/** computePairScores without the cache: decodes the runs of every listed pair. */
async function scorePairsFromRuns({
  db,
  pairIds,
  kind,
  modelName,
  threshold,
}: Required<Omit<ComputePairScoresOptions, "modelName">> & { modelName: string | undefined }): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (let i = 0; i < pairIds.length; i += CHUNK) {
    const chunk = pairIds.slice(i, i + CHUNK);
    const runs = await db.modelRun.findMany({
      where: { pairId: { in: chunk }, ...(modelName ? { modelName } : {}) },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { pairId: true, documentId: true, probs: true, offsets: kind === "disagreement" },
    });
    // Newest run per (pair, document).
    const latest = new Map<string, (typeof runs)[number]>();
    for (const r of runs) {
      const k = `${r.pairId}\u0000${r.documentId}`;
      if (!latest.has(k)) latest.set(k, r);
    }
    const byPair = new Map<string, (typeof runs)[number][]>();
    for (const r of latest.values()) byPair.set(r.pairId, [...(byPair.get(r.pairId) ?? []), r]);

    if (kind === "uncertainty") {
      for (const [pairId, list] of byPair) {
        const probs = list.flatMap((r) => Array.from(decodeFloat32(r.probs)));
        const v = safe(() => computeUncertainty({ probs, threshold }));
        if (v !== null) out.set(pairId, v);
      }
      continue;
    }

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
      if (v !== null) out.set(pairId, v);
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
