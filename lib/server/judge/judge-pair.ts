import "server-only";
import { buildIntentsPrompt } from "@/lib/judge/build-intents-prompt";
import { INTENTS_REPLY_SCHEMA, SPANS_ONE_STAGE_REPLY_SCHEMA, SPANS_REPLY_SCHEMA } from "@/lib/judge/json-schemas";
import { addMatchCounts, emptyMatchCounts, type MatchCounts } from "@/lib/judge/match-stats";
import { parseIntentsOutput, parseSpansOutput } from "@/lib/judge/parse-judge-output";
import type { JudgeSpan, JudgeVariant } from "@/lib/judge/types";
import type { SuggestionInput } from "../../schemas/suggestions";
import type { PairDetail, PairDocumentDetail } from "../db/get-pair";
import { completeCached, type LlmCache } from "../llm/complete-cached";
import { type LlmClient, type LlmUsage, newLlmUsage } from "../llm/create-llm-client";
import { type JudgedSpan, type JudgeUnmatched, matchChunkSpans, planSpansRequests, type SpansRequest } from "./judge-document";

/** Everything one judging of a pair produced: what is committed in one transaction (commitJudgment). */
export type PairJudgment = {
  /** The intents stage 2 used (two-stage: from stage 1 or the query's stored ones; one-stage: none). */
  intents: string[];
  /** Set when stage 1 ran now: written to Query.intentsJson. */
  newIntents?: string[];
  /** The documents judged (their previous suggestions of this judge layer are replaced). */
  documentIds: string[];
  suggestions: SuggestionInput[];
  spans: JudgedSpan[];
  unmatched: JudgeUnmatched[];
  counts: MatchCounts;
  usage: LlmUsage;
};

/** What commitJudgment stores of a judgment: all of it but its usage (which the run's pair row sums). */
export function judgmentFields({ usage: _usage, ...rest }: PairJudgment): Omit<PairJudgment, "usage"> {
  return rest;
}

/** The stage-2 replies of a pair's requests (in the same order) matched back: shared by the online and Batch API paths. */
export function assembleJudgment(o: {
  requests: readonly SpansRequest[];
  replies: readonly { spans: readonly JudgeSpan[] }[];
  documents: readonly { id: string; text: string }[];
  intents: readonly string[];
}): Pick<PairJudgment, "suggestions" | "spans" | "unmatched" | "counts"> {
  const out = { suggestions: [] as SuggestionInput[], spans: [] as JudgedSpan[], unmatched: [] as JudgeUnmatched[], counts: emptyMatchCounts() };
  const seen = new Map<string, Set<string>>();
  o.requests.forEach((request, i) => {
    const document = o.documents.find((d) => d.id === request.documentId)!;
    const set = seen.get(document.id) ?? new Set<string>();
    seen.set(document.id, set);
    const m = matchChunkSpans({ document, chunk: request.chunk, spans: o.replies[i]!.spans, intents: o.intents, seen: set });
    out.suggestions.push(...m.suggestions);
    out.spans.push(...m.spans);
    out.unmatched.push(...m.unmatched);
    addMatchCounts(out.counts, m.counts);
  });
  return out;
}

export type JudgePairOptions = {
  pair: Pick<PairDetail, "id" | "query">;
  /** The documents to judge (default: all of the pair's). */
  documents: readonly PairDocumentDetail[];
  client: LlmClient;
  chunkChars: number;
  variant?: JudgeVariant;
  /** Run stage 1 even when the query already has intents. */
  refreshIntents?: boolean;
  cache: LlmCache;
  signal?: AbortSignal;
  /** Counts requests, retries, tokens and cache hits (also of a judging that fails half-way). */
  usage?: LlmUsage;
};

/** The stage-1 intents of a pair's query: stored ones unless refreshIntents; `fresh` when stage 1 ran. */
export async function pairIntents(o: Pick<JudgePairOptions, "pair" | "client" | "refreshIntents" | "cache" | "signal"> & { usage: LlmUsage }) {
  const stored = o.pair.query.intents?.filter((i) => typeof i === "string" && i.trim()) ?? [];
  if (!o.refreshIntents && stored.length > 0) return { intents: stored, fresh: false };
  const out = await completeCached({
    client: o.client,
    cache: o.cache,
    kind: "intents",
    messages: buildIntentsPrompt({ query: o.pair.query.text }),
    parse: parseIntentsOutput,
    what: "the query's intents",
    replySchema: INTENTS_REPLY_SCHEMA,
    usage: o.usage,
    ...(o.signal ? { signal: o.signal } : {}),
  });
  // A model that finds no intent still gets a usable stage-2 prompt: the query itself is the one intent.
  return { intents: out.intents.length > 0 ? out.intents : [o.pair.query.text.trim()], fresh: true };
}

/**
 * The judge on one pair, without writing anything: stage 1 (two-stage, when needed), one stage-2 request per
 * document chunk (all in flight at once, the client's limiter caps them; answered from the cache when unchanged),
 * each reply matched back. Throws on the first failing request (after its retries and repair).
 */
export async function judgePair(o: JudgePairOptions): Promise<PairJudgment> {
  const variant = o.variant ?? "two-stage";
  const usage = o.usage ?? newLlmUsage();
  let intents: string[] = [];
  let newIntents: string[] | undefined;
  if (variant === "two-stage") {
    const r = await pairIntents({ ...o, usage });
    intents = r.intents;
    if (r.fresh) newIntents = r.intents;
  }
  const documents = o.documents.map((d) => ({ id: d.id, text: d.text, blocks: d.blocks, title: d.title, url: d.url }));
  const requests = planSpansRequests({ query: o.pair.query.text, intents, variant, documents, chunkChars: o.chunkChars });
  const replies = await Promise.all(
    requests.map((r) =>
      completeCached({
        client: o.client,
        cache: o.cache,
        kind: variant === "two-stage" ? "spans" : "spans-one-stage",
        messages: r.messages,
        parse: parseSpansOutput,
        what: `document ${r.documentId}${r.chunkCount > 1 ? ` (part ${r.chunkIndex + 1}/${r.chunkCount})` : ""}`,
        replySchema: variant === "two-stage" ? SPANS_REPLY_SCHEMA : SPANS_ONE_STAGE_REPLY_SCHEMA,
        usage,
        ...(o.signal ? { signal: o.signal } : {}),
      }),
    ),
  );
  const matched = assembleJudgment({ requests, replies, documents, intents });
  return { intents, ...(newIntents ? { newIntents } : {}), documentIds: documents.map((d) => d.id), ...matched, usage };
}

/** The suggestions layer of a judge configuration: the model id (two-stage), `<model> · one-stage` for the other variant. */
export function judgeLayerName(model: string, variant: JudgeVariant = "two-stage"): string {
  return variant === "two-stage" ? model : `${model} · one-stage`;
}
