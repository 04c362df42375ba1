import "server-only";
import OpenAI, { toFile } from "openai";
import { AppError, isAppError } from "@/lib/errors";
import { SPANS_ONE_STAGE_REPLY_SCHEMA, SPANS_REPLY_SCHEMA } from "@/lib/judge/json-schemas";
import { parseSpansOutput } from "@/lib/judge/parse-judge-output";
import type { SpansOutput } from "@/lib/judge/schemas";
import type { JudgeVariant } from "@/lib/judge/types";
import { type Db, getDb } from "../../db/client";
import { getPair } from "../../db/get-pair";
import { commitJudgment } from "../../db/judge/commit-judgment";
import { createJudgeRun } from "../../db/judge/create-judge-run";
import { failJudgeRunPair } from "../../db/judge/fail-judge-run-pair";
import { findJudgeCall } from "../../db/judge/find-judge-call";
import { getJudgeRun } from "../../db/judge/get-judge-run";
import { listJudgeRunPairs } from "../../db/judge/list-judge-run-pairs";
import { runPairTotals } from "../../db/judge/read-judge-run-summary";
import { saveJudgeCall } from "../../db/judge/save-judge-call";
import { saveQueryIntents } from "../../db/judge/save-query-intents";
import { setJudgeRunPairUsage } from "../../db/judge/set-judge-run-pair-usage";
import { updateJudgeRunOptions } from "../../db/judge/update-judge-run-options";
import type { JudgeConfig } from "../../env";
import { repairJson } from "../../llm/complete-json";
import { type LlmClient, type LlmUsage, newLlmUsage } from "../../llm/create-llm-client";
import { planSpansRequests, type SpansRequest } from "../judge-document";
import { assembleJudgment, judgeLayerName, pairIntents } from "../judge-pair";
import { hashMessages, PROMPT_VERSION } from "../prompt-version";

// The OpenAI Batch API path of a judge run (docs/judge.md#batch-api): stage 1 online (cached), stage 2 as one JSONL
// line per request, the provider's output ingested through the same parsing, repair and matching as online replies,
// into the same tables.

/** custom_id of a stage-2 line: run, pair, document, chunk and the request's input hash (its first 12 hex digits). */
export function batchCustomId(runId: string, r: Pick<SpansRequest, "documentId" | "chunkIndex">, pairId: string, inputHash: string): string {
  return `${runId}:${pairId}:${r.documentId}:${r.chunkIndex}:${inputHash.slice(0, 12)}`;
}

function parseCustomId(id: string): { runId: string; pairId: string; documentId: string; chunkIndex: number; hash: string } | null {
  const m = id.match(/^([^:]+):([^:]+):([^:]+):(\d+):([0-9a-f]{12})$/);
  return m ? { runId: m[1]!, pairId: m[2]!, documentId: m[3]!, chunkIndex: Number(m[4]), hash: m[5]! } : null;
}

function responseFormat(config: JudgeConfig, variant: JudgeVariant) {
  if (config.jsonMode === "off") return {};
  if (config.jsonMode === "object") return { response_format: { type: "json_object" } };
  const schema = variant === "two-stage" ? SPANS_REPLY_SCHEMA : SPANS_ONE_STAGE_REPLY_SCHEMA;
  return { response_format: { type: "json_schema", json_schema: { name: schema.name, strict: true, schema: schema.schema } } };
}

export type WriteJudgeBatchOptions = {
  datasetId: string;
  variant?: JudgeVariant;
  limit?: number;
  pairIds?: string[];
  skipJudged?: boolean;
  refreshIntents?: boolean;
  createdById?: string | null;
  config: JudgeConfig;
  /** For stage 1 (online): the CLI passes getLlmClient(config). */
  client: LlmClient;
  /** Receives each JSONL line (with its newline), in order: stream it to a file. */
  write: (line: string) => void | Promise<void>;
  db?: Db;
};

export type WriteJudgeBatchResult = { runId: string; pairs: number; lines: number; cachedRequests: number; stage1: LlmUsage };

/**
 * Writes the Batch API request file of a new judge run (mode "batch"): for each pair, stage 1 online when the query has
 * no intents (cached; the intents are stored so the ingest rebuilds the same prompts), then one line per stage-2
 * request — `{custom_id, method: "POST", url: "/v1/chat/completions", body}` — except requests whose reply is cached
 * already (the ingest takes those from the cache).
 */
export async function writeJudgeBatch(o: WriteJudgeBatchOptions): Promise<WriteJudgeBatchResult> {
  const db = o.db ?? getDb();
  const variant = o.variant ?? "two-stage";
  const run = await createJudgeRun({
    db,
    datasetId: o.datasetId,
    model: o.config.model,
    baseUrl: o.config.baseUrl,
    promptVersion: PROMPT_VERSION,
    variant,
    mode: "batch",
    options: { chunkChars: o.config.chunkChars, jsonMode: o.config.jsonMode, ...(o.limit !== undefined ? { limit: o.limit } : {}) },
    ...(o.pairIds ? { pairIds: o.pairIds } : {}),
    ...(o.limit !== undefined ? { limit: o.limit } : {}),
    ...(o.skipJudged ? { skipJudged: true } : {}),
    createdById: o.createdById ?? null,
  });
  const stage1 = newLlmUsage();
  let lines = 0;
  let cachedRequests = 0;
  for (const row of await listJudgeRunPairs({ runId: run.id, db })) {
    const pair = await getPair({ id: row.pairId, db });
    if (!pair) continue;
    const usage = newLlmUsage();
    let intents: string[] = [];
    if (variant === "two-stage") {
      const r = await pairIntents({ pair, client: o.client, refreshIntents: o.refreshIntents ?? false, cache: { db }, usage });
      intents = r.intents;
      if (r.fresh) await saveQueryIntents({ queryId: pair.query.id, intents, db });
    }
    const documents = pair.documents.map((d) => ({ id: d.id, text: d.text, blocks: d.blocks, title: d.title, url: d.url }));
    for (const request of planSpansRequests({ query: pair.query.text, intents, variant, documents, chunkChars: o.config.chunkChars })) {
      const inputHash = hashMessages(request.messages);
      if (await findJudgeCall({ key: { model: o.config.model, promptVersion: PROMPT_VERSION, inputHash }, db })) {
        cachedRequests++;
        continue;
      }
      const body = { model: o.config.model, messages: request.messages, temperature: 0, ...responseFormat(o.config, variant) };
      await o.write(
        `${JSON.stringify({ custom_id: batchCustomId(run.id, request, pair.id, inputHash), method: "POST", url: "/v1/chat/completions", body })}\n`,
      );
      lines++;
    }
    if (usage.requests > 0)
      await setJudgeRunPairUsage({
        id: row.id,
        promptTokens: usage.promptTokens,
        completionTokens: usage.completionTokens,
        requests: usage.requests,
        cachedRequests: usage.cachedRequests,
        db,
      });
    stage1.requests += usage.requests;
    stage1.promptTokens += usage.promptTokens;
    stage1.completionTokens += usage.completionTokens;
    stage1.cachedRequests += usage.cachedRequests;
  }
  return { runId: run.id, pairs: run.pairs, lines, cachedRequests, stage1 };
}

const providerOf = (config: JudgeConfig) =>
  new OpenAI({ baseURL: config.baseUrl, apiKey: config.apiKey, timeout: Math.max(config.timeoutMs, 120_000), maxRetries: config.maxRetries });

/** Uploads the request file (purpose "batch") and creates the batch; its ids are stored on the run. */
export async function submitJudgeBatch(o: {
  runId: string;
  jsonl: string | Buffer;
  config: JudgeConfig;
  db?: Db;
}): Promise<{ batchId: string; fileId: string; status: string }> {
  const db = o.db ?? getDb();
  await getJudgeRun({ id: o.runId, db });
  const openai = providerOf(o.config);
  const file = await openai.files.create({ file: await toFile(Buffer.from(o.jsonl), `judge-run-${o.runId}.jsonl`), purpose: "batch" });
  const batch = await openai.batches.create({
    input_file_id: file.id,
    endpoint: "/v1/chat/completions",
    completion_window: "24h",
    metadata: { runId: o.runId },
  });
  await updateJudgeRunOptions({ id: o.runId, values: { batchId: batch.id, inputFileId: file.id }, db });
  return { batchId: batch.id, fileId: file.id, status: batch.status };
}

export type JudgeBatchStatus = {
  batchId: string;
  status: string;
  outputFileId: string | null;
  errorFileId: string | null;
  counts: { total: number; completed: number; failed: number };
};

/** The provider's state of a run's batch. */
export async function judgeBatchStatus(o: { runId: string; config: JudgeConfig; db?: Db }): Promise<JudgeBatchStatus> {
  const run = await getJudgeRun({ id: o.runId, ...(o.db ? { db: o.db } : {}) });
  const batchId = (JSON.parse(run.optionsJson) as { batchId?: string }).batchId;
  if (!batchId) throw new AppError("UNPROCESSABLE", `Judge run ${o.runId} has no batch yet: submit its request file first`);
  const b = await providerOf(o.config).batches.retrieve(batchId);
  return {
    batchId,
    status: b.status,
    outputFileId: b.output_file_id ?? null,
    errorFileId: b.error_file_id ?? null,
    counts: { total: b.request_counts?.total ?? 0, completed: b.request_counts?.completed ?? 0, failed: b.request_counts?.failed ?? 0 },
  };
}

/** The output (and error) file of a completed batch, as JSONL text. */
export async function downloadJudgeBatchOutput(o: { runId: string; config: JudgeConfig; db?: Db }): Promise<string> {
  const status = await judgeBatchStatus(o);
  if (status.status !== "completed" && status.status !== "expired" && status.status !== "cancelled") {
    throw new AppError("CONFLICT", `Batch ${status.batchId} is ${status.status}: ingest it when it has completed`);
  }
  const openai = providerOf(o.config);
  const parts: string[] = [];
  for (const id of [status.outputFileId, status.errorFileId]) if (id) parts.push(await (await openai.files.content(id)).text());
  return parts.join(parts.every((p) => p.endsWith("\n")) ? "" : "\n");
}

type OutputLine = {
  custom_id?: string;
  response?: {
    status_code?: number;
    body?: {
      choices?: { message?: { content?: string | null } }[];
      usage?: { prompt_tokens?: number; completion_tokens?: number };
      error?: { message?: string };
    };
  } | null;
  error?: { code?: string; message?: string } | null;
};

export type IngestJudgeBatchResult = {
  runId: string;
  /** Pairs committed now, failed now (with reasons in the run's summary), and still waiting for lines. */
  committed: number;
  failed: number;
  pending: number;
  /** Lines of other runs, and lines that are no JSON. */
  ignored: number;
  invalid: number;
};

/**
 * Ingests a provider's output JSONL into the run: every line's reply goes through the same parsing as an online reply
 * (a malformed one gets the same repair request, online, when `client` is given), is cached as the online request
 * would be (so a later online run of the same pairs sends nothing), and every pair whose requests all have replies is
 * matched and committed exactly like an online judgment. Lines that failed at the provider fail their pair with the
 * reason; pairs without all their lines stay pending (ingest the rest later).
 */
export async function ingestJudgeBatch(o: { runId: string; output: string; client?: LlmClient | null; db?: Db }): Promise<IngestJudgeBatchResult> {
  const db = o.db ?? getDb();
  const run = await getJudgeRun({ id: o.runId, db });
  const options = JSON.parse(run.optionsJson) as { chunkChars?: number };
  const variant = run.variant as JudgeVariant;
  const result: IngestJudgeBatchResult = { runId: run.id, committed: 0, failed: 0, pending: 0, ignored: 0, invalid: 0 };
  const lines = new Map<string, OutputLine>();
  const byChunk = new Map<string, string>(); // "pair:doc:chunk" → custom_id, to tell a changed pair from a missing line
  for (const text of o.output.split("\n")) {
    if (!text.trim()) continue;
    let line: OutputLine;
    try {
      line = JSON.parse(text) as OutputLine;
    } catch {
      result.invalid++;
      continue;
    }
    const id = parseCustomId(line.custom_id ?? "");
    if (!id || id.runId !== run.id) {
      result.ignored++;
      continue;
    }
    lines.set(line.custom_id!, line);
    byChunk.set(`${id.pairId}:${id.documentId}:${id.chunkIndex}`, line.custom_id!);
  }

  const price = null;
  for (const row of await listJudgeRunPairs({ runId: run.id, states: ["pending", "failed"], db })) {
    const usage = newLlmUsage();
    const totals = () => runPairTotals(row, usage, price);
    const pair = await getPair({ id: row.pairId, db });
    if (!pair) continue;
    const intents = variant === "two-stage" ? (pair.query.intents ?? []) : [];
    const documents = pair.documents.map((d) => ({ id: d.id, text: d.text, blocks: d.blocks, title: d.title, url: d.url }));
    const requests = planSpansRequests({ query: pair.query.text, intents, variant, documents, chunkChars: options.chunkChars ?? 12_000 });
    const replies: SpansOutput[] = [];
    let failure: string | null = null;
    let missing = false;
    for (const request of requests) {
      const inputHash = hashMessages(request.messages);
      const key = { model: run.model, promptVersion: run.promptVersion, inputHash };
      const line = lines.get(batchCustomId(run.id, request, pair.id, inputHash));
      if (!line) {
        const cached = await findJudgeCall({ key, db });
        const parsed = cached ? parseSpansOutput(cached.outputJson) : null;
        if (parsed?.ok) {
          usage.cachedRequests++;
          replies.push(parsed.value);
        } else if (byChunk.has(`${pair.id}:${request.documentId}:${request.chunkIndex}`)) {
          failure = "the pair changed since the batch file was written (its prompt no longer matches the line's)";
          break;
        } else missing = true;
        continue;
      }
      const status = line.response?.status_code ?? 0;
      if (line.error || status !== 200) {
        const message = line.error?.message ?? line.response?.body?.error?.message ?? "no details";
        failure = `the batch could not answer ${request.documentId}${request.chunkCount > 1 ? ` part ${request.chunkIndex + 1}` : ""}: ${status ? `HTTP ${status}: ` : ""}${message}`;
        break;
      }
      usage.requests++;
      usage.promptTokens += line.response?.body?.usage?.prompt_tokens ?? 0;
      usage.completionTokens += line.response?.body?.usage?.completion_tokens ?? 0;
      const content = line.response?.body?.choices?.[0]?.message?.content ?? "";
      const first = parseSpansOutput(content);
      let value: SpansOutput;
      let requestsUsed = 1;
      if (first.ok) value = first.value;
      else if (o.client) {
        const before = usage.requests;
        try {
          value = await repairJson({
            client: o.client,
            messages: request.messages,
            parse: parseSpansOutput,
            what: `document ${request.documentId}`,
            reply: content,
            error: first.error,
            options: { usage, replySchema: variant === "two-stage" ? SPANS_REPLY_SCHEMA : SPANS_ONE_STAGE_REPLY_SCHEMA },
          });
        } catch (e) {
          failure = isAppError(e) ? e.message : "the repair request failed";
          break;
        }
        requestsUsed += usage.requests - before;
      } else {
        failure = `the batch's reply for ${request.documentId} is unusable (${first.error}) and no judge is configured to send the repair request`;
        break;
      }
      await saveJudgeCall({
        key,
        kind: variant === "two-stage" ? "spans" : "spans-one-stage",
        outputJson: JSON.stringify(value),
        promptTokens: line.response?.body?.usage?.prompt_tokens ?? 0,
        completionTokens: line.response?.body?.usage?.completion_tokens ?? 0,
        requests: requestsUsed,
        via: "batch",
        db,
      });
      replies.push(value);
    }
    if (failure) {
      await failJudgeRunPair({ id: row.id, reason: failure, ...totals(), db });
      result.failed++;
      continue;
    }
    if (missing) {
      if (usage.requests > 0 || usage.cachedRequests > 0) await setJudgeRunPairUsage({ id: row.id, ...totals(), db });
      result.pending++;
      continue;
    }
    const matched = assembleJudgment({ requests, replies, documents, intents });
    await commitJudgment({
      db,
      pairId: pair.id,
      model: run.model,
      promptVersion: run.promptVersion,
      variant,
      layer: judgeLayerName(run.model, variant),
      intents,
      documentIds: documents.map((d) => d.id),
      ...matched,
      runPair: { id: row.id, runId: run.id, ...totals() },
    });
    result.committed++;
  }
  return result;
}
