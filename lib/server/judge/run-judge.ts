import "server-only";
import { AppError } from "@/lib/errors";
import { buildIntentsPrompt } from "@/lib/judge/build-intents-prompt";
import { parseIntentsOutput } from "@/lib/judge/parse-judge-output";
import type { StoredSuggestion, SuggestionInput } from "../../schemas/suggestions";
import { type Db, getDb } from "../db/client";
import { getPair, type PairDocumentDetail } from "../db/get-pair";
import { storeJudgeRun } from "../db/judge/store-judge-run";
import { completeJson } from "./complete-json";
import { createJudgeClient, type JudgeClient } from "./create-judge-client";
import { requireJudgeConfig } from "./judge-config";
import { type JudgeConfig } from "../env";
import { judgeDocument, type JudgeUnmatched } from "./judge-document";

export type JudgeProgress = { documentId: string; done: number; total: number };

export type RunJudgeOptions = {
  pairId: string;
  /** Judge only these documents of the pair (default all); the judge's suggestions on the others are kept. */
  documentIds?: string[];
  /** Run stage 1 even when the query already has intents (stored ones may be curated: kept by default). */
  refreshIntents?: boolean;
  db?: Db;
  /** Default: from the environment (requireJudgeConfig). */
  config?: JudgeConfig;
  /** Default: createJudgeClient(config). */
  client?: JudgeClient;
  onProgress?: (progress: JudgeProgress) => void;
};

export type RunJudgeResult = {
  /** The intents stage 2 used (from stage 1, or the query's stored ones). */
  intents: string[];
  /** Every judge suggestion of this model on the pair after the run, in document order. */
  suggestions: StoredSuggestion[];
  /** Quotes the judge returned that are not in the document (not stored). */
  unmatched: JudgeUnmatched[];
};

/** Runs `fn` over `items` with at most `limit` in flight; results in input order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

function selectDocuments(documents: PairDocumentDetail[], ids: string[] | undefined, pairId: string): PairDocumentDetail[] {
  if (!ids) return documents;
  const wanted = new Set(ids);
  const unknown = [...wanted].filter((id) => !documents.some((d) => d.id === id));
  if (unknown.length > 0) throw new AppError("UNPROCESSABLE", `Document ${unknown[0]} is not part of pair ${pairId}`, { unknown });
  return documents.filter((d) => wanted.has(d.id));
}

/**
 * The LLM judge on one pair. Stage 1 (once per pair, skipped when the query already has intents unless
 * refreshIntents) finds the query's intents; stage 2 asks, per document chunk, for verbatim spans with categories;
 * quotes are matched back to offsets. At the end — and only when every request succeeded — the intents and the
 * matched spans (Suggestion rows, source "judge", modelName = the judge model) are written in one transaction,
 * replacing this model's previous suggestions on the judged documents.
 * Errors: UNAVAILABLE when not configured, when the server fails or times out, or when a reply stays malformed after
 * one repair request; NOT_FOUND for an unknown pair; UNPROCESSABLE for a document not in the pair.
 */
export async function runJudge(options: RunJudgeOptions): Promise<RunJudgeResult> {
  const { pairId, documentIds, refreshIntents = false, db = getDb(), onProgress } = options;
  const config = options.config ?? requireJudgeConfig();
  const client = options.client ?? createJudgeClient(config);

  const pair = await getPair({ id: pairId, db });
  if (!pair) throw new AppError("NOT_FOUND", `Pair ${pairId} not found`);
  const documents = selectDocuments(pair.documents, documentIds, pairId);

  const stored = pair.query.intents?.filter((i) => typeof i === "string" && i.trim()) ?? [];
  let intents = stored;
  let newIntents: string[] | undefined;
  if (refreshIntents || stored.length === 0) {
    const out = await completeJson({
      client,
      messages: buildIntentsPrompt({ query: pair.query.text }),
      parse: parseIntentsOutput,
      what: "the query's intents",
    });
    // A model that finds no intent still gets a usable stage-2 prompt: the query itself is the one intent.
    intents = out.intents.length > 0 ? out.intents : [pair.query.text.trim()];
    newIntents = intents;
  }

  let done = 0;
  const results = await mapLimited(documents, config.concurrency, async (document) => {
    const result = await judgeDocument({ client, query: pair.query.text, intents, document, chunkChars: config.chunkChars });
    onProgress?.({ documentId: document.id, done: ++done, total: documents.length });
    return result;
  });

  const suggestions: SuggestionInput[] = results.flatMap((r) => r.suggestions);
  const saved = await storeJudgeRun({
    db,
    pairId,
    modelName: client.model,
    ...(newIntents ? { intents: newIntents } : {}),
    documentIds: documents.map((d) => d.id),
    suggestions,
  });
  return { intents, suggestions: saved, unmatched: results.flatMap((r) => r.unmatched) };
}
