// Typed access to scripts/local-judge-server.mjs (plain node, no dependencies, so users can run it without tsx) for
// vitest tests: a real OpenAI-compatible server on 127.0.0.1.
import "server-only";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ChatMessage } from "@/lib/judge/types";

export type LocalJudgeFlag =
  | "malformed"
  | "flaky"
  | "slow"
  | "slow-once"
  | "error"
  | "error-once"
  | "rate-limit"
  | "no-json-mode"
  | "no-json-schema"
  | "fuzzy"
  | "punct"
  | "one-word"
  | "paraphrase"
  | "prose"
  | "phantom"
  | "change-number"
  | "drop-not"
  | "mixed";

export type LocalJudgeRequest = {
  model: string;
  stage: 1 | 2;
  /** Which prompt it was. */
  kind: "intents" | "spans" | "spans-one-stage" | "extract";
  /** "online" (POST /v1/chat/completions) or "batch" (a line of a batch's input file). */
  via: "online" | "batch";
  /** Online: the how-manieth time this exact request (model + messages) arrived. */
  attempt?: number;
  /** Batch: the line's custom_id. */
  customId?: string;
  /** When it arrived (ms since the epoch). */
  at: number;
  /** response_format.type of the request, null when absent. */
  responseFormat: string | null;
  /** True for a repair request (the conversation already has an assistant turn). */
  repair: boolean;
  messages: ChatMessage[];
  status: number;
};

export type LocalJudgeServer = {
  /** Base URL ending in /v1 (SNIPPET_LAB_JUDGE_BASE_URL). */
  url: string;
  port: number;
  requests: LocalJudgeRequest[];
  /** Uploaded and produced files (id → metadata and content) and batches, as the Batch API endpoints keep them. */
  files: Map<string, { meta: { id: string; filename: string; purpose: string; bytes: number }; content: string }>;
  batches: Map<
    string,
    {
      id: string;
      status: string;
      output_file_id: string | null;
      error_file_id: string | null;
      request_counts: { total: number; completed: number; failed: number };
    }
  >;
  close(): Promise<void>;
};

export type StartLocalJudgeServerOptions = {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Flags for every request (model-name words and [[judge:…]] prompt markers add more). */
  flags?: LocalJudgeFlag[];
  /** Delay of the "slow" flags. */
  slowMs?: number;
  /** Retry-After (seconds) of the "rate-limit" flag (default 1). */
  retryAfterS?: number;
  /** How long a batch stays validating, then in progress (ms each, default 50). */
  batchDelayMs?: number;
};

type LocalJudgeModule = {
  startLocalJudgeServer(options?: StartLocalJudgeServerOptions): Promise<LocalJudgeServer>;
  LOCAL_JUDGE_MODEL: string;
};

const SCRIPT = path.resolve(import.meta.dirname, "../../../../scripts/local-judge-server.mjs");

async function load(): Promise<LocalJudgeModule> {
  return (await import(/* @vite-ignore */ pathToFileURL(SCRIPT).href)) as LocalJudgeModule;
}

/** Starts the rule-based judge server (default 127.0.0.1, a free port). */
export async function startLocalJudgeServer(options: StartLocalJudgeServerOptions = {}): Promise<LocalJudgeServer> {
  return (await load()).startLocalJudgeServer(options);
}

/** The model id the local server advertises (any model name works; words in it switch failure modes). */
export const LOCAL_JUDGE_MODEL = "local-rules";
