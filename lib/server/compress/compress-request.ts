import { performance } from "node:perf_hooks";
import { compressResultSet } from "../../engine/compress-result-set";
import { countDownstreamTokens, loadDownstreamEncoding } from "../../engine/count-downstream-tokens";
import { prepareResult } from "../../engine/prepare-result";
import { resolveBudget } from "../../engine/presets";
import type { PreparedResult } from "../../engine/types";
import type { CompressRequest, CompressResponse, CompressResultOut } from "../../schemas/compress";
import { getScorer } from "../get-scorer";
import { listModels } from "../model/list-models";
import { resolveMethod } from "./resolve-method";
import { tokenScoresToJson } from "./token-scores-to-json";



/**
 * POST /api/v1/compress after validation: canonicalise each result, score with the requested method,
 * select one budget across the set. Span/unit/block offsets are UTF-16 offsets into each result's
 * canonical text (returned as `text` with include.tokens), so `text.slice(start, end) === span.text`.
 */
export async function compressRequest(body: CompressRequest): Promise<CompressResponse> {
  const t0 = performance.now();
  const resolved = resolveMethod(body.model, await listModels());
  const threshold = body.threshold ?? resolved.threshold;
  const aggregation = body.aggregation ?? resolved.aggregation;
  const budget = resolveBudget({ preset: body.preset, budget: body.budget });
  const encoding = body.encoding ?? process.env.SNIPPET_LAB_DOWNSTREAM_ENCODING;
  if (encoding) await loadDownstreamEncoding(encoding);

  const results: PreparedResult[] = body.results.map((r, i) =>
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
  const t1 = performance.now();

  const scorer = await getScorer(resolved.method);
  const outcome = await compressResultSet({
    query: body.query,
    results,
    scorer,
    budget,
    threshold,
    aggregation,
    ...(resolved.fallbackFloor !== undefined ? { fallbackFloor: resolved.fallbackFloor } : {}),
    // Exact count when the fallback unit must be cut to the budget.
    countTokens: (text) => countDownstreamTokens(text, encoding),
  });
  const { selection } = outcome;
  const withTokens = body.include?.tokens === true;

  const out: CompressResultOut[] = results.map((res, r) => {
    const sel = selection.results[r];
    const item: CompressResultOut = {
      id: res.id,
      snippet: sel?.snippet ?? "",
      spans: sel?.spans ?? [],
      tokensIn: sel?.tokensIn ?? res.tokensIn,
      tokensOut: sel?.tokensOut ?? 0,
    };
    if (item.spans.length === 0) {
      item.reason = selection.reason ?? "no unit of this result passed the threshold within the shared budget";
    }
    if (withTokens) {
      const scores = outcome.unitScores[r] ?? [];
      item.text = res.doc.text;
      const title = res.title ?? res.doc.title;
      if (title !== undefined) item.title = title;
      item.blocks = res.doc.blocks.map((b) => ({ ...b }));
      item.units = res.units.map((u, i) => ({
        start: u.start,
        end: u.end,
        block: u.block,
        score: scores[i] ?? 0,
        tokens: res.unitTokens[i] ?? 0,
      }));
      const ts = outcome.tokenScores?.[r];
      if (ts) item.tokenScores = tokenScoresToJson(ts);
    }
    return item;
  });

  const response: CompressResponse = {
    results: out,
    tokensIn: selection.tokensIn,
    tokensOut: selection.tokensOut,
    model: scorer.name,
    threshold,
    budget,
    aggregation,
    offsets: "utf16-canonical",
    timings: {
      prepareMs: round2(t1 - t0),
      scoreMs: round2(outcome.timings.scoreMs),
      ...(outcome.timings.score
        ? {
            tokenizeMs: round2(outcome.timings.score.tokenizeMs),
            queueMs: round2(outcome.timings.score.queueMs),
            modelMs: round2(outcome.timings.score.modelMs),
            windows: outcome.timings.score.windows,
          }
        : {}),
      selectMs: round2(outcome.timings.selectMs),
      totalMs: round2(performance.now() - t0),
    },
  };
  if (resolved.fallbackFloor !== undefined) response.fallbackFloor = resolved.fallbackFloor;
  if (selection.reason) response.reason = selection.reason;
  return response;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
