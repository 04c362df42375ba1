// runJudge end to end: a real temp SQLite database and real HTTP to the rule-based local judge on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAppError, type AppError } from "@/lib/errors";
import { createTempDatabase, type TempDatabase } from "../auth/test-helpers";
import { listSuggestions } from "../db/annotations/list-suggestions";
import { createDbClient } from "../db/client";
import { createPair } from "../db/create-pair";
import type { PrismaClient } from "../db/generated/client";
import type { JudgeConfig } from "../env";
import { runJudge, type RunJudgeResult } from "./run-judge";
import { startLocalJudgeServer, type LocalJudgeServer } from "./test-support/local-judge-server";

let temp: TempDatabase;
let db: PrismaClient;
let server: LocalJudgeServer;

beforeAll(async () => {
  temp = await createTempDatabase("judge");
  db = createDbClient({ url: temp.url });
  server = await startLocalJudgeServer({ slowMs: 5_000 });
});
afterAll(async () => {
  await server?.close();
  await db?.$disconnect();
  temp?.cleanup();
});

const config = (model: string, extra: Partial<JudgeConfig> = {}): JudgeConfig => ({
  baseUrl: server.url,
  model,
  apiKey: "unused",
  timeoutMs: 15_000,
  jsonMode: "schema",
  chunkChars: 12_000,
  maxRetries: 0,
  backoffMs: 10,
  concurrency: 1,
  prices: {},
  ...extra,
});

const EGGS = [
  "Home | Recipes | Eggs\n\nBy Jane Doe, 2024-05-01\n\nBoil the eggs for nine minutes. Peel them under cold water.\n\nSubscribe to our newsletter!\n\nWe use cookies to improve your experience.",
  "Soft-boiled eggs take about six minutes. The weather in Rome was lovely all week long and we enjoyed it a lot.",
];
const MULTILINGUAL = [
  "Uova 🥚 sode\n\nPer bollire le uova servono «nove» minuti — non di più… L'acqua deve essere calda.\n\nIscriviti alla newsletter!",
  "Як варити яйця? Варити яйця треба дев’ять хвилин.\n\nОпубліковано: 01.05.2024",
  "煮鸡蛋需要九分钟。然后用冷水冷却，这样更容易剥壳。🎉",
];

async function pairOf(query: string, documents: string[], dataset = "judge") {
  const created = await createPair({ db, dataset, query, documents: documents.map((text) => ({ text })) });
  const texts = await Promise.all(created.documentIds.map(async (id) => (await db.document.findUniqueOrThrow({ where: { id } })).text));
  return { ...created, texts };
}

/** Every suggestion's text is exactly the document text at its offsets (no drift, no split surrogate pairs). */
function expectVerbatim(result: RunJudgeResult, pair: { documentIds: string[]; texts: string[] }) {
  for (const s of result.suggestions) {
    const text = pair.texts[pair.documentIds.indexOf(s.documentId)]!;
    expect(text.slice(s.start, s.end)).toBe(s.text);
    expect(s.text.trim()).toBe(s.text);
  }
}

async function expectUnavailable(p: Promise<unknown>, reason: string): Promise<AppError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isAppError(err)) throw new Error(`expected AppError UNAVAILABLE, got ${String(err)}`);
  expect(err.code, err.message).toBe("UNAVAILABLE");
  expect(err.details).toMatchObject({ reason });
  return err;
}

const stage2Requests = (from: number) => server.requests.slice(from).filter((r) => r.stage === 2);

describe("runJudge", () => {
  it("stores intents and verbatim judge suggestions, and a rerun replaces them", async () => {
    const pair = await pairOf("how long to boil eggs and how to peel them", EGGS);
    const before = server.requests.length;
    const result = await runJudge({ pairId: pair.id, db, config: config("local-rules") });

    expect(result.intents).toEqual(["how long to boil eggs", "how to peel them"]);
    const query = await db.query.findUniqueOrThrow({ where: { id: pair.queryId } });
    expect(JSON.parse(query.intentsJson!)).toEqual(result.intents);
    expect(result.unmatched).toEqual([]);
    expectVerbatim(result, pair);
    const byText = Object.fromEntries(result.suggestions.map((s) => [s.text, s]));
    expect(byText["Boil the eggs for nine minutes."]).toMatchObject({ category: "vital", source: "judge", modelName: "local-rules" });
    expect(byText["Boil the eggs for nine minutes."]?.rationale).toMatch(/^intent 1: how long to boil eggs — shares/);
    expect(byText["Peel them under cold water."]?.rationale).toMatch(/^intent 2: how to peel them/);
    expect(byText["Home | Recipes | Eggs"]?.category).toBe("ui_navigation");
    expect(byText["By Jane Doe, 2024-05-01"]?.category).toBe("metadata");
    expect(byText["Subscribe to our newsletter!"]?.category).toBe("ads");
    expect(byText["Soft-boiled eggs take about six minutes."]?.category).toBe("vital");
    expect(byText["The weather in Rome was lovely all week long and we enjoyed it a lot."]?.category).toBe("off_topic");
    // One stage-1 request, one stage-2 request per document, all at temperature 0 with structured outputs.
    const sent = server.requests.slice(before);
    expect(sent.map((r) => r.stage)).toEqual([1, 2, 2]);
    expect(sent.every((r) => r.responseFormat === "json_schema" && !r.repair)).toBe(true);
    expect(result.matches).toEqual({ exact: result.suggestions.length, normalized: 0, regex: 0, fuzzy: 0, unmatched: 0 });
    expect(result.usage).toMatchObject({ requests: 3, retries: 0, cachedRequests: 0 });
    expect(result.usage.promptTokens).toBeGreaterThan(100);
    expect(await listSuggestions({ db, pairId: pair.id, source: "judge" })).toHaveLength(result.suggestions.length);
    expect(await db.span.count({ where: { pairId: pair.id } })).toBe(0); // never human spans
    const judgment = await db.judgeJudgment.findFirstOrThrow({ where: { pairId: pair.id, model: "local-rules" } });
    expect(judgment).toMatchObject({ variant: "two-stage", promptVersion: result.promptVersion });
    expect(JSON.parse(judgment.spansJson)).toHaveLength(result.suggestions.length);

    // Rerun of the unchanged pair: every reply comes from the cache, nothing is sent, the set is the same.
    const cached = server.requests.length;
    const fromCache = await runJudge({ pairId: pair.id, db, config: config("local-rules") });
    expect(server.requests.length).toBe(cached);
    expect(fromCache.usage).toMatchObject({ requests: 0, promptTokens: 0, completionTokens: 0, cachedRequests: 2 });
    expect(fromCache.suggestions.map((s) => s.id)).toEqual(result.suggestions.map((s) => s.id));

    // Without the cache: stored intents are reused (no stage 1), the set is replaced (same ids, no duplicates).
    const again = server.requests.length;
    const rerun = await runJudge({ pairId: pair.id, db, config: config("local-rules"), useCache: false });
    expect(server.requests.slice(again).map((r) => r.stage)).toEqual([2, 2]);
    expect(rerun.suggestions.map((s) => s.id)).toEqual(result.suggestions.map((s) => s.id));

    // Another judge model is stored apart; refreshIntents runs stage 1 again.
    const other = await runJudge({ pairId: pair.id, db, config: config("local-rules+phantom"), refreshIntents: true });
    const phantom = { text: "This sentence was invented by the judge.", category: "off_topic", reason: expect.stringMatching(/not found/) };
    expect(other.unmatched).toEqual(pair.documentIds.map((documentId) => ({ documentId, ...phantom })));
    expect(await listSuggestions({ db, pairId: pair.id, source: "judge" })).toHaveLength(2 * result.suggestions.length);
  });

  it("matches altered quotes (whitespace, quote marks, dashes) in Italian, Ukrainian and Chinese with emoji", async () => {
    const pair = await pairOf("bollire le uova, варити яйця, 煮鸡蛋多久", MULTILINGUAL);
    const exact = await runJudge({ pairId: pair.id, db, config: config("local-rules") });
    const before = server.requests.length;
    const fuzzy = await runJudge({ pairId: pair.id, db, config: config("local-rules+fuzzy") });
    // The fuzzy replies really differ from the text, yet land on the same offsets.
    const replies = server.requests.slice(before).filter((r) => r.stage === 2);
    expect(replies).toHaveLength(3);
    expect(exact.intents).toHaveLength(3);
    expect(exact.unmatched).toEqual([]);
    expect(fuzzy.unmatched).toEqual([]);
    expectVerbatim(exact, pair);
    expectVerbatim(fuzzy, pair);
    const offsets = (r: RunJudgeResult) => r.suggestions.map((s) => [s.documentId, s.start, s.end, s.category]);
    expect(offsets(fuzzy)).toEqual(offsets(exact));
    const texts = exact.suggestions.map((s) => s.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        "Uova 🥚 sode",
        "Per bollire le uova servono «nove» minuti — non di più… L'acqua deve essere calda.",
        "Iscriviti alla newsletter!",
        "Варити яйця треба дев’ять хвилин.",
        "Опубліковано: 01.05.2024",
        "煮鸡蛋需要九分钟。",
      ]),
    );
    // UTF-16 offsets after an emoji (🥚 is two code units).
    const it = exact.suggestions.find((s) => s.text.startsWith("Per bollire"))!;
    expect(it.start).toBe(pair.texts[0]!.indexOf("Per bollire"));
  });

  it("judges only the requested documents and keeps the judge's suggestions on the others", async () => {
    const pair = await pairOf("how long to boil eggs", EGGS);
    const full = await runJudge({ pairId: pair.id, db, config: config("local-rules") });
    const onDoc1 = full.suggestions.filter((s) => s.documentId === pair.documentIds[1]);
    expect(onDoc1.length).toBeGreaterThan(0);
    const before = server.requests.length;
    const partial = await runJudge({ pairId: pair.id, db, config: config("local-rules"), documentIds: [pair.documentIds[0]!], useCache: false });
    expect(stage2Requests(before)).toHaveLength(1);
    expect(partial.suggestions.filter((s) => s.documentId === pair.documentIds[1]).map((s) => s.id)).toEqual(onDoc1.map((s) => s.id));
    const err = await runJudge({ pairId: pair.id, db, config: config("local-rules"), documentIds: ["nope"] }).catch((e: unknown) => e);
    expect(isAppError(err) && err.code).toBe("UNPROCESSABLE");
  });

  it("splits long documents into chunks on block boundaries and offsets matches by the chunk start", async () => {
    const paragraphs = Array.from({ length: 8 }, (_, i) => `Paragraph ${i}: boil the eggs for ${i + 5} minutes in water.`);
    const pair = await pairOf("boil eggs", [paragraphs.join("\n\n")]);
    const before = server.requests.length;
    const result = await runJudge({ pairId: pair.id, db, config: config("local-rules", { chunkChars: 120 }) });
    const parts = stage2Requests(before);
    expect(parts.length).toBeGreaterThan(2);
    expect(parts[0]!.messages[1]!.content).toMatch(/This is part 1 of \d+ of the document/);
    expect(result.suggestions.map((s) => s.text)).toEqual(paragraphs);
    expectVerbatim(result, pair);
  });

  it("recovers from one malformed reply with a repair request that carries the parse error", async () => {
    const pair = await pairOf("how long to boil eggs", EGGS);
    const before = server.requests.length;
    const result = await runJudge({ pairId: pair.id, db, config: config("local-rules+flaky") });
    expect(result.suggestions.length).toBeGreaterThan(0);
    const stage2 = stage2Requests(before);
    // Both documents' requests go out first (the client's limiter queues them), then each gets its repair.
    expect(stage2.map((r) => r.repair)).toEqual([false, false, true, true]);
    const repair = stage2[2]!.messages;
    expect(repair.slice(0, 2)).toEqual(stage2[0]!.messages);
    expect(repair.at(-2)).toEqual({ role: "assistant", content: '{"spans": [{"text": "unterminated' });
    expect(repair.at(-1)?.content).toMatch(/could not be used: the JSON object is not closed/);
  });

  it("tolerates prose and code fences around the JSON", async () => {
    const pair = await pairOf("how long to boil eggs", EGGS);
    const before = server.requests.length;
    const result = await runJudge({ pairId: pair.id, db, config: config("local-rules+prose") });
    expect(result.suggestions.length).toBeGreaterThan(3);
    expect(server.requests.slice(before).some((r) => r.repair)).toBe(false);
  });

  it("fails clearly on persistent malformation and writes nothing (not even the intents)", async () => {
    const pair = await pairOf("how long to boil eggs", [EGGS[0]!, `${EGGS[1]} [[judge:malformed]]`]);
    const err = await expectUnavailable(runJudge({ pairId: pair.id, db, config: config("local-rules") }), "malformed");
    expect(err.message).toMatch(/returned unusable JSON for document .+, also after a repair request: the JSON object is not closed/);
    expect(await db.suggestion.count({ where: { pairId: pair.id } })).toBe(0);
    expect((await db.query.findUniqueOrThrow({ where: { id: pair.queryId } })).intentsJson).toBeNull();
  });

  it("answers UNAVAILABLE on a timeout and on a server error, with the status", async () => {
    const pair = await pairOf("how long to boil eggs", EGGS);
    const slow = await expectUnavailable(runJudge({ pairId: pair.id, db, config: config("local-rules+slow", { timeoutMs: 300 }) }), "timeout");
    expect(slow.message).toMatch(/did not answer within 300 ms/);
    const failing = await expectUnavailable(runJudge({ pairId: pair.id, db, config: config("local-rules+error") }), "http");
    expect(failing.message).toMatch(/answered HTTP 500: local judge: simulated server error/);
    expect(failing.details).toMatchObject({ status: 500 });
    const down = await expectUnavailable(runJudge({ pairId: pair.id, db, config: config("x", { baseUrl: "http://127.0.0.1:9/v1" }) }), "unreachable");
    expect(down.message).toMatch(/Could not reach the judge server at http:\/\/127\.0\.0\.1:9\/v1/);
    expect(await db.suggestion.count({ where: { pairId: pair.id } })).toBe(0);
  });

  it("steps down from structured outputs to json_object to none when the server rejects them (400), and remembers that", async () => {
    const pair = await pairOf("how long to boil eggs", EGGS);
    const before = server.requests.length;
    const result = await runJudge({ pairId: pair.id, db, config: config("local-rules+no-json-mode") });
    expect(result.suggestions.length).toBeGreaterThan(0);
    const sent = server.requests.slice(before).map((r) => [r.stage, r.responseFormat, r.status]);
    expect(sent).toEqual([
      [1, "json_schema", 400],
      [1, "json_object", 400],
      [1, null, 200],
      [2, null, 200],
      [2, null, 200],
    ]);
    // A server without json_schema but with json_object keeps json_object.
    const pair2 = await pairOf("how long to boil eggs", EGGS);
    const before2 = server.requests.length;
    await runJudge({ pairId: pair2.id, db, config: config("local-rules+no-json-schema") });
    expect(server.requests.slice(before2).map((r) => [r.stage, r.responseFormat, r.status])).toEqual([
      [1, "json_schema", 400],
      [1, "json_object", 200],
      [2, "json_object", 200],
      [2, "json_object", 200],
    ]);
    // "object" never sends a schema; "off" sends no response_format.
    const pair3 = await pairOf("how long to boil eggs", EGGS);
    const before3 = server.requests.length;
    await runJudge({ pairId: pair3.id, db, config: config("local-rules+object-mode", { jsonMode: "object" }) });
    await runJudge({ pairId: pair3.id, db, config: config("local-rules+off-mode", { jsonMode: "off" }) });
    expect(server.requests.slice(before3).map((r) => r.responseFormat)).toEqual(["json_object", "json_object", "json_object", null, null]);
  });

  it("is UNAVAILABLE naming the variables when not configured, and NOT_FOUND for an unknown pair", async () => {
    const saved = { url: process.env.SNIPPET_LAB_JUDGE_BASE_URL, model: process.env.SNIPPET_LAB_JUDGE_MODEL };
    delete process.env.SNIPPET_LAB_JUDGE_BASE_URL;
    delete process.env.SNIPPET_LAB_JUDGE_MODEL;
    try {
      const err = await expectUnavailable(runJudge({ pairId: "whatever", db }), "not_configured");
      expect(err.message).toMatch(/SNIPPET_LAB_JUDGE_BASE_URL .*SNIPPET_LAB_JUDGE_MODEL/);
    } finally {
      if (saved.url !== undefined) process.env.SNIPPET_LAB_JUDGE_BASE_URL = saved.url;
      if (saved.model !== undefined) process.env.SNIPPET_LAB_JUDGE_MODEL = saved.model;
    }
    const missing = await runJudge({ pairId: "nope", db, config: config("local-rules") }).catch((e: unknown) => e);
    expect(isAppError(missing) && missing.code).toBe("NOT_FOUND");
  });
});
