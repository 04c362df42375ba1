import "server-only";
import { AppError } from "@/lib/errors";
import type { MatchCounts } from "@/lib/judge/match-stats";
import type { JudgeVariant } from "@/lib/judge/types";
import type { StoredSuggestion } from "../../schemas/suggestions";
import { type Db, getDb } from "../db/client";
import { getPair, type PairDocumentDetail } from "../db/get-pair";
import { commitJudgment } from "../db/judge/commit-judgment";
import type { LlmClient, LlmUsage } from "../llm/create-llm-client";
import { getLlmClient } from "../llm/get-llm-client";
import { requireJudgeConfig } from "./judge-config";
import { type JudgeConfig } from "../env";
import type { JudgeUnmatched } from "./judge-document";
import { judgeLayerName, judgePair, judgmentFields } from "./judge-pair";
import { PROMPT_VERSION } from "./prompt-version";

export type RunJudgeOptions = {
  pairId: string;
  /** Judge only these documents of the pair (default all); the judge's suggestions on the others are kept. */
  documentIds?: string[];
  /** Run stage 1 even when the query already has intents (stored ones may be curated: kept by default). */
  refreshIntents?: boolean;
  /** Default "two-stage". */
  variant?: JudgeVariant;
  /** Answer unchanged requests from the JudgeCall cache (default true). */
  useCache?: boolean;
  db?: Db;
  /** Default: from the environment (requireJudgeConfig). */
  config?: JudgeConfig;
  /** Default: the process's client for config (getLlmClient: its concurrency limit holds across requests). */
  client?: LlmClient;
};

export type RunJudgeResult = {
  /** The intents stage 2 used (from stage 1, or the query's stored ones; none for the one-stage variant). */
  intents: string[];
  /** Every judge suggestion of this judge layer on the pair after the run, in document order. */
  suggestions: StoredSuggestion[];
  /** Quotes the judge returned that no matching step located in the document (not stored as suggestions). */
  unmatched: JudgeUnmatched[];
  /** Quotes per matching step. */
  matches: MatchCounts;
  /** Requests sent, retries, tokens, and requests answered from the cache. */
  usage: LlmUsage;
  promptVersion: string;
};

function selectDocuments(documents: PairDocumentDetail[], ids: string[] | undefined, pairId: string): PairDocumentDetail[] {
  if (!ids) return documents;
  const wanted = new Set(ids);
  const unknown = [...wanted].filter((id) => !documents.some((d) => d.id === id));
  if (unknown.length > 0) throw new AppError("UNPROCESSABLE", `Document ${unknown[0]} is not part of pair ${pairId}`, { unknown });
  return documents.filter((d) => wanted.has(d.id));
}

/**
 * The LLM judge on one pair, synchronously (the workspace's button, `snippet-lab judge --pair`). Stage 1 (two-stage,
 * once per pair, skipped when the query already has intents unless refreshIntents) finds the query's intents; stage 2
 * asks, per document chunk, for verbatim spans with categories; quotes are matched back to offsets (exact →
 * normalized → regex → fuzzy). Replies are cached by (judge model, prompt version, input hash): an unchanged pair
 * costs nothing the second time. At the end — and only when every request succeeded — the intents, the matched spans
 * (Suggestion rows, source "judge", modelName = the judge layer) and the judgment are written in one transaction.
 * Errors: UNAVAILABLE when not configured, when the server fails (after retries) or times out, or when a reply stays
 * malformed after one repair request; NOT_FOUND for an unknown pair; UNPROCESSABLE for a document not in the pair.
 */
export async function runJudge(options: RunJudgeOptions): Promise<RunJudgeResult> {
  const { pairId, documentIds, refreshIntents = false, variant = "two-stage", useCache = true, db = getDb() } = options;
  const config = options.config ?? requireJudgeConfig();
  const client = options.client ?? getLlmClient(config);

  const pair = await getPair({ id: pairId, db });
  if (!pair) throw new AppError("NOT_FOUND", `Pair ${pairId} not found`);
  const documents = selectDocuments(pair.documents, documentIds, pairId);
  const judgment = await judgePair({
    pair,
    documents,
    client,
    chunkChars: config.chunkChars,
    variant,
    refreshIntents,
    cache: useCache ? { db } : null,
  });
  const saved = await commitJudgment({
    db,
    pairId,
    model: client.model,
    promptVersion: PROMPT_VERSION,
    variant,
    layer: judgeLayerName(client.model, variant),
    ...judgmentFields(judgment),
  });
  return {
    intents: judgment.intents,
    suggestions: saved,
    unmatched: judgment.unmatched,
    matches: judgment.counts,
    usage: judgment.usage,
    promptVersion: PROMPT_VERSION,
  };
}
