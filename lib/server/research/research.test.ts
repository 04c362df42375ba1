import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatModelMethod } from "@/lib/engine/methods";
import type { EvalRow } from "@/lib/eval/types";
import type { JobOut } from "@/lib/schemas/jobs";
import type { CategoryBreakdown, FrontierPairsResponse, FrontierResponse } from "@/lib/schemas/research";
import { ROLES, type Role } from "@/lib/schemas/enums";
import { hasPermission } from "@/lib/auth/policy";
import { waitForJob } from "@/tests/test-support/wait-for";
import { createSession } from "../auth/create-session";
import { SESSION_COOKIE } from "../auth/session-cookie";
import { createTempDatabase, seedRoleUsers, type TempDatabase } from "../auth/test-helpers";
import { disconnectDb, getDb } from "../db/client";
import { createPair } from "../db/create-pair";
import type { PrismaClient } from "../db/generated/client";
import { stopJobRunner } from "../jobs/job-runner";
import { listModels } from "../model/list-models";
import { clearProcessCaches } from "../process-cache";

// The research views on a fixture dataset, through their routes: a sweep job whose rows equal — to the last digit —
// what `snippet-lab eval --format gold-jsonl` reports on the same dataset's export; the pairs behind a point; the
// category breakdown and its CSV; the Prometheus metrics of live compression traffic.

let temp: TempDatabase;
let db: PrismaClient;
let datasetId = "";
let emptyDatasetId = "";
let model = "";
const tokens = {} as Record<Role, string>;
const ORIGIN = "http://127.0.0.1:3000";

function req(p: string, init: RequestInit & { as?: Role | null } = {}) {
  const { as, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set("host", "127.0.0.1:3000");
  headers.set("origin", ORIGIN);
  if (as) headers.set("cookie", `${SESSION_COOKIE}=${tokens[as]}`);
  return new Request(`${ORIGIN}${p}`, { ...rest, headers });
}
const json = (value: unknown) => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(value) });

const PAGES = [
  {
    query: "When does the city museum open on Sundays?",
    docs: [
      "Home | Visit | Shop | Contact\n\nCity Museum\n\nThe city museum opens at 10 am on Sundays and closes at 6 pm. Tickets cost 12 euros for adults. Children enter free.\n\nSubscribe to our newsletter for exhibition news.",
      "Museum café\n\nOur café serves coffee and cake every day. It opens at 9 am on weekdays.",
    ],
    gold: [
      { doc: 0, text: "The city museum opens at 10 am on Sundays and closes at 6 pm.", category: "vital" },
      { doc: 0, text: "Home | Visit | Shop | Contact", category: "ui_navigation" },
      { doc: 0, text: "Subscribe to our newsletter for exhibition news.", category: "ads" },
    ],
  },
  {
    query: "How long is the old stone bridge?",
    docs: [
      "The old stone bridge crosses the river in the town centre. It was built in 1632 by the guild of masons. The bridge is 212 metres long and has nine arches. Today only pedestrians may cross it. Share this page on social media.",
    ],
    gold: [
      { doc: 0, text: "The bridge is 212 metres long and has nine arches.", category: "vital" },
      { doc: 0, text: "It was built in 1632 by the guild of masons.", category: "off_topic" },
      { doc: 0, text: "Share this page on social media.", category: "ui_navigation" },
    ],
  },
  {
    query: "What is the boiling point of water on a high mountain?",
    docs: [
      "Water boils at 100 degrees Celsius at sea level. On a high mountain the air pressure is lower. At 3,000 metres water boils at about 90 degrees Celsius. Cooking pasta therefore takes longer there. Related articles: Why is the sky blue?",
    ],
    gold: [
      { doc: 0, text: "At 3,000 metres water boils at about 90 degrees Celsius.", category: "vital" },
      { doc: 0, text: "On a high mountain the air pressure is lower.", category: "vital" },
      { doc: 0, text: "Related articles: Why is the sky blue?", category: "ui_navigation" },
    ],
  },
  {
    // Gold without vital spans: a query the page cannot answer (reported apart as unanswerable).
    query: "Who won the 1998 chess olympiad?",
    docs: ["The harbour festival takes place every August. Boats from twelve countries take part. Parking is free after 6 pm."],
    gold: [{ doc: 0, text: "The harbour festival takes place every August.", category: "off_topic" }],
  },
] as const;

async function settled(id: string): Promise<JobOut> {
  const { GET } = await import("@/app/api/v1/jobs/[id]/route");
  const read = async () => {
    const res = await GET(req(`/api/v1/jobs/${id}`, { as: "annotator" }), { params: Promise.resolve({ id }) });
    return ((await res.json()) as { job: JobOut }).job;
  };
  return waitForJob(read, { timeoutMs: 150_000 });
}

beforeAll(async () => {
  process.env.SNIPPET_LAB_INTRA_OP_THREADS ??= "1";
  temp = await createTempDatabase("research");
  process.env.DATABASE_URL = temp.url;
  db = getDb();
  const users = await seedRoleUsers(db);
  for (const role of ["annotator", "reviewer", "researcher", "admin"] as const)
    tokens[role] = (await createSession({ db, userId: users[role].id })).token;
  model = (await listModels()).find((m) => m.default)!.name;
  for (const [i, p] of PAGES.entries()) {
    const created = await createPair({
      db,
      dataset: "research-fixture",
      externalId: `fx-${i}`,
      query: p.query,
      documents: p.docs.map((text) => ({ text, url: `https://www.example.org/page-${i}` })),
    });
    datasetId = created.datasetId;
    for (const g of p.gold) {
      const text = (await db.document.findUniqueOrThrow({ where: { id: created.documentIds[g.doc]! } })).text;
      const start = text.indexOf(g.text);
      expect(start, g.text).toBeGreaterThanOrEqual(0);
      await db.span.create({
        data: {
          pairId: created.id,
          documentId: created.documentIds[g.doc]!,
          start,
          end: start + g.text.length,
          text: g.text,
          category: g.category,
          source: "gold",
        },
      });
    }
    await db.pair.update({ where: { id: created.id }, data: { status: "accepted" } });
  }
  // A pair without gold: not part of the sweep, but of the category breakdown (its categories: none, or the model's).
  await createPair({
    db,
    dataset: "research-fixture",
    query: "Where is the station?",
    documents: [{ text: "The station is next to the market square. Trains leave every hour." }],
  });
  emptyDatasetId = (await db.dataset.create({ data: { name: "research-empty" } })).id;
});
afterAll(async () => {
  await stopJobRunner();
  await disconnectDb();
  temp?.cleanup();
});

describe("who reads research (the policy matrix)", () => {
  it("every research route answers 403 exactly to the roles without research:read, signed out 401", async () => {
    const routes = {
      "frontier/route": `/api/v1/research/frontier?datasetId=${emptyDatasetId}`,
      "frontier/pairs/route": `/api/v1/research/frontier/pairs?datasetId=${emptyDatasetId}&method=lead&budget=15`,
      "judge/route": `/api/v1/research/judge?datasetId=${emptyDatasetId}`,
      "categories/route": `/api/v1/research/categories?datasetId=${emptyDatasetId}&method=lead&preset=low`,
      "categories/pairs/route": `/api/v1/research/categories/pairs?datasetId=${emptyDatasetId}&method=lead&preset=low&category=vital`,
    };
    for (const [module, url] of Object.entries(routes)) {
      const { GET } = (await import(`@/app/api/v1/research/${module}`)) as { GET: (r: Request, c: undefined) => Promise<Response> };
      expect((await GET(req(url), undefined)).status, `${url} signed out`).toBe(401);
      for (const role of ROLES) {
        const status = (await GET(req(url, { as: role }), undefined)).status;
        if (hasPermission(role, "research:read")) expect(status, `${role} ${url}`).not.toBe(403);
        else expect(status, `${role} ${url}`).toBe(403);
      }
    }
  });
});

describe("the threshold and budget frontier", () => {
  let frontier: FrontierResponse;
  const methods = () => [formatModelMethod(model), "bm25", "lead", "oracle"];

  it("runs a sweep as a job (researchers; reviewers may only look, annotators not even that), scoring the unscored pairs first", async () => {
    const { POST } = await import("@/app/api/v1/jobs/route");
    const payload = { datasetId, methods: methods(), thresholds: [0, 0.05, 0.3, 0.6, 0.95], budgets: [15, 40, 1000] };
    expect((await POST(req("/api/v1/jobs", { ...json({ kind: "frontier-sweep", payload }), as: "annotator" }), undefined)).status).toBe(403);
    const empty = await POST(
      req("/api/v1/jobs", { ...json({ kind: "frontier-sweep", payload: { ...payload, datasetId: emptyDatasetId } }), as: "researcher" }),
      undefined,
    );
    expect(empty.status).toBe(422);
    expect((await empty.json()).error.message).toContain("no gold pairs");

    const res = await POST(req("/api/v1/jobs", { ...json({ kind: "frontier-sweep", payload }), as: "researcher" }), undefined);
    expect(res.status).toBe(202);
    const { job } = (await res.json()) as { job: JobOut };
    const done = await settled(job.id);
    // 4 gold pairs scored by the model once (the unit similarities it blended stored with them: the sweep does not
    // run the sentence encoder again), then 4 pairs × 4 methods swept.
    expect(done).toMatchObject({ state: "done", total: 4 + 16, done: 20, failed: 0, hasResult: true });
    expect(await db.unitSimilarity.count()).toBe(4);
    expect(await db.modelRun.count({ where: { modelName: model, pair: { datasetId } } })).toBe(5); // 4 pairs, 5 documents

    const { GET } = await import("@/app/api/v1/research/frontier/route");
    const r = await GET(req(`/api/v1/research/frontier?datasetId=${datasetId}`, { as: "reviewer" }), undefined);
    expect(r.status).toBe(200);
    frontier = (await r.json()) as FrontierResponse;
    expect(frontier.jobId).toBe(job.id);
    const result = frontier.result!;
    expect(result.pairs).toBe(4);
    expect(result.methods.map((m) => m.method)).toEqual(methods());
    expect(result.methods.every((m) => !m.error)).toBe(true);
    // The model's default threshold joins the sweep.
    expect(result.thresholds).toContain((await listModels()).find((m) => m.name === model)!.profile.selection.threshold);
    expect(result.rows).toHaveLength(methods().length * (result.thresholds.length + result.budgets.length));
    expect(result.categories).toEqual(["ads", "off_topic", "ui_navigation", "vital"]);
    const oracle = result.rows.find((row) => row.method === "oracle" && row.threshold === 0.3)!;
    expect(oracle.evidenceRecall).toBe(1);
    expect(oracle.unanswerable).toEqual({ queries: 1, keptNothing: 1, tokensPerQuery: 0 });
    // Every point carries its seeded bootstrap interval over the pairs, around the point's figure.
    for (const row of result.rows.filter((r) => r.method === "bm25")) {
      const setting = row.threshold !== undefined ? { kind: "threshold", value: row.threshold } : { kind: "budget", value: row.budget! };
      const iv = result.intervals?.[`bm25|${setting.kind}|${setting.value}`]?.evidenceRecall;
      expect(iv, JSON.stringify(setting)).toBeDefined();
      expect(iv!.lo).toBeLessThanOrEqual(row.evidenceRecall + 1e-4);
      expect(iv!.hi).toBeGreaterThanOrEqual(row.evidenceRecall - 1e-4);
    }
  });

  it("evaluates one model as a model-eval job, which the models page reads as that model's figures", async () => {
    const { POST } = await import("@/app/api/v1/jobs/route");
    const { readModelEvals } = await import("./read-model-evals");
    const unknown = await POST(
      req("/api/v1/jobs", { ...json({ kind: "model-eval", payload: { model: "no-such-model", datasetId } }), as: "researcher" }),
      undefined,
    );
    expect(unknown.status).toBe(404);
    const res = await POST(req("/api/v1/jobs", { ...json({ kind: "model-eval", payload: { model, datasetId } }), as: "researcher" }), undefined);
    expect(res.status).toBe(202);
    const { job } = (await res.json()) as { job: JobOut };
    expect(job.scope).toBe(`model:${model}`);
    expect(await settled(job.id)).toMatchObject({ state: "done", failed: 0, hasResult: true });
    const threshold = (await listModels()).find((m) => m.name === model)!.profile.selection.threshold;
    const figures = (await readModelEvals({ models: [{ name: model, threshold }], db })).get(model);
    expect(figures).toMatchObject({ queries: 4, measure: "evidenceRecall", setting: "budget 4000", source: `job ${job.id}` });
    expect(figures?.value).toBeGreaterThanOrEqual(0);
    expect(figures?.atDefaultThreshold).toBeDefined();
  });

  it("has exactly the rows `snippet-lab eval` reports on the dataset's gold JSONL export", async () => {
    const result = frontier.result!;
    const { exportDataset } = await import("../export/export-dataset");
    const file = path.join(temp.dir, "fixture.gold.jsonl");
    writeFileSync(file, await new Response((await exportDataset({ datasetId, format: "gold-jsonl", db })).body).text());
    const out = path.join(temp.dir, "eval.json");
    const { command } = await import("@/cli/commands/eval");
    const log = console.log;
    console.log = () => {};
    try {
      const code = await command.run([
        "--input",
        file,
        "--format",
        "gold-jsonl",
        "--methods",
        methods().join(","),
        "--thresholds",
        result.thresholds.join(","),
        "--budgets",
        result.budgets.join(","),
        "--json",
        out,
        "--quiet",
      ]);
      expect(code).toBe(0);
    } finally {
      console.log = log;
    }
    const cli = JSON.parse(readFileSync(out, "utf8")) as { queries: number; results: EvalRow[] };
    expect(cli.queries).toBe(result.pairs);
    // To the last digit: the same rows, the same numbers, the same order.
    expect(result.rows).toEqual(cli.results);
    // And the model's rows are real figures, not a degenerate sweep.
    const modelRows = result.rows.filter((row) => row.method === formatModelMethod(model));
    expect(new Set(modelRows.map((row) => row.tokensPerQuery)).size).toBeGreaterThan(2);
  }, 120_000);

  it("serves the rows as CSV, and the pairs behind a point sorted by evidence lost", async () => {
    const { GET } = await import("@/app/api/v1/research/frontier/route");
    const csv = await GET(req(`/api/v1/research/frontier?datasetId=${datasetId}&format=csv`, { as: "reviewer" }), undefined);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\n");
    expect(lines).toHaveLength(frontier.result!.rows.length + 1);
    expect(lines[0]).toContain("keptShare_vital");
    // The pair whose gold has nothing vital: its figures in their own columns, beside recall.
    const header = lines[0]!.split(",");
    const col = header.indexOf("unanswerableQueries");
    expect(header.slice(col, col + 3)).toEqual(["unanswerableQueries", "unanswerableKeptNothing", "unanswerableTokensPerQuery"]);
    const oracleLine = lines.find((l) => l.startsWith("oracle,"))!.split(",");
    expect(oracleLine.slice(col, col + 3)).toEqual(["1", "1", "0"]);

    const pairsRoute = await import("@/app/api/v1/research/frontier/pairs/route");
    const point = frontier.result!.rows.find((row) => row.method === "lead" && row.budget === 15)!;
    const res = await pairsRoute.GET(
      req(`/api/v1/research/frontier/pairs?datasetId=${datasetId}&method=lead&budget=15`, { as: "reviewer" }),
      undefined,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as FrontierPairsResponse;
    expect(body.pairs).toHaveLength(4);
    const lost = body.pairs.map((p) => p.evidenceLost);
    expect(lost).toEqual([...lost].sort((a, b) => b - a));
    // The point's figure is the mean over the answerable pairs behind it.
    const answerable = body.pairs.filter((p) => p.evidenceTotal > 0);
    const recall = answerable.reduce((s, p) => s + p.evidenceKept / p.evidenceTotal, 0) / answerable.length;
    expect(Math.round(recall * 1e4) / 1e4).toBe(point.evidenceRecall);
    expect(body.pairs.reduce((s, p) => s + p.tokensOut, 0) / 4).toBeCloseTo(point.tokensPerQuery, 1);
    const bad = await pairsRoute.GET(req(`/api/v1/research/frontier/pairs?datasetId=${datasetId}&method=lead`, { as: "reviewer" }), undefined);
    expect(bad.status).toBe(400);
  });

  it("before any sweep a dataset has no frontier; an unknown dataset is a 404", async () => {
    const { GET } = await import("@/app/api/v1/research/frontier/route");
    const none = await GET(req(`/api/v1/research/frontier?datasetId=${emptyDatasetId}`, { as: "reviewer" }), undefined);
    expect(await none.json()).toEqual({ jobId: null, result: null });
    expect((await GET(req(`/api/v1/research/frontier?datasetId=nope`, { as: "reviewer" }), undefined)).status).toBe(404);
    expect((await GET(req(`/api/v1/research/frontier?datasetId=${datasetId}`), undefined)).status).toBe(401);
  });
});

describe("the category breakdown", () => {
  it("gives token shares per category before and after compression, per source, as JSON and CSV", async () => {
    const { GET } = await import("@/app/api/v1/research/categories/route");
    const q = `datasetId=${datasetId}&method=lead&preset=low`;
    const res = await GET(req(`/api/v1/research/categories?${q}`, { as: "reviewer" }), undefined);
    expect(res.status).toBe(200);
    const b = (await res.json()) as CategoryBreakdown;
    expect(b.pairs).toBe(5);
    expect(b.bySource.gold.pairs).toBe(4);
    expect(b.bySource.gold.pairs + b.bySource.judge.pairs + b.bySource.model.pairs + b.bySource.none.pairs).toBe(5);
    expect(b.all.rows.map((r) => r.category)).toEqual(["vital", "off_topic", "ads", "metadata", "ui_navigation", "duplicate", "unlabelled"]);
    expect(b.all.rows.reduce((s, r) => s + r.shareIn, 0)).toBeCloseTo(1, 9);
    // Lead at a 1,000-token budget keeps every (short) page whole: nothing changes.
    for (const r of b.all.rows) if (r.change !== null) expect(Math.abs(r.change)).toBeLessThan(1e-9);

    const csvRes = await GET(req(`/api/v1/research/categories?${q}&format=csv`, { as: "reviewer" }), undefined);
    const lines = (await csvRes.text()).trim().split("\n");
    const vital = lines.find((l) => l.startsWith("all,vital,"))!.split(",");
    const row = b.all.rows.find((r) => r.category === "vital")!;
    expect(Number(vital[2])).toBeCloseTo(row.tokensIn, 1);
    expect(Number(vital[4])).toBe(Math.round(row.shareIn * 1000) / 10);

    // A threshold instead of a preset: bm25 keeps less, so vital's share moves.
    const t = (await (
      await GET(req(`/api/v1/research/categories?datasetId=${datasetId}&method=bm25&threshold=0.5`, { as: "reviewer" }), undefined)
    ).json()) as CategoryBreakdown;
    expect(t.setting).toEqual({ kind: "threshold", threshold: 0.5 });
    expect(t.all.totalOut).toBeLessThan(t.all.totalIn);
    // A domain: the pairs with a document from that host (or a subdomain); another domain: nothing.
    const org = (await (
      await GET(req(`/api/v1/research/categories?${q}&domain=example.org`, { as: "reviewer" }), undefined)
    ).json()) as CategoryBreakdown;
    expect(org.pairs).toBe(4);
    const other = (await (
      await GET(req(`/api/v1/research/categories?datasetId=${datasetId}&method=lead&domain=example.com`, { as: "reviewer" }), undefined)
    ).json()) as CategoryBreakdown;
    expect(other.pairs).toBe(0);
  });

  it("lists the pairs behind a bar with their texts, category spans and kept spans", async () => {
    const { GET } = await import("@/app/api/v1/research/categories/pairs/route");
    const res = await GET(
      req(`/api/v1/research/categories/pairs?datasetId=${datasetId}&method=bm25&threshold=0.5&category=ui_navigation&limit=2`, { as: "reviewer" }),
      undefined,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      pairs: { source: string; tokensIn: number; documents: { text: string; categories: { category: string }[] }[] }[];
    };
    expect(body.pairs).toHaveLength(2);
    expect(body.pairs[0]!.tokensIn).toBeGreaterThanOrEqual(body.pairs[1]!.tokensIn);
    expect(body.pairs[0]!.source).toBe("gold");
    expect(body.pairs[0]!.documents.some((d) => d.categories.some((c) => c.category === "ui_navigation"))).toBe(true);
  });
  it("takes a pair without gold or judge labels from the model's category head, the same on a repeated request and after a restart", async () => {
    const { scorePair } = await import("../pairs/score-pair");
    const { computeCategoryBreakdown } = await import("./compute-category-breakdown");
    const station = await db.pair.findFirstOrThrow({ where: { datasetId, externalId: null } });
    await scorePair({ pairId: station.id, db });
    const filters = { datasetId, method: formatModelMethod(model), preset: "low" as const };
    const first = (await computeCategoryBreakdown({ filters, db })).breakdown;
    expect(first.categoryModel).toBe(model);
    expect(first.bySource.model.pairs).toBe(1);
    expect(first.bySource.model.totalIn).toBeGreaterThan(0);
    const second = (await computeCategoryBreakdown({ filters, db })).breakdown;
    expect({ ...second, timings: null }).toEqual({ ...first, timings: null });

    // The first request stored the run's unit scores and categories (ModelRunUnits) …
    const { unitScoresWritten } = await import("./load-unit-scores");
    await unitScoresWritten();
    const run = await db.modelRun.findFirstOrThrow({ where: { pairId: station.id, modelName: model }, include: { units: true } });
    expect(run.units).toHaveLength(1);
    expect(run.units[0]!.categories).not.toBeNull();
    // … so after a restart (memory caches empty) the breakdown reads those, not the tokens: with the token bytes
    // damaged the pair is still scored, with the same figures.
    // The breakdown's stored sums go too: these are checks of the unit scores beneath them.
    const restart = async () => {
      await db.pairBreakdownSums.deleteMany();
      clearProcessCaches();
    };
    await db.modelRun.update({ where: { id: run.id }, data: { probs: new Uint8Array(3) } });
    await restart();
    const afterRestart = (await computeCategoryBreakdown({ filters, db })).breakdown;
    expect({ ...afterRestart, timings: null }).toEqual({ ...first, timings: null });
    // A row made for other inputs is not used: the tokens decide, and damaged ones leave the pair unscored.
    await db.modelRunUnits.updateMany({ where: { modelRunId: run.id }, data: { inputKey: "other inputs" } });
    await restart();
    const stale = (await computeCategoryBreakdown({ filters, db })).breakdown;
    expect(stale.unscored).toBe(first.unscored + 1);
    expect(stale.bySource.model.pairs).toBe(0);
    // Nor is a row of another unit stage (an older formula or other settings: its key is another unitScoresKey).
    const { unitScoresKey } = await import("../scoring/unit-scores-key");
    const suffix = `|${unitScoresKey((await listModels()).find((m) => m.name === model)!.profile)}`;
    expect(run.units[0]!.key.endsWith(suffix)).toBe(true);
    const oldKey = `${run.units[0]!.key.slice(0, -suffix.length)}|an older formula`;
    await db.modelRunUnits.updateMany({ where: { modelRunId: run.id }, data: { inputKey: run.units[0]!.inputKey, key: oldKey } });
    await restart();
    expect((await computeCategoryBreakdown({ filters, db })).breakdown.unscored).toBe(first.unscored + 1);
    // Tokens restored: aggregated again, the row rewritten, the figures back.
    await db.modelRun.update({ where: { id: run.id }, data: { probs: run.probs } });
    await restart();
    expect({ ...(await computeCategoryBreakdown({ filters, db })).breakdown, timings: null }).toEqual({ ...first, timings: null });
    await unitScoresWritten();
    const rows = await db.modelRunUnits.findMany({ where: { modelRunId: run.id }, orderBy: { key: "asc" } });
    expect(rows.map((r) => [r.key, r.inputKey])).toEqual([
      [oldKey, run.units[0]!.inputKey],
      [run.units[0]!.key, run.units[0]!.inputKey],
    ]);
  });
});

describe("GET /api/v1/metrics", () => {
  it("counts compress traffic in Prometheus format, behind the API key", async () => {
    const compress = await import("@/app/api/v1/compress/route");
    const metrics = await import("@/app/api/v1/metrics/route");
    const ok = await compress.POST(
      new Request(
        `${ORIGIN}/api/v1/compress`,
        json({ query: "When does the museum open?", model: formatModelMethod(model), results: [{ text: PAGES[0].docs[0] }], preset: "low" }),
      ),
      undefined,
    );
    expect(ok.status).toBe(200);
    const bad = await compress.POST(new Request(`${ORIGIN}/api/v1/compress`, json({ results: [] })), undefined);
    expect(bad.status).toBe(400);

    const res = await metrics.GET(new Request(`${ORIGIN}/api/v1/metrics`), undefined);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    const method = formatModelMethod(model);
    expect(text).toMatch(new RegExp(`snippet_lab_compress_requests_total\\{method="${method}",status="200"\\} 1`));
    expect(text).toMatch(/snippet_lab_compress_errors_total\{code="BAD_REQUEST"\} 1/);
    expect(text).toMatch(new RegExp(`snippet_lab_compress_duration_seconds_bucket\\{le="\\+Inf",method="${method}"\\} 1`));
    expect(text).toMatch(new RegExp(`snippet_lab_windows_scored_total\\{method="${method}"\\} [1-9]`));
    expect(text).toMatch(new RegExp(`snippet_lab_tokens_in_total\\{method="${method}"\\} [1-9]`));
    expect(text).toMatch(/snippet_lab_process_cpu_seconds_total/);
    // Every metric is ours: each line is a comment or starts with the prefix.
    expect(text).not.toMatch(/^(?!#|snippet_lab_)\S/m);

    const prev = process.env.SNIPPET_LAB_API_KEYS;
    process.env.SNIPPET_LAB_API_KEYS = "k1";
    try {
      expect((await metrics.GET(new Request(`${ORIGIN}/api/v1/metrics`), undefined)).status).toBe(401);
      expect((await metrics.GET(new Request(`${ORIGIN}/api/v1/metrics`, { headers: { authorization: "Bearer k1" } }), undefined)).status).toBe(200);
    } finally {
      if (prev === undefined) delete process.env.SNIPPET_LAB_API_KEYS;
      else process.env.SNIPPET_LAB_API_KEYS = prev;
    }
  }, 60_000);
});

describe("LLM methods on the frontier", () => {
  it("sweeps llm-extract and hybrid through the judge server; without one, or with it down, they say why", async () => {
    const { startLocalJudgeServer } = await import("../judge/test-support/local-judge-server");
    const { POST } = await import("@/app/api/v1/jobs/route");
    const { readFrontier } = await import("./read-frontier");
    const sweep = async () => {
      const payload = { datasetId, methods: ["bm25", "llm-extract", "hybrid:bm25"], thresholds: [0.5], budgets: [1000] };
      const res = await POST(req("/api/v1/jobs", { ...json({ kind: "frontier-sweep", payload }), as: "researcher" }), undefined);
      expect(res.status).toBe(202);
      expect((await settled(((await res.json()) as { job: JobOut }).job.id)).state).toBe("done");
      return (await readFrontier({ datasetId })).result!;
    };
    const keys = ["SNIPPET_LAB_JUDGE_BASE_URL", "SNIPPET_LAB_JUDGE_MODEL", "SNIPPET_LAB_JUDGE_MAX_RETRIES"] as const;
    const saved = Object.fromEntries(keys.map((k) => [k, process.env[k]]));
    const server = await startLocalJudgeServer();
    let closed = false;
    try {
      // No judge configured: the LLM methods have no curve and say why; bm25 still has its points.
      for (const k of keys) delete process.env[k];
      let result = await sweep();
      expect(result.methods.find((m) => m.method === "llm-extract")!.error).toMatch(/no LLM judge is configured/);
      expect(result.rows.filter((r) => r.method === "bm25")).toHaveLength(2);

      Object.assign(process.env, {
        SNIPPET_LAB_JUDGE_BASE_URL: server.url,
        SNIPPET_LAB_JUDGE_MODEL: "local-rules",
        SNIPPET_LAB_JUDGE_MAX_RETRIES: "0",
      });
      result = await sweep();
      for (const method of ["llm-extract", "hybrid:bm25"]) {
        expect(result.methods.find((m) => m.method === method)).toMatchObject({ kind: "llm" });
        expect(result.methods.find((m) => m.method === method)!.error).toBeUndefined();
        const rows = result.rows.filter((r) => r.method === method);
        expect(rows).toHaveLength(2);
        expect(rows.every((r) => r.tokensPerQuery > 0 && r.evidenceRecall > 0)).toBe(true);
      }
      expect(server.requests.some((r) => r.kind === "extract")).toBe(true);

      // The server goes away: replies already given are cached (JudgeCall), so the same sweep still has its curves;
      // a judge model never asked has nothing cached and fails alone, with the reason.
      await server.close();
      closed = true;
      result = await sweep();
      expect(result.methods.find((m) => m.method === "llm-extract")!.error).toBeUndefined();
      process.env.SNIPPET_LAB_JUDGE_MODEL = "local-rules+fuzzy";
      result = await sweep();
      expect(result.methods.find((m) => m.method === "llm-extract")!.error).toMatch(/could not reach|unreachable|connect/i);
      expect(result.rows.filter((r) => r.method === "bm25")).toHaveLength(2);
    } finally {
      if (!closed) await server.close();
      for (const k of keys) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
    }
  }, 120_000);
});
