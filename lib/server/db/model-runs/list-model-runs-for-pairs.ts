import "server-only";
import type { TokenScoreArrays } from "./encode-token-scores";
import { type Db, getDb } from "../client";
import type { CachedModelRun } from "./list-model-runs";
import { decodeTokenScores } from "./encode-token-scores";
import { processCache } from "../../process-cache";

/** Ids per IN list (SQLite through Prisma's adapter: at most 999 parameters). */
const CHUNK = 900;

/**
 * Decoded probabilities by run, kept in memory: a research view reads the runs of thousands of pairs on every request,
 * and reading and decoding their bytes is most of its time. A run is replaced in place (same id) with a new
 * `createdAt` and input hash, so id + createdAt + input hash identify its bytes. Bounded by tokens held.
 */
const MAX_TOKENS = 20_000_000;
type Decoded = { key: string; scores: TokenScoreArrays | null; tokens: number };
const cache = processCache<string, Decoded>("run-scores", { maxWeight: MAX_TOKENS, weigh: (run) => run.tokens });

const keyOf = (r: { inputHash: string; createdAt: Date }) => `${r.createdAt.getTime()}\u0000${r.inputHash}`;

/**
 * The cached token probabilities of one model for many pairs (any input hash): pair id → its runs. Reads the runs'
 * headers first and the bytes only of runs not decoded before in this process.
 */
export async function listModelRunsForPairs({
  pairIds,
  modelName,
  db = getDb(),
  maxCachedTokens: maxTokens = MAX_TOKENS,
}: {
  pairIds: readonly string[];
  modelName: string;
  db?: Db;
  /** The memory cache's bound in tokens (tests make it small). */
  maxCachedTokens?: number;
}): Promise<Map<string, CachedModelRun[]>> {
  const headers = [];
  for (let i = 0; i < pairIds.length; i += CHUNK) {
    headers.push(
      ...(await db.modelRun.findMany({
        where: { modelName, pairId: { in: pairIds.slice(i, i + CHUNK) } },
        select: { id: true, pairId: true, documentId: true, inputHash: true, tokenCount: true, durationMs: true, createdAt: true },
      })),
    );
  }
  // This request's decoded runs: the memory cache is bounded, so a request over more tokens than it holds evicts
  // its own first runs while reading the last ones (those pairs would then look unscored).
  const decoded = new Map<string, Decoded>();
  for (const h of headers) {
    const hit = cache.get(h.id);
    if (hit?.key === keyOf(h)) decoded.set(h.id, hit);
  }
  const missing = headers.filter((h) => !decoded.has(h.id)).map((h) => h.id);
  for (let i = 0; i < missing.length; i += CHUNK) {
    const rows = await db.modelRun.findMany({
      where: { id: { in: missing.slice(i, i + CHUNK) } },
      select: { id: true, inputHash: true, createdAt: true, tokenCount: true, probs: true, offsets: true, categories: true },
    });
    for (const { id, probs, offsets, categories, tokenCount, ...h } of rows) {
      const entry = { key: keyOf(h), scores: decodeTokenScores({ probs, offsets, categories, tokenCount }), tokens: tokenCount };
      decoded.set(id, entry);
      cache.set(id, entry, { maxWeight: maxTokens });
    }
  }

  const out = new Map<string, CachedModelRun[]>();
  for (const { pairId, ...h } of headers) {
    const entry = decoded.get(h.id);
    // Replaced between the two reads: the header's run is gone, so it is no cache entry for this request.
    if (!entry || entry.key !== keyOf(h)) continue;
    const list = out.get(pairId) ?? [];
    list.push({ ...h, scores: entry.scores });
    out.set(pairId, list);
  }
  return out;
}
