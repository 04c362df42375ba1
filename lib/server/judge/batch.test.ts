// The Batch API round trip against the local server's file and batch endpoints (real HTTP on 127.0.0.1): the request
// JSONL, the upload, the batch, its output file and the ingest store the same suggestions and judgments as the online
// path on an identical database — through the same parsing, repair and matching.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "@/tests/test-support/wait-for";
import { createTempDatabase, type TempDatabase } from "../auth/test-helpers";
import { createDbClient } from "../db/client";
import { createPair } from "../db/create-pair";
import type { PrismaClient } from "../db/generated/client";
import type { JudgeConfig } from "../env";
import { downloadJudgeBatchOutput, ingestJudgeBatch, judgeBatchStatus, submitJudgeBatch, writeJudgeBatch } from "./batch/judge-batch";
import { createLlmClient } from "../llm/create-llm-client";
import { readJudgeRun } from "./judge-runs-api";
import { runJudge } from "./run-judge";
import { startLocalJudgeServer, type LocalJudgeServer } from "./test-support/local-judge-server";

let server: LocalJudgeServer;
const dbs: { temp: TempDatabase; db: PrismaClient; pairIds: string[]; datasetId: string }[] = [];

const LONG = Array.from({ length: 8 }, (_, i) => `Paragraph ${i}: boil the eggs for ${i + 5} minutes, then cool them in cold water.`).join("\n\n");
const PAIRS: { query: string; documents: string[] }[] = [
  {
    query: "how long to boil eggs and how to peel them",
    documents: [
      "Home | Recipes | Eggs\n\nBy Jane Doe, 2024-05-01\n\nBoil the eggs for nine minutes. Peel them under cold water, starting at the wide end.\n\nSubscribe to our newsletter!",
      "Soft-boiled eggs take about six minutes. The weather in Rome was lovely all week long and we enjoyed it a lot.",
    ],
  },
  { query: "boil eggs", documents: [LONG] }, // several chunks: custom ids map back to chunks
  {
    query: "when does the museum open on sundays",
    documents: [
      "The museum opens at 10 am on Sundays, and tickets cost 12 euros. The museum is not open on Mondays.\n\n[[judge:flaky]]",
      "Guided tours of the museum start every hour from the main hall. The café on the ground floor serves coffee and cakes.",
    ],
  },
  {
    query: "museum tickets and tours",
    documents: [
      "Tickets cost 12 euros for adults and 6 euros for children under twelve. Guided tours of the museum start every hour from the main hall.",
    ],
  },
];

const config = (): JudgeConfig => ({
  baseUrl: server.url,
  model: "local-rules+mixed",
  apiKey: "unused",
  timeoutMs: 10_000,
  jsonMode: "schema",
  chunkChars: 400,
  maxRetries: 0,
  backoffMs: 10,
  concurrency: 2,
  prices: {},
});

beforeAll(async () => {
  server = await startLocalJudgeServer({ batchDelayMs: 20 });
  for (const name of ["online", "batch"]) {
    const temp = await createTempDatabase(`judge-batch-${name}`);
    const db = createDbClient({ url: temp.url });
    const pairIds: string[] = [];
    let datasetId = "";
    for (const p of PAIRS) {
      const created = await createPair({ db, dataset: "round-trip", query: p.query, documents: p.documents.map((text) => ({ text })) });
      pairIds.push(created.id);
      datasetId = created.datasetId;
    }
    dbs.push({ temp, db, pairIds, datasetId });
  }
  // A pair only the batch database has, whose line the provider fails.
  const extra = await createPair({
    db: dbs[1]!.db,
    dataset: "round-trip",
    query: "boil eggs",
    documents: [{ text: "Boil the eggs. [[judge:error]]" }],
  });
  dbs[1]!.pairIds.push(extra.id);
});
afterAll(async () => {
  await server?.close();
  for (const d of dbs) {
    await d.db.$disconnect();
    d.temp.cleanup();
  }
});

/** What a pair's judge suggestions and judgment are, independent of database ids. */
async function snapshot(db: PrismaClient, pairId: string) {
  const docs = await db.pairDocument.findMany({ where: { pairId }, orderBy: { position: "asc" }, select: { documentId: true } });
  const index = (id: string) => docs.findIndex((d) => d.documentId === id);
  const suggestions = await db.suggestion.findMany({
    where: { pairId, source: "judge" },
    orderBy: [{ start: "asc" }, { end: "asc" }, { category: "asc" }],
  });
  const judgment = await db.judgeJudgment.findFirstOrThrow({ where: { pairId } });
  const spans = (JSON.parse(judgment.spansJson) as { documentId: string }[]).map((s) => ({ ...s, documentId: index(s.documentId) }));
  const unmatched = (JSON.parse(judgment.unmatchedJson) as { documentId: string }[]).map((u) => ({ ...u, documentId: index(u.documentId) }));
  return {
    suggestions: suggestions.map((s) => [index(s.documentId), s.start, s.end, s.category, s.text, s.rationale, s.modelName]),
    spans,
    unmatched,
    matches: JSON.parse(judgment.matchJson),
    intents: judgment.intentsJson,
  };
}

describe("the Batch API round trip", () => {
  it("stores the same suggestions and judgments as the online path, through the same parsing, repair and matching", async () => {
    const [online, batch] = dbs as [(typeof dbs)[number], (typeof dbs)[number]];
    const client = createLlmClient(config());

    // Online, pair by pair.
    const onlineStart = server.requests.length;
    for (const pairId of online.pairIds) await runJudge({ pairId, db: online.db, config: config(), client });
    const onlineStage2 = server.requests.slice(onlineStart).filter((r) => r.kind === "spans" && !r.repair);

    // Batch: stage 1 online, the rest as JSONL lines.
    const lines: string[] = [];
    const before = server.requests.length;
    const written = await writeJudgeBatch({ datasetId: batch.datasetId, config: config(), client, db: batch.db, write: (l) => void lines.push(l) });
    expect(server.requests.slice(before).every((r) => r.kind === "intents")).toBe(true);
    expect(written).toMatchObject({ pairs: 5, cachedRequests: 0 });
    expect(written.lines).toBe(lines.length);
    const parsed = lines.map(
      (l) =>
        JSON.parse(l) as {
          custom_id: string;
          method: string;
          url: string;
          body: { model: string; messages: unknown[]; response_format: { type: string } };
        },
    );
    expect(parsed.every((l) => l.method === "POST" && l.url === "/v1/chat/completions" && l.body.response_format.type === "json_schema")).toBe(true);
    expect(parsed.map((l) => l.custom_id)).toEqual([...new Set(parsed.map((l) => l.custom_id))]);
    expect(parsed[0]!.custom_id).toMatch(new RegExp(`^${written.runId}:${batch.pairIds[0]}:[a-z0-9]+:0:[0-9a-f]{12}$`));
    // The lines carry exactly the online requests' prompts (the extra pair's line aside).
    expect(parsed.slice(0, onlineStage2.length).map((l) => l.body.messages)).toEqual(onlineStage2.map((r) => r.messages));

    // The provider: upload, create, poll, download.
    const submitted = await submitJudgeBatch({ runId: written.runId, jsonl: lines.join(""), config: config(), db: batch.db });
    expect(submitted.status).toBe("validating");
    expect([...server.files.values()].find((f) => f.meta.id === submitted.fileId)?.content).toBe(lines.join(""));
    const status = await waitFor(() => judgeBatchStatus({ runId: written.runId, config: config(), db: batch.db }), {
      until: (s) => s.status === "completed",
      timeoutMs: 2_000,
      intervalMs: 20,
    });
    expect(status).toMatchObject({ status: "completed", counts: { total: lines.length, failed: 1 } });
    const output = await downloadJudgeBatchOutput({ runId: written.runId, config: config(), db: batch.db });
    expect(output.trim().split("\n")).toHaveLength(lines.length);

    // Ingest: the flaky line is repaired online, the failed line fails its pair with the reason.
    const repairsBefore = server.requests.filter((r) => r.repair).length;
    const ingested = await ingestJudgeBatch({ runId: written.runId, output, client, db: batch.db });
    expect(ingested).toEqual({ runId: written.runId, committed: 4, failed: 1, pending: 0, ignored: 0, invalid: 0 });
    expect(server.requests.filter((r) => r.repair).length - repairsBefore).toBe(1);
    const summary = await readJudgeRun({ id: written.runId, db: batch.db });
    expect(summary).toMatchObject({ mode: "batch", pairs: { done: 4, failed: 1 } });
    expect(summary.failures[0]!.reason).toMatch(/the batch could not answer .*: HTTP 500: local judge: simulated server error/);
    expect(summary.matches.unmatched + summary.matches.normalized + summary.matches.exact).toBeGreaterThan(0);

    // The same suggestions, judgments and match counts as online.
    for (let i = 0; i < PAIRS.length; i++) {
      expect(await snapshot(batch.db, batch.pairIds[i]!), `pair ${i}`).toEqual(await snapshot(online.db, online.pairIds[i]!));
    }

    // The ingest filled the cache: judging the same pairs online now sends nothing.
    const afterIngest = server.requests.length;
    for (const pairId of batch.pairIds.slice(0, 4)) await runJudge({ pairId, db: batch.db, config: config(), client });
    expect(server.requests.length).toBe(afterIngest);

    // Ingesting the same output again changes nothing; another run's lines are ignored.
    const again = await ingestJudgeBatch({
      runId: written.runId,
      output: `${output}{"custom_id": "other:x:y:0:0123456789ab"}\nnot json\n`,
      client,
      db: batch.db,
    });
    expect(again).toMatchObject({ committed: 0, ignored: 1, invalid: 1 });
  }, 120_000);
});
