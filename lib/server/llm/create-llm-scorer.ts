import "server-only";
import { buildExtractPrompt } from "@/lib/judge/build-extract-prompt";
import { chunkDocument } from "@/lib/judge/chunk-document";
import { EXTRACT_REPLY_SCHEMA } from "@/lib/judge/json-schemas";
import { createQuoteMatcher } from "@/lib/judge/match-quote";
import { parseExtractOutput } from "@/lib/judge/parse-judge-output";
import type { DocumentChunk, TextRange } from "@/lib/judge/types";
import { DEFAULT_FLOOR } from "@/lib/engine/select-spans";
import type { LlmExtract, PreparedResult, Scorer, UnitScores } from "@/lib/engine/types";
import { completeCached, type LlmCache } from "./complete-cached";
import { type LlmClient, newLlmUsage } from "./create-llm-client";

/** hybrid: at most this many units (the best the filter scored) go to the LLM per result set — the cost bound. */
export const HYBRID_MAX_UNITS = 40;
/** hybrid: at least this many (the best above the floor), so a strict filter still leaves the LLM something to read. */
export const HYBRID_MIN_UNITS = 3;
/** hybrid with BM25: units scoring at least this share of the best unit's BM25 score pass. */
export const HYBRID_BM25_THRESHOLD = 0.3;

export type HybridFilter = { scorer: Scorer; threshold: number; name: string };

export type CreateLlmScorerOptions = {
  client: LlmClient;
  chunkChars: number;
  cache: LlmCache;
  /** hybrid: the fast method that filters units first; without it, llm-extract reads whole documents. */
  filter?: HybridFilter;
  signal?: AbortSignal;
};

/** Which units of a result set pass a hybrid filter: ≥ threshold, the best HYBRID_MAX_UNITS, at least HYBRID_MIN_UNITS. */
export function passingUnits(unitScores: readonly (readonly number[])[], threshold: number): Set<string> {
  const all: { r: number; u: number; s: number }[] = [];
  unitScores.forEach((scores, r) => scores.forEach((s, u) => all.push({ r, u, s })));
  all.sort((a, b) => b.s - a.s || a.r - b.r || a.u - b.u);
  const passed = all.filter((x) => x.s >= threshold && x.s > DEFAULT_FLOOR).slice(0, HYBRID_MAX_UNITS);
  if (passed.length < HYBRID_MIN_UNITS)
    passed.push(...all.filter((x) => x.s > DEFAULT_FLOOR && !passed.includes(x)).slice(0, HYBRID_MIN_UNITS - passed.length));
  return new Set(passed.map((x) => `${x.r}:${x.u}`));
}

/** The parts of a document the LLM reads: whole-block chunks, or the passed units grouped into chunks. */
function chunksOf(result: PreparedResult, r: number, chunkChars: number, passed: Set<string> | null): DocumentChunk[] {
  if (!passed) return chunkDocument({ text: result.doc.text, blocks: result.doc.blocks, maxChars: chunkChars });
  const ranges: TextRange[] = result.units.flatMap((u, i) => (passed.has(`${r}:${i}`) ? [{ start: u.start, end: u.end }] : []));
  const chunks: DocumentChunk[] = [];
  for (const range of ranges) {
    const last = chunks[chunks.length - 1];
    if (last && range.end - last.start <= chunkChars) {
      last.blocks.push(range);
      last.end = range.end;
    } else chunks.push({ start: range.start, end: range.end, blocks: [range] });
  }
  return chunks;
}

/**
 * llm-extract (no filter) and hybrid (a filter first) as a Scorer: per result, the LLM is asked to extract the
 * sentences the query needs — verbatim, in order, numbers, dates, names and negations intact — from whole documents
 * (chunked like the judge's) or from the units the filter passed. Each extract is matched back with the judge's span
 * matcher (exact → normalized → regex → fuzzy); a unit's score is the share of its characters the located extracts
 * cover, so the shared selection keeps what the LLM extracted (threshold LLM_THRESHOLD) as verbatim source text with
 * offsets. Extracts no step locates are flagged (`llm.extracts[].reason`), never kept. Replies are cached like the
 * judge's (same table, kind "extract").
 */
export function createLlmScorer(o: CreateLlmScorerOptions): Scorer {
  const name = o.filter ? `hybrid:${o.filter.name}` : "llm-extract";
  return {
    name,
    async scoreUnits({ query, results, aggregation }): Promise<UnitScores> {
      const usage = newLlmUsage();
      let passed: Set<string> | null = null;
      if (o.filter) {
        const filtered = await o.filter.scorer.scoreUnits({ query, results, aggregation });
        passed = passingUnits(filtered.unitScores, o.filter.threshold);
      }
      const extracts: LlmExtract[] = [];
      const unitScores = await Promise.all(
        results.map(async (result, r) => {
          const chunks = chunksOf(result, r, o.chunkChars, passed);
          const replies = await Promise.all(
            chunks.map((chunk, i) =>
              completeCached({
                client: o.client,
                cache: o.cache,
                kind: "extract",
                messages: buildExtractPrompt({
                  query,
                  text: result.doc.text,
                  blocks: chunk.blocks,
                  part: { index: i + 1, count: chunks.length },
                  title: result.title ?? result.doc.title ?? null,
                }),
                parse: parseExtractOutput,
                what: `the extracts of result ${result.id}`,
                replySchema: EXTRACT_REPLY_SCHEMA,
                usage,
                ...(o.signal ? { signal: o.signal } : {}),
              }),
            ),
          );
          const covered: TextRange[] = [];
          const mine: LlmExtract[] = [];
          chunks.forEach((chunk, i) => {
            const match = createQuoteMatcher(result.doc.text.slice(chunk.start, chunk.end));
            let near = 0;
            for (const text of replies[i]!.extracts) {
              const m = match(text, near);
              if (!m.matched) {
                mine.push({ resultId: result.id, text, reason: m.reason });
                continue;
              }
              near = m.end;
              const range = { start: chunk.start + m.start, end: chunk.start + m.end };
              covered.push(range);
              mine.push({ resultId: result.id, text, ...range, method: m.method });
            }
          });
          extracts.push(...mine);
          return result.units.map((u, i) => {
            if (passed && !passed.has(`${r}:${i}`)) return 0;
            const len = u.end - u.start;
            if (len <= 0) return 0;
            let inside = 0;
            for (const c of covered) inside += Math.max(0, Math.min(c.end, u.end) - Math.max(c.start, u.start));
            return Math.min(1, inside / len);
          });
        }),
      );
      // Extracts in result order (the per-result lists were filled concurrently).
      const order = new Map(results.map((res, i) => [res.id, i]));
      extracts.sort((a, b) => order.get(a.resultId)! - order.get(b.resultId)! || (a.start ?? Infinity) - (b.start ?? Infinity));
      return {
        unitScores,
        llm: {
          model: o.client.model,
          requests: usage.requests,
          cachedRequests: usage.cachedRequests,
          promptTokens: usage.promptTokens,
          completionTokens: usage.completionTokens,
          extracts,
          ...(o.filter && passed
            ? { filter: o.filter.name, passedUnits: passed.size, totalUnits: results.reduce((n, res) => n + res.units.length, 0) }
            : {}),
        },
      };
    },
  };
}
