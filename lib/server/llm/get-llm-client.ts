import "server-only";
import { processSingleton } from "../process-cache";
import { createLlmClient, type LlmClient, type LlmClientConfig } from "./create-llm-client";

// One client per settings in this process (not per bundle: Next loads route handlers separately): its limiter caps
// the requests in flight across requests, jobs and compressors, and a JSON-mode step-down is remembered.
const clients = processSingleton("llm-clients", () => new Map<string, LlmClient>());

/** The key of a client's settings: every field it reads, in a fixed order. */
function keyOf(config: LlmClientConfig): string {
  const { baseUrl, model, apiKey, timeoutMs, maxRetries, backoffMs, concurrency, jsonMode } = config;
  return JSON.stringify([baseUrl, model, apiKey, timeoutMs, maxRetries, backoffMs, concurrency, jsonMode]);
}

/** The process's LLM client for these settings, created on first use (createLlmClient). */
export function getLlmClient(config: LlmClientConfig): LlmClient {
  const key = keyOf(config);
  let client = clients.get(key);
  if (!client) {
    client = createLlmClient(config);
    clients.set(key, client);
  }
  return client;
}
