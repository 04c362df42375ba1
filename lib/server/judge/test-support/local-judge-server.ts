// Typed access to scripts/local-judge-server.mjs (plain node, no dependencies, so users can run it without tsx) for
// vitest tests: a real OpenAI-compatible server on 127.0.0.1.
import "server-only";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ChatMessage } from "@/lib/judge/types";

export type LocalJudgeFlag = "malformed" | "flaky" | "slow" | "error" | "no-json-mode" | "fuzzy" | "prose" | "phantom";

export type LocalJudgeRequest = {
  model: string;
  stage: 1 | 2;
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
  close(): Promise<void>;
};

export type StartLocalJudgeServerOptions = {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Flags for every request (model-name words and [[judge:…]] prompt markers add more). */
  flags?: LocalJudgeFlag[];
  /** Delay of the "slow" flag. */
  slowMs?: number;
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
