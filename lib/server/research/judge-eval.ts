import "server-only";
import { AppError } from "@/lib/errors";
import { evaluateJudge, type JudgeEvalPair, type LabeledSpan, mostDisagreeing, SPAN_MATCH_IOU } from "@/lib/judge/evaluate-judge";
import { addMatchCounts, emptyMatchCounts } from "@/lib/judge/match-stats";
import type { JudgeVariant } from "@/lib/judge/types";
import { judgeConfigKeyString, type JudgeConfigKey, type JudgeEvalReport, parseJudgeConfigKey } from "@/lib/schemas/judge";
import type { Db } from "../db/client";
import { getDataset } from "../db/datasets/get-dataset";
import { listJudgments } from "../db/judge/list-judgments";
import { listEvalPairs } from "../db/research/list-eval-pairs";

/**
 * Judging the judge on a dataset: every judge configuration (model, prompt version, variant) with judgments on the
 * adjudicated gold pairs, or the ones asked for, scored against the gold span by span and token by token per category
 * (lib/judge/evaluate-judge.ts), side by side, each with the pairs where it and the gold disagree most.
 * /research/judge, GET /api/v1/research/judge and `snippet-lab judge-eval` share it.
 */
export async function computeJudgeEval({
  datasetId,
  configs,
  worst = 20,
  db,
}: {
  datasetId: string;
  /** "model|promptVersion|variant" keys; default every configuration found. */
  configs?: readonly string[];
  worst?: number;
  db?: Db;
}): Promise<JudgeEvalReport> {
  const dataset = await getDataset({ id: datasetId, ...(db ? { db } : {}) });
  const pairs = await listEvalPairs({ datasetId, onlyGold: true, ...(db ? { db } : {}) });
  const judgments = await listJudgments({ pairIds: pairs.map((p) => p.id), ...(db ? { db } : {}) });
  const byConfig = new Map<string, { key: JudgeConfigKey; rows: typeof judgments }>();
  for (const j of judgments) {
    const key = { model: j.model, promptVersion: j.promptVersion, variant: j.variant as JudgeVariant };
    const s = judgeConfigKeyString(key);
    const entry = byConfig.get(s) ?? { key, rows: [] };
    entry.rows.push(j);
    byConfig.set(s, entry);
  }
  const available = [...byConfig.entries()]
    .map(([key, v]) => ({ ...v.key, key, pairs: v.rows.length }))
    .sort((a, b) => a.model.localeCompare(b.model) || a.promptVersion.localeCompare(b.promptVersion) || a.variant.localeCompare(b.variant));
  const malformed = (configs ?? []).filter((c) => parseJudgeConfigKey(c) === null);
  if (malformed.length > 0)
    throw new AppError(
      "BAD_REQUEST",
      `not a judge configuration "model|promptVersion|variant": ${malformed.map((c) => JSON.stringify(c)).join(", ")}`,
    );
  const wanted = configs && configs.length > 0 ? [...new Set(configs)] : available.map((a) => a.key);
  const pairById = new Map(pairs.map((p) => [p.id, p]));

  const results = wanted.map((key) => {
    const parsed = parseJudgeConfigKey(key)!;
    const rows = byConfig.get(key)?.rows ?? [];
    const matches = emptyMatchCounts();
    const evalPairs: JudgeEvalPair[] = rows.flatMap((r) => {
      const pair = pairById.get(r.pairId);
      if (!pair) return [];
      addMatchCounts(matches, JSON.parse(r.matchJson));
      const judge = (JSON.parse(r.spansJson) as LabeledSpan[]).map(({ documentId, start, end, category }) => ({ documentId, start, end, category }));
      return [
        { pairId: pair.id, query: pair.query, documents: pair.documents.map((d) => ({ documentId: d.id, text: d.text })), gold: pair.gold, judge },
      ];
    });
    const result = evaluateJudge({ pairs: evalPairs });
    return {
      ...parsed,
      key,
      pairs: result.pairs,
      span: result.span,
      token: result.token,
      matches,
      worstPairs: mostDisagreeing(result.perPair, worst),
    };
  });
  return {
    datasetId,
    datasetName: dataset.name,
    goldPairs: pairs.length,
    available,
    configs: results,
    rules: {
      spanIou: SPAN_MATCH_IOU,
      tokens: "word tokens (Intl word segments, punctuation included); a token carries every category whose spans overlap it",
    },
  };
}
