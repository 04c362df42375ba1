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
// Failure modes, switched on by words in the model name ("local-rules+fuzzy"), LOCAL_JUDGE_FLAGS / --flags, or a
// "[[judge:flag+flag]]" marker anywhere in the prompt (e.g. inside one document's text):
//   malformed     stage-2 replies are truncated JSON, also on the repair request
//   flaky         the first stage-2 reply of a conversation is malformed, the repair succeeds
//   slow          wait LOCAL_JUDGE_SLOW_MS / --slow-ms (default 5000) before answering
//   error         answer 500
//   no-json-mode  answer 400 "response_format is not supported" when response_format is sent
//   fuzzy         quotes with altered whitespace, quote marks, dashes and ellipses (normalized matching)
//   prose         JSON inside a code fence with prose around it and a trailing comma
//   phantom       add a span whose text is not in the document (reported as unmatched)
import http from "node:http";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

export const LOCAL_JUDGE_MODEL = "local-rules";
const KNOWN_FLAGS = new Set(["malformed", "flaky", "slow", "error", "no-json-mode", "fuzzy", "prose", "phantom"]);

const STOPWORDS = new Set(
  (
    "the and for with what how why when where which who whom whose are was were is be been being does did do can " +
    "could should would will shall may might must this that these those there their them they you your from into " +
    "about than then also not but all any some such its it's our out over under per via vs versus much many more most " +
    "long " +
    // Italian
    "che chi come dove quando perché perche per con del della delle dei degli una uno gli nel nella sul sulla " +
    "sono cosa quale quali quanto quanta più piu anche " +
    // Ukrainian
    "що як де коли чому який яка які яке для від про при між або чи та під над без це цей ця ці його її їх " +
    // Chinese
    "什么 怎么 如何 为什么 哪里 哪个 多少 是否 可以 一个 这个 那个 我们 你们 他们"
  ).split(/\s+/),
);

const wordSegmenter = new Intl.Segmenter(undefined, { granularity: "word" });
const sentenceSegmenter = new Intl.Segmenter(undefined, { granularity: "sentence" });
const HAN = /\p{Script=Han}/u;

/** Lower-cased content words: Han words of 2+ characters, other words of 3+ letters or 2+ digits, no stopwords. */
function contentWords(text) {
  const out = new Set();
  for (const { segment, isWordLike } of wordSegmenter.segment(text.normalize("NFKC").toLowerCase())) {
    if (!isWordLike || STOPWORDS.has(segment)) continue;
    const chars = [...segment].length;
    if (HAN.test(segment) ? chars >= 2 : /^\d+$/.test(segment) ? chars >= 2 : chars >= 3) out.add(segment);
  }
  return out;
}

/** Words equal, one a prefix of the other (egg/eggs) or sharing 4+ first characters (bollire/bollitura): a crude stemmer. */
function related(a, b) {
  if (a === b) return true;
  if (HAN.test(a) || HAN.test(b)) return a.includes(b) || b.includes(a);
  if (Math.min(a.length, b.length) >= 3 && (a.startsWith(b) || b.startsWith(a))) return true;
  if (a.length < 4 || b.length < 4) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i >= 4;
}

function shared(words, queryWords) {
  return [...words].filter((w) => [...queryWords].some((q) => related(w, q)));
}

const ADS =
  /\b(subscribe|subscription|sponsored|advert\w*|newsletter|buy now|promo code)\b|iscriviti|sponsorizzat|pubblicit|підпиш|реклам|广告|订阅|赞助/iu;
const COOKIE = /cookie/i;
const BYLINE = /^(by|posted|published|updated|written by|di|autore|pubblicato|aggiornato|автор|опубліковано|оновлено|作者|发布)[\s:]/iu;
const DATE =
  /\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}[./]\d{1,2}[./]\d{2,4}\b|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2},? \d{4}\b|\b\d{1,2} (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|gen|mag|giu|lug|ago|set|ott|dic)[a-z]* \d{4}\b|\d{4}年\d{1,2}月/iu;
const NAV_WORDS = /^(home|menu|share|next|previous|back|log ?in|sign ?in|sign ?up|search|contact|about us|skip to)\b/i;
const NAV_SEPARATORS = /\s[|›»>\/·•]\s/;

/** Stage-2 rules over one block; returns spans in document order. */
function judgeBlock(block, queryWords, intentWords, seen) {
  const trimmed = block.trim();
  if (!trimmed) return [];
  const words = contentWords(trimmed);
  const overlap = shared(words, queryWords);
  if (ADS.test(trimmed)) return [{ text: trimmed, category: "ads", rationale: "promotional wording" }];
  if (COOKIE.test(trimmed) && trimmed.length <= 300) return [{ text: trimmed, category: "ui_navigation", rationale: "cookie banner" }];
  if (trimmed.length <= 120 && (BYLINE.test(trimmed) || (DATE.test(trimmed) && trimmed.split(/\s+/).length <= 8))) {
    return [{ text: trimmed, category: "metadata", rationale: "byline or date" }];
  }
  const wordCount = trimmed.split(/\s+/).length;
  // Menus and breadcrumbs count as navigation even when they name the topic; other short unpunctuated lines only
  // when they do not (a short heading about the query is left alone).
  const menu = trimmed.length <= 120 && (NAV_SEPARATORS.test(trimmed) || NAV_WORDS.test(trimmed));
  const linkLike = trimmed.length <= 40 && wordCount <= 5 && !/[.!?。！？:]$/.test(trimmed) && overlap.length === 0;
  if (menu || linkLike) return [{ text: trimmed, category: "ui_navigation", rationale: menu ? "menu or breadcrumb" : "short link-like line" }];
  const spans = [];
  for (const { segment } of sentenceSegmenter.segment(block)) {
    const sentence = segment.trim();
    if (!sentence) continue;
    const repeated = seen.has(sentence);
    seen.add(sentence);
    if (repeated && sentence.length >= 20) {
      spans.push({ text: sentence, category: "duplicate", rationale: "repeats an earlier sentence" });
      continue;
    }
    const hits = shared(contentWords(sentence), queryWords);
    if (hits.length > 0) {
      const span = { text: sentence, category: "vital", rationale: `shares ${hits.slice(0, 4).join(", ")} with the query` };
      let best = 0;
      let bestScore = 0;
      intentWords.forEach((iw, i) => {
        const score = shared(contentWords(sentence), iw).length;
        if (score > bestScore) [best, bestScore] = [i + 1, score];
      });
      if (best > 0) span.intent = best;
      spans.push(span);
    } else if (sentence.length >= 60) {
      spans.push({ text: sentence, category: "off_topic", rationale: "no query words" });
    }
  }
  return spans;
}

function between(text, open, close) {
  const a = text.indexOf(open);
  if (a < 0) return null;
  const b = text.indexOf(close, a + open.length);
  return b < 0 ? null : text.slice(a + open.length, b);
}

/** "[n] text" lines → block texts (a line without a marker continues the previous block). */
function parseBlocks(documentSection) {
  const blocks = [];
  for (const line of documentSection.replace(/^\n|\n$/g, "").split("\n")) {
    const m = line.match(/^\[(\d+)\] ?(.*)$/s);
    if (m) blocks.push(m[2]);
    else if (blocks.length > 0) blocks[blocks.length - 1] += `\n${line}`;
  }
  return blocks;
}

function splitIntents(query) {
  const parts = query
    .split(/\s*(?:[,;?？，；]|\s(?:and|or|vs\.?|versus|e|ed|o|oppure|і|й|та|або|чи|и)\s)\s*/iu)
    .map((p) => p.trim())
    .filter((p) => contentWords(p).size > 0);
  return parts.length > 0 ? parts : [query.trim()];
}

function alter(text) {
  const swap = { '"': "\u201c", "\u201c": '"', "\u201d": '"', "'": "\u2019", "\u2019": "'", "\u2014": "-", "\u2013": "-", "\u2026": "..." };
  return text.replace(/\s+/g, "  ").replace(/["\u201c\u201d'\u2019\u2014\u2013\u2026]/g, (c) => swap[c] ?? c);
}

function stageOne(userText) {
  const query = (between(userText, "<query>\n", "\n</query>") ?? userText).trim();
  return { intents: splitIntents(query) };
}

function stageTwo(userText, flags) {
  const query = (between(userText, "<query>\n", "\n</query>") ?? "").trim();
  const intents = (between(userText, "<intents>\n", "\n</intents>") ?? "")
    .split("\n")
    .map((l) => l.replace(/^\d+\.\s*/, "").trim())
    .filter(Boolean);
  const blocks = parseBlocks(between(userText, "<document>\n", "\n</document>") ?? "");
  const queryWords = contentWords([query, ...intents].join(" "));
  const intentWords = intents.map((i) => contentWords(i));
  const seen = new Set();
  const spans = blocks.flatMap((b) => judgeBlock(b, queryWords, intentWords, seen));
  if (flags.has("fuzzy")) for (const s of spans) s.text = alter(s.text);
  if (flags.has("phantom")) spans.push({ text: "This sentence was invented by the judge.", category: "off_topic", rationale: "phantom" });
  return { spans };
}

function flagsOf(model, messages, base) {
  const flags = new Set(base);
  for (const w of String(model)
    .toLowerCase()
    .split(/[+,:/\s]+/))
    if (KNOWN_FLAGS.has(w)) flags.add(w);
  for (const m of messages) {
    for (const hit of String(m.content ?? "").matchAll(/\[\[judge:([a-z0-9+,-]+)\]\]/gi)) {
      for (const w of hit[1].toLowerCase().split(/[+,]/)) if (KNOWN_FLAGS.has(w)) flags.add(w);
    }
  }
  return flags;
}

function completion(model, content) {
  const tokens = Math.ceil(content.length / 4);
  return {
    id: `chatcmpl-local-${Date.now().toString(36)}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop", logprobs: null }],
    usage: { prompt_tokens: 0, completion_tokens: tokens, total_tokens: tokens },
  };
}

function send(res, status, body) {
  if (res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

const apiError = (message, type, param = null) => ({ error: { message, type, param, code: null } });

/**
 * Starts the server; `port: 0` picks a free port. Resolves to its base URL (ending in /v1, the value for
 * SNIPPET_LAB_JUDGE_BASE_URL), the requests it received (for tests) and close().
 */
export async function startLocalJudgeServer(options = {}) {
  const { port = 0, host = "127.0.0.1", flags = [], slowMs = Number(process.env.LOCAL_JUDGE_SLOW_MS ?? 5000) } = options;
  const baseFlags = [...flags, ...(process.env.LOCAL_JUDGE_FLAGS ?? "").split(/[+,\s]+/)].filter((f) => KNOWN_FLAGS.has(f));
  const requests = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://local");
    const path = url.pathname.replace(/\/+$/, "");
    if (req.method === "GET" && (path === "/v1/models" || path === "/models")) {
      return send(res, 200, { object: "list", data: [{ id: LOCAL_JUDGE_MODEL, object: "model", created: 0, owned_by: "snippet-lab" }] });
    }
    if (req.method !== "POST" || (path !== "/v1/chat/completions" && path !== "/chat/completions")) {
      return send(res, 404, apiError(`no route ${req.method} ${url.pathname}`, "not_found_error"));
    }
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return send(res, 400, apiError("request body is not valid JSON", "invalid_request_error"));
      }
      const messages = Array.isArray(body?.messages) ? body.messages : null;
      if (!messages || typeof body.model !== "string") {
        return send(res, 400, apiError("model (string) and messages (array) are required", "invalid_request_error"));
      }
      const user = messages.find((m) => m?.role === "user");
      const userText = String(user?.content ?? "");
      const stage = userText.includes("<document>") ? 2 : 1;
      const active = flagsOf(body.model, messages, baseFlags);
      const isRepair = messages.some((m) => m?.role === "assistant");
      const record = { model: body.model, stage, responseFormat: body.response_format?.type ?? null, repair: isRepair, messages, status: 200 };
      requests.push(record);

      const answer = () => {
        if (active.has("error")) {
          record.status = 500;
          return send(res, 500, apiError("local judge: simulated server error", "server_error"));
        }
        if (active.has("no-json-mode") && body.response_format !== undefined) {
          record.status = 400;
          return send(res, 400, apiError("response_format is not supported by this server", "invalid_request_error", "response_format"));
        }
        let content;
        if (stage === 2 && (active.has("malformed") || (active.has("flaky") && !isRepair))) {
          content = '{"spans": [{"text": "unterminated';
        } else {
          const value = stage === 1 ? stageOne(userText) : stageTwo(userText, active);
          content = JSON.stringify(value);
          if (active.has("prose")) {
            content = `Here is my analysis.\n\`\`\`json\n${JSON.stringify(value, null, 2).replace(/\n}$/, ",\n}")}\n\`\`\`\nLet me know if you need more.`;
          }
        }
        send(res, 200, completion(body.model, content));
      };
      if (!active.has("slow")) return answer();
      const timer = setTimeout(answer, slowMs);
      res.on("close", () => clearTimeout(timer)); // the client gave up: do not answer into a closed socket
    });
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
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(
      "Usage: node scripts/local-judge-server.mjs [--port 8787] [--host 127.0.0.1] [--flags fuzzy,slow] [--slow-ms 5000]\n" +
        `Flags: ${[...KNOWN_FLAGS].join(", ")} (also as words of the model name, e.g. ${LOCAL_JUDGE_MODEL}+fuzzy).`,
    );
    process.exit(0);
  }
  const server = await startLocalJudgeServer({
    port: Number(values.port),
    host: values.host,
    flags: values.flags.split(/[+,\s]+/).filter(Boolean),
    ...(values["slow-ms"] ? { slowMs: Number(values["slow-ms"]) } : {}),
  });
  console.log(`Local judge listening on ${server.url}`);
  console.log(`  export SNIPPET_LAB_JUDGE_BASE_URL=${server.url} SNIPPET_LAB_JUDGE_MODEL=${LOCAL_JUDGE_MODEL}`);
  const stop = () => server.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
