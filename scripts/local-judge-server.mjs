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
import http from "node:http";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

export const LOCAL_JUDGE_MODEL = "local-rules";
const KNOWN_FLAGS = new Set([
  "malformed",
  "flaky",
  "slow",
  "slow-once",
  "error",
  "error-once",
  "rate-limit",
  "no-json-mode",
  "no-json-schema",
  "fuzzy",
  "punct",
  "one-word",
  "paraphrase",
  "prose",
  "phantom",
  "change-number",
  "drop-not",
  "mixed",
]);

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

/** Commas, colons and semicolons dropped: only the regex step (words in order) finds it. */
const dropPunctuation = (text) => text.replace(/[,;:]/g, "");

const SYNONYMS = {
  boil: "cook",
  boiled: "cooked",
  eggs: "egg",
  minutes: "mins",
  water: "liquid",
  cold: "chilly",
  take: "need",
  about: "around",
  opens: "starts",
  open: "start",
  museum: "gallery",
  costs: "is",
  tickets: "passes",
  under: "beneath",
  hot: "warm",
  long: "lengthy",
};

/** One word of six or more changed (a synonym, else a letter dropped): the fuzzy step finds it. */
function changeOneWord(text) {
  const words = text.split(/(\s+)/);
  const real = words.filter((w) => /\p{L}{4,}/u.test(w));
  if (real.length < 6) return text;
  const target = real[Math.min(2, real.length - 1)];
  const bare = target.replace(/[^\p{L}]/gu, "");
  const replacement = SYNONYMS[bare.toLowerCase()] ?? bare.slice(0, -1);
  const i = words.indexOf(target);
  words[i] = target.replace(bare, replacement);
  return words.join("");
}

/** Reworded and reordered: the second half first, articles dropped, a lead-in added. No step should match it. */
function paraphrase(text) {
  const words = text
    .replace(/[.!?。！？]+$/u, "")
    .split(/\s+/)
    .filter((w) => !/^(the|a|an|il|la|lo)$/i.test(w))
    .map((w) => SYNONYMS[w.toLowerCase()] ?? w);
  const half = Math.ceil(words.length / 2);
  return `In short, ${[...words.slice(half), ...words.slice(0, half)].join(" ").toLowerCase()}.`;
}

/** The first number changed (9 → 12): what a careless compressor does, and the fidelity check catches. */
const changeNumber = (text) => text.replace(/\d+/, (d) => String(Number(d) + 3));
/** The first negation dropped ("is not open" → "is open"). */
const dropNot = (text) =>
  text
    .replace(/\s+(not|never|no)\b/i, "")
    .replace(/n't\b/, "")
    .replace(/\s+non\b/i, "")
    .replace(/\s+не\b/i, "");

/** A stable number in [0, 1) from a string (FNV-1a), for the mixed mode's per-quote draw. */
function draw(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h / 2 ** 32;
}

/** The mixed mode's fault for one quote: about 88% none. */
function mixedFault(text) {
  const x = draw(text);
  if (x < 0.88) return null;
  if (x < 0.92) return "fuzzy";
  if (x < 0.94) return "punct";
  if (x < 0.96) return "one-word";
  if (x < 0.98) return "paraphrase";
  return "absent";
}

/** A quote as a model with these faults would copy it. */
function distort(text, flags) {
  let out = text;
  if (flags.has("fuzzy")) out = alter(out);
  if (flags.has("punct")) out = dropPunctuation(out);
  if (flags.has("one-word")) out = changeOneWord(out);
  if (flags.has("paraphrase")) out = paraphrase(out);
  if (flags.has("change-number")) out = changeNumber(out);
  if (flags.has("drop-not")) out = dropNot(out);
  if (flags.has("mixed")) {
    const fault = mixedFault(text);
    if (fault === "fuzzy") out = alter(out);
    else if (fault === "punct") out = dropPunctuation(out);
    else if (fault === "one-word") out = changeOneWord(out);
    else if (fault === "paraphrase") out = paraphrase(out);
    else if (fault === "absent") out = `The page also says this about ${text.split(/\s+/).slice(0, 3).join(" ")} although it does not.`;
  }
  return out;
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
  for (const s of spans) s.text = distort(s.text, flags);
  // The one-stage variant has no intents: its spans name none.
  if (intents.length === 0) for (const s of spans) delete s.intent;
  if (flags.has("phantom")) spans.push({ text: "This sentence was invented by the judge.", category: "off_topic", rationale: "phantom" });
  return { spans };
}

/** llm-extract: the vital sentences, verbatim (unless a fault flag says otherwise), in document order. */
function extract(userText, flags) {
  const query = (between(userText, "<question>\n", "\n</question>") ?? "").trim();
  const blocks = parseBlocks(between(userText, "<document>\n", "\n</document>") ?? "");
  const queryWords = contentWords(query);
  const seen = new Set();
  const extracts = blocks
    .flatMap((b) => judgeBlock(b, queryWords, [], seen))
    .filter((s) => s.category === "vital")
    .map((s) => distort(s.text, flags));
  if (flags.has("phantom")) extracts.push("This sentence was invented by the extractor.");
  return { extracts };
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

/** Roughly four characters per token, as tokenizers of English text average. */
const countTokens = (text) => Math.ceil(text.length / 4);

function completion(model, content, promptTokens) {
  const tokens = countTokens(content);
  return {
    id: `chatcmpl-local-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop", logprobs: null }],
    usage: { prompt_tokens: promptTokens, completion_tokens: tokens, total_tokens: promptTokens + tokens },
  };
}

function send(res, status, body, headers = {}) {
  if (res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

const apiError = (message, type, param = null) => ({ error: { message, type, param, code: null } });

/** What kind of prompt a chat request is: "intents", "spans" (two-stage), "spans-one-stage" or "extract". */
function kindOf(messages) {
  const system = String(messages.find((m) => m?.role === "system")?.content ?? "");
  const user = String(messages.find((m) => m?.role === "user")?.content ?? "");
  if (system.startsWith("You compress") || user.includes("<question>")) return "extract";
  if (!user.includes("<document>")) return "intents";
  return user.includes("<intents>") ? "spans" : "spans-one-stage";
}

/**
 * A chat-completion body → {status, body}: the rules and the content faults (no HTTP-level faults: those belong to the
 * online endpoint). Shared by POST /v1/chat/completions and the batch runner.
 */
function answerBody(body, baseFlags) {
  const messages = Array.isArray(body?.messages) ? body.messages : null;
  if (!messages || typeof body.model !== "string") {
    return { status: 400, body: apiError("model (string) and messages (array) are required", "invalid_request_error") };
  }
  const active = flagsOf(body.model, messages, baseFlags);
  const format = body.response_format?.type ?? null;
  if (active.has("no-json-mode") && body.response_format !== undefined) {
    return { status: 400, body: apiError("response_format is not supported by this server", "invalid_request_error", "response_format") };
  }
  if (active.has("no-json-schema") && format === "json_schema") {
    return { status: 400, body: apiError("response_format json_schema is not supported by this server", "invalid_request_error", "response_format") };
  }
  const kind = kindOf(messages);
  const userText = String(messages.find((m) => m?.role === "user")?.content ?? "");
  const isRepair = messages.some((m) => m?.role === "assistant");
  let content;
  if (kind !== "intents" && (active.has("malformed") || (active.has("flaky") && !isRepair))) {
    content = kind === "extract" ? '{"extracts": ["unterminated' : '{"spans": [{"text": "unterminated';
  } else {
    const value = kind === "intents" ? stageOne(userText) : kind === "extract" ? extract(userText, active) : stageTwo(userText, active);
    content = JSON.stringify(value);
    if (active.has("prose")) {
      content = `Here is my analysis.\n\`\`\`json\n${JSON.stringify(value, null, 2).replace(/\n}$/, ",\n}")}\n\`\`\`\nLet me know if you need more.`;
    }
  }
  const promptTokens = countTokens(messages.map((m) => String(m?.content ?? "")).join("\n"));
  return { status: 200, body: completion(body.model, content, promptTokens) };
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** The parts of a multipart/form-data body: name → {filename?, data (Buffer)}. */
function parseMultipart(buffer, contentType) {
  const boundary = contentType.match(/boundary="?([^";]+)"?/i)?.[1];
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const parts = {};
  let at = buffer.indexOf(delimiter);
  while (at >= 0) {
    const next = buffer.indexOf(delimiter, at + delimiter.length);
    if (next < 0) break;
    const part = buffer.subarray(at + delimiter.length, next);
    const headerEnd = part.indexOf("\r\n\r\n");
    if (headerEnd >= 0) {
      const headers = part.subarray(0, headerEnd).toString("utf8");
      const name = headers.match(/name="([^"]*)"/i)?.[1];
      const filename = headers.match(/filename="([^"]*)"/i)?.[1];
      let data = part.subarray(headerEnd + 4);
      if (data.subarray(-2).toString() === "\r\n") data = data.subarray(0, -2);
      if (name) parts[name] = { ...(filename !== undefined ? { filename } : {}), data };
    }
    at = next;
  }
  return parts;
}

/**
 * Starts the server; `port: 0` picks a free port. Resolves to its base URL (ending in /v1, the value for
 * SNIPPET_LAB_JUDGE_BASE_URL), the chat requests it received (for tests), its files and batches, and close().
 */
export async function startLocalJudgeServer(options = {}) {
  const {
    port = 0,
    host = "127.0.0.1",
    flags = [],
    slowMs = Number(process.env.LOCAL_JUDGE_SLOW_MS ?? 5000),
    retryAfterS = Number(process.env.LOCAL_JUDGE_RETRY_AFTER_S ?? 1),
    batchDelayMs = 50,
  } = options;
  const baseFlags = [...flags, ...(process.env.LOCAL_JUDGE_FLAGS ?? "").split(/[+,\s]+/)].filter((f) => KNOWN_FLAGS.has(f));
  const requests = [];
  /** Attempts per distinct request (model + messages): the *-once faults and rate-limit hit the first only. */
  const attempts = new Map();
  const files = new Map();
  const batches = new Map();
  let nextId = 1;
  const newId = (prefix) => `${prefix}-local-${(nextId++).toString(36).padStart(4, "0")}`;

  function storeFile(filename, purpose, content) {
    const id = newId("file");
    const file = {
      id,
      object: "file",
      bytes: Buffer.byteLength(content),
      created_at: Math.floor(Date.now() / 1000),
      filename,
      purpose,
      status: "processed",
    };
    files.set(id, { meta: file, content });
    return file;
  }

  function runBatch(batch) {
    const input = files.get(batch.input_file_id)?.content ?? "";
    const out = [];
    const errors = [];
    let completed = 0;
    let failed = 0;
    for (const [i, line] of input.split("\n").entries()) {
      if (!line.trim()) continue;
      let item;
      try {
        item = JSON.parse(line);
      } catch {
        failed++;
        errors.push({
          id: newId("batch_req"),
          custom_id: null,
          response: null,
          error: { code: "invalid_json", message: `line ${i + 1} is not JSON` },
        });
        continue;
      }
      const messages = Array.isArray(item?.body?.messages) ? item.body.messages : [];
      const active = flagsOf(item?.body?.model ?? "", messages, baseFlags);
      const record = {
        model: item?.body?.model,
        stage: kindOf(messages) === "intents" ? 1 : 2,
        kind: kindOf(messages),
        responseFormat: item?.body?.response_format?.type ?? null,
        repair: false,
        messages,
        status: 200,
        via: "batch",
        customId: item.custom_id,
        at: Date.now(),
      };
      requests.push(record);
      let answered;
      if (active.has("error")) answered = { status: 500, body: apiError("local judge: simulated server error", "server_error") };
      else answered = answerBody(item.body ?? {}, baseFlags);
      record.status = answered.status;
      if (answered.status === 200) completed++;
      else failed++;
      out.push({
        id: newId("batch_req"),
        custom_id: item.custom_id,
        response: { status_code: answered.status, request_id: newId("req"), body: answered.body },
        error: null,
      });
    }
    batch.output_file_id = storeFile(`${batch.id}_output.jsonl`, "batch_output", out.map((l) => `${JSON.stringify(l)}\n`).join("")).id;
    if (errors.length > 0)
      batch.error_file_id = storeFile(`${batch.id}_errors.jsonl`, "batch_output", errors.map((l) => `${JSON.stringify(l)}\n`).join("")).id;
    batch.request_counts = { total: completed + failed, completed, failed };
    batch.status = "completed";
    batch.completed_at = Math.floor(Date.now() / 1000);
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://local");
    const path = url.pathname.replace(/\/+$/, "").replace(/^\/v1/, "");
    try {
      if (req.method === "GET" && path === "/models") {
        return send(res, 200, { object: "list", data: [{ id: LOCAL_JUDGE_MODEL, object: "model", created: 0, owned_by: "snippet-lab" }] });
      }
      if (req.method === "POST" && path === "/files") {
        const parts = parseMultipart(await readBody(req), req.headers["content-type"] ?? "");
        if (!parts?.file) return send(res, 400, apiError("multipart/form-data with a file part is required", "invalid_request_error", "file"));
        const purpose = parts.purpose?.data.toString("utf8") ?? "batch";
        return send(res, 200, storeFile(parts.file.filename ?? "upload.jsonl", purpose, parts.file.data.toString("utf8")));
      }
      const fileMatch = path.match(/^\/files\/([^/]+)(\/content)?$/);
      if (req.method === "GET" && fileMatch) {
        const file = files.get(fileMatch[1]);
        if (!file) return send(res, 404, apiError(`no file ${fileMatch[1]}`, "not_found_error"));
        if (!fileMatch[2]) return send(res, 200, file.meta);
        res.writeHead(200, { "content-type": "application/jsonl; charset=utf-8", "content-length": Buffer.byteLength(file.content) });
        return res.end(file.content);
      }
      if (req.method === "POST" && path === "/batches") {
        const body = JSON.parse((await readBody(req)).toString("utf8") || "{}");
        if (!files.has(body.input_file_id))
          return send(res, 400, apiError(`no file ${body.input_file_id}`, "invalid_request_error", "input_file_id"));
        if (body.endpoint !== "/v1/chat/completions")
          return send(res, 400, apiError("endpoint must be /v1/chat/completions", "invalid_request_error", "endpoint"));
        const batch = {
          id: newId("batch"),
          object: "batch",
          endpoint: body.endpoint,
          errors: null,
          input_file_id: body.input_file_id,
          completion_window: body.completion_window ?? "24h",
          status: "validating",
          output_file_id: null,
          error_file_id: null,
          created_at: Math.floor(Date.now() / 1000),
          request_counts: { total: 0, completed: 0, failed: 0 },
          metadata: body.metadata ?? null,
        };
        batches.set(batch.id, batch);
        setTimeout(() => {
          if (batch.status === "cancelled") return;
          batch.status = "in_progress";
          setTimeout(() => batch.status === "in_progress" && runBatch(batch), batchDelayMs);
        }, batchDelayMs);
        return send(res, 200, batch);
      }
      const batchMatch = path.match(/^\/batches\/([^/]+)(\/cancel)?$/);
      if (batchMatch && (req.method === "GET" || (req.method === "POST" && batchMatch[2]))) {
        const batch = batches.get(batchMatch[1]);
        if (!batch) return send(res, 404, apiError(`no batch ${batchMatch[1]}`, "not_found_error"));
        if (batchMatch[2] && batch.status !== "completed") batch.status = "cancelled";
        return send(res, 200, batch);
      }
      if (req.method !== "POST" || path !== "/chat/completions") {
        return send(res, 404, apiError(`no route ${req.method} ${url.pathname}`, "not_found_error"));
      }

      let body;
      try {
        body = JSON.parse((await readBody(req)).toString("utf8"));
      } catch {
        return send(res, 400, apiError("request body is not valid JSON", "invalid_request_error"));
      }
      const messages = Array.isArray(body?.messages) ? body.messages : [];
      const kind = kindOf(messages);
      const active = flagsOf(body?.model ?? "", messages, baseFlags);
      const key = JSON.stringify([body?.model, messages]);
      const attempt = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, attempt);
      const record = {
        model: body?.model,
        stage: kind === "intents" ? 1 : 2,
        kind,
        responseFormat: body?.response_format?.type ?? null,
        repair: messages.some((m) => m?.role === "assistant"),
        messages,
        status: 200,
        via: "online",
        attempt,
        at: Date.now(),
      };
      requests.push(record);

      const answer = () => {
        if (active.has("error") || (active.has("error-once") && attempt === 1)) {
          record.status = 500;
          return send(res, 500, apiError("local judge: simulated server error", "server_error"));
        }
        if (active.has("rate-limit") && attempt === 1) {
          record.status = 429;
          return send(res, 429, apiError("local judge: rate limit reached, retry later", "rate_limit_error"), { "retry-after": String(retryAfterS) });
        }
        const answered = answerBody(body, baseFlags);
        record.status = answered.status;
        send(res, answered.status, answered.body);
      };
      if (!active.has("slow") && !(active.has("slow-once") && attempt === 1)) return answer();
      const timer = setTimeout(answer, slowMs);
      res.on("close", () => clearTimeout(timer)); // the client gave up: do not answer into a closed socket
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
    files,
    batches,
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
  });
  console.log(`Local judge listening on ${server.url}`);
  console.log(`  export SNIPPET_LAB_JUDGE_BASE_URL=${server.url} SNIPPET_LAB_JUDGE_MODEL=${LOCAL_JUDGE_MODEL}`);
  const stop = () => server.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
