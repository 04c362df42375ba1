#!/usr/bin/env node
// A deterministic, rule-based OpenAI-compatible judge server (plain node:http, no dependencies) for tests and demos
// of the LLM judge (docs/judge.md). It answers the two prompts of lib/judge:
//   stage 1 (<query> only)      → {"intents": [...]}: the query split on "and", "or", commas, question marks;
//   stage 2 (<document> blocks) → {"spans": [...]}: blocks with subscribe/sponsored/advert… as ads, cookie banners
//     and short link-like/menu lines as ui_navigation, bylines/dates as metadata, sentences sharing content words with
//     the query as vital (repeats as duplicate, other long sentences as off_topic) — every text copied verbatim.
//
//   node scripts/local-judge-server.mjs --port 8787
//   SNIPPET_LAB_JUDGE_BASE_URL=http://127.0.0.1:8787/v1 SNIPPET_LAB_JUDGE_MODEL=local-rules npx snippet-lab judge …
//
// It also answers llm-extract's prompt (lib/judge/build-extract-prompt.ts: the vital sentences, verbatim, in order) and
// the one-stage variant, and implements the Batch API's file and batch endpoints (POST /v1/files, GET /v1/files/:id,
// GET /v1/files/:id/content, POST /v1/batches, GET /v1/batches/:id, POST /v1/batches/:id/cancel): a batch's lines are
// answered by the same rules, one output line per request.
//
// Failure modes, switched on by words in the model name ("local-rules+fuzzy"), LOCAL_JUDGE_FLAGS / --flags, or a
// "[[judge:flag+flag]]" marker anywhere in the prompt (e.g. inside one document's text):
//   malformed     stage-2 (and extract) replies are truncated JSON, also on the repair request
//   flaky         the first stage-2 reply of a conversation is malformed, the repair succeeds
//   slow          wait LOCAL_JUDGE_SLOW_MS / --slow-ms (default 5000) before answering
//   slow-once     slow only on the first attempt of each distinct request (a retry after a timeout is answered)
//   error         answer 500
//   error-once    answer 500 on the first attempt of each distinct request
//   rate-limit    answer 429 with Retry-After (LOCAL_JUDGE_RETRY_AFTER_S / --retry-after-s, default 1) on the first
//                 attempt of each distinct request
//   no-json-mode  answer 400 "response_format is not supported" when response_format is sent
//   no-json-schema answer 400 when response_format is json_schema (json_object is accepted)
//   fuzzy         quotes with altered whitespace, quote marks, dashes and ellipses (normalized matching)
//   punct         quotes with commas, colons and semicolons dropped (the regex step)
//   one-word      one word changed in quotes of six words or more (the fuzzy step)
//   paraphrase    quotes reworded and reordered (no step matches them: reported as unmatched)
//   prose         JSON inside a code fence with prose around it and a trailing comma
//   phantom       add a span whose text is not in the document (reported as unmatched)
//   change-number the first number of each quote changed (the fidelity check catches it)
//   drop-not      the first negation of each quote dropped (the fidelity check catches it)
//   mixed         per quote, by a hash of its text: about 88% verbatim, 4% fuzzy, 2% punct, 2% one-word,
//                 2% paraphrase, 2% replaced by text absent from the document: a realistic mix to measure matching
//
// The parts: local-judge/rules.mjs (the rules), faults.mjs (the flags), answer.mjs (a chat completion's answer),
// chat.mjs (the online endpoint), batches.mjs (the Batch API), http-io.mjs (bodies and replies).
import http from "node:http";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { apiError } from "./local-judge/answer.mjs";
import { createBatchApi } from "./local-judge/batches.mjs";
import { createChatHandler } from "./local-judge/chat.mjs";
import { KNOWN_FLAGS } from "./local-judge/faults.mjs";
import { send } from "./local-judge/http-io.mjs";

export const LOCAL_JUDGE_MODEL = "local-rules";

/**
 * Starts the server; `port: 0` picks a free port. Resolves to its base URL (ending in /v1, the value for
 * SNIPPET_LAB_JUDGE_BASE_URL), the chat requests it received (for tests; none kept with `recordRequests: false`, as
 * the command line runs it: a long-running server would hold every prompt), its files and batches, and close().
 */
export async function startLocalJudgeServer(options = {}) {
  const {
    port = 0,
    host = "127.0.0.1",
    flags = [],
    slowMs = Number(process.env.LOCAL_JUDGE_SLOW_MS ?? 5000),
    retryAfterS = Number(process.env.LOCAL_JUDGE_RETRY_AFTER_S ?? 1),
    batchDelayMs = 50,
    recordRequests = true,
  } = options;
  const baseFlags = [...flags, ...(process.env.LOCAL_JUDGE_FLAGS ?? "").split(/[+,\s]+/)].filter((f) => KNOWN_FLAGS.has(f));
  const requests = [];
  const record = recordRequests ? (entry) => requests.push(entry) : () => {};
  let nextId = 1;
  const newId = (prefix) => `${prefix}-local-${(nextId++).toString(36).padStart(4, "0")}`;
  const batchApi = createBatchApi({ baseFlags, record, newId, batchDelayMs });
  const answerChat = createChatHandler({ baseFlags, record, slowMs, retryAfterS });

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://local");
    const path = url.pathname.replace(/\/+$/, "").replace(/^\/v1/, "");
    try {
      if (req.method === "GET" && path === "/models") {
        return send(res, 200, { object: "list", data: [{ id: LOCAL_JUDGE_MODEL, object: "model", created: 0, owned_by: "snippet-lab" }] });
      }
      if (await batchApi.handle(req, res, path)) return;
      if (req.method !== "POST" || path !== "/chat/completions") {
        return send(res, 404, apiError(`no route ${req.method} ${url.pathname}`, "not_found_error"));
      }
      await answerChat(req, res);
    } catch (e) {
      send(res, 500, apiError(`local judge: ${e instanceof Error ? e.message : String(e)}`, "server_error"));
    }
  });

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    url: `http://${host}:${actualPort}/v1`,
    port: actualPort,
    requests,
    files: batchApi.files,
    batches: batchApi.batches,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "8787" },
      host: { type: "string", default: "127.0.0.1" },
      flags: { type: "string", default: "" },
      "slow-ms": { type: "string" },
      "retry-after-s": { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(
      "Usage: node scripts/local-judge-server.mjs [--port 8787] [--host 127.0.0.1] [--flags fuzzy,slow] [--slow-ms 5000] [--retry-after-s 1]\n" +
        `Flags: ${[...KNOWN_FLAGS].join(", ")} (also as words of the model name, e.g. ${LOCAL_JUDGE_MODEL}+fuzzy).`,
    );
    process.exit(0);
  }
  const server = await startLocalJudgeServer({
    port: Number(values.port),
    host: values.host,
    flags: values.flags.split(/[+,\s]+/).filter(Boolean),
    ...(values["slow-ms"] ? { slowMs: Number(values["slow-ms"]) } : {}),
    ...(values["retry-after-s"] ? { retryAfterS: Number(values["retry-after-s"]) } : {}),
    recordRequests: false, // nobody reads them from another process, and the server may run for days
  });
  console.log(`Local judge listening on ${server.url}`);
  console.log(`  export SNIPPET_LAB_JUDGE_BASE_URL=${server.url} SNIPPET_LAB_JUDGE_MODEL=${LOCAL_JUDGE_MODEL}`);
  const stop = () => server.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
