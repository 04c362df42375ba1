import "server-only";
import { performance } from "node:perf_hooks";
import { countDownstreamTokens, loadDownstreamEncoding } from "../../engine/count-downstream-tokens";
import { resolveBudget } from "../../engine/methods";
import { prepareResult } from "../../engine/prepare-result";
import type { TokenScores, UnitScores } from "../../engine/types";
import { requestedMethod, type CompressRequest, type CompressResponse } from "../../schemas/compress";
import { getEnv } from "../env";
import { listModels } from "../model/list-models";
import { resolveMethod } from "../scoring/resolve-method";
import { scoreResultSet } from "../scoring/score-result-set";
import { roundMs } from "../scoring/round-ms";
import { toCompressResponse } from "../scoring/to-compress-response";

/**
 * POST /api/v1/compress after validation: canonicalise each result, then the shared pipeline (scoreResultSet) with
 * the requested method, threshold, aggregation and budget. Span/unit/block offsets are UTF-16 offsets into each
 * result's canonical text (returned as `text` with include.tokens), so `text.slice(start, end) === span.text`.
 */
export async function compressRequest(
  body: CompressRequest,
  options: {
    /** The fresh token scores of a token model (live metrics count tokens per predicted category). */
    onTokenScores?: (tokenScores: readonly TokenScores[]) => void;
  } = {},
): Promise<CompressResponse> {
  const t0 = performance.now();
  const method = resolveMethod(requestedMethod(body), await listModels());
  const encoding = body.encoding ?? getEnv().downstreamEncoding;
  if (encoding) await loadDownstreamEncoding(encoding);

  const results = body.results.map((r, i) =>
    prepareResult({
      id: r.id ?? String(i),
      text: r.text,
      html: r.html,
      title: r.title,
      url: r.url,
      summary: r.summary,
      fragmentSize: body.fragmentSize,
      encoding,
    }),
  );
  const prepareMs = roundMs(performance.now() - t0);

  const scored = await scoreResultSet({
    query: body.query,
    results,
    method,
    budget: resolveBudget({ preset: body.preset, budget: body.budget }),
    ...(body.threshold !== undefined ? { threshold: body.threshold } : {}),
    ...(body.aggregation !== undefined ? { aggregation: body.aggregation } : {}),
    // Exact count when the fallback unit must be cut to the budget.
    countTokens: (text) => countDownstreamTokens(text, encoding),
    includeTokens: body.include?.tokens === true,
    ...(options.onTokenScores
      ? {
          onScored: async (scores: UnitScores) => {
            if (scores.tokenScores) options.onTokenScores!(scores.tokenScores);
          },
        }
      : {}),
  });
  const timings = { prepareMs, ...scored.timings, totalMs: roundMs(performance.now() - t0) };
  return toCompressResponse({ scored: { ...scored, timings }, query: body.query });
}
