// Route-level tests of the queue, review, gold, next-pair and scoring routes against a real temp SQLite database:
// session cookies, permissions (401/403), validation (400), and the effects on the data.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSession } from "../../auth/create-session";
import { SESSION_COOKIE } from "../../auth/session-cookie";
import { createTempDatabase, seedRoleUsers, type TempDatabase } from "../../auth/test-helpers";
import { disconnectDb, getDb } from "../client";
import type { Role } from "../../../schemas/enums";
import type { JobOut } from "../../../schemas/jobs";
import { waitForJob } from "@/tests/test-support/wait-for";
import type { PrismaClient } from "../generated/client";
import { listPairs } from "./list-pairs";
import { saveAnnotationSpans } from "./save-annotation-spans";
import { submitAnnotation } from "./submit-annotation";
import { createTestPair, spanOf, type TestPair } from "./test-fixtures";

// The model is not needed to test the route: scorePair is replaced by a recorder.
const scored: string[] = [];
vi.mock("@/lib/server/pairs/score-pair", () => ({
  scorePair: async ({ pairId }: { pairId: string }) => {
    if (pairId === failingPair) throw new Error("boom");
    scored.push(pairId);
    return {};
  },
}));
let failingPair = "";

let temp: TempDatabase;
let db: PrismaClient;
let users: Record<Role, { id: string; email: string }>;
const tokens = {} as Record<Role | "ann2", string>;
let ann2: string;

const ORIGIN = "http://127.0.0.1:3000";
function req(path: string, init: RequestInit & { as?: keyof typeof tokens | null; origin?: string; html?: boolean } = {}) {
  const { as, origin, html, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set("host", "127.0.0.1:3000");
  if (as) headers.set("cookie", `${SESSION_COOKIE}=${tokens[as]}`);
  if (origin) headers.set("origin", origin);
  if (html) headers.set("accept", "text/html,application/xhtml+xml");
  return new Request(`${ORIGIN}${path}`, { ...rest, headers });
}
const body = (method: string, value: unknown) => ({ method, headers: { "content-type": "application/json" }, body: JSON.stringify(value) });
const params = (id: string) => ({ params: Promise.resolve({ id }) });

async function annotate(pair: TestPair, annotatorId: string, spans: ReturnType<typeof spanOf>[], submit = true): Promise<string> {
  const saved = await saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId, baseVersion: 0, spans });
  if (submit) await submitAnnotation({ db, pairId: pair.pairId, annotatorId });
  return saved.annotationId;
}

beforeAll(async () => {
  temp = await createTempDatabase("review-routes");
  process.env.DATABASE_URL = temp.url;
  db = getDb();
  users = await seedRoleUsers(db);
  ann2 = (await db.user.create({ data: { email: "ann2@test.local", name: "ann2", role: "annotator", passwordHash: "x" } })).id;
  for (const role of ["annotator", "reviewer", "researcher", "admin"] as const)
    tokens[role] = (await createSession({ db, userId: users[role].id })).token;
  tokens.ann2 = (await createSession({ db, userId: ann2 })).token;
});
afterAll(async () => {
  await disconnectDb();
  temp?.cleanup();
});

describe("GET /api/v1/pairs", () => {
  it("lists with filters for any role, 401 signed out, 400 for bad params", async () => {
    const { GET } = await import("@/app/api/v1/pairs/route");
    const a = await createTestPair(db, { dataset: "list-a", query: "first" });
    const b = await createTestPair(db, { dataset: "list-a", query: "second" });
    const c = await createTestPair(db, { dataset: "list-b", query: "third" });
    await annotate(a, users.annotator.id, [spanOf(a, 0, "Subscribe to our newsletter!", "ads")]);
    await annotate(b, ann2, [spanOf(b, 0, "Boil the eggs", "vital")], false);
    const datasetA = (await db.pair.findUniqueOrThrow({ where: { id: a.pairId } })).datasetId;

    expect((await GET(req(`/api/v1/pairs?datasetId=${datasetA}`), undefined)).status).toBe(401);
    const list = async (q: string) => {
      const res = await GET(req(`/api/v1/pairs?${q}`, { as: "annotator" }), undefined);
      expect(res.status, q).toBe(200);
      return ((await res.json()) as { items: { id: string }[] }).items.map((i) => i.id).sort();
    };
    expect(await list(`datasetId=${datasetA}`)).toEqual([a.pairId, b.pairId].sort());
    expect(await list(`datasetId=${datasetA}&status=submitted`)).toEqual([a.pairId]);
    expect(await list(`datasetId=${datasetA}&status=submitted,in_progress`)).toEqual([a.pairId, b.pairId].sort());
    expect(await list(`datasetId=${datasetA}&annotatorId=${ann2}`)).toEqual([b.pairId]);
    expect(await list(`datasetId=${datasetA}&category=ads`)).toEqual([a.pairId]);
    expect(await list(`dataset=list-b`)).toEqual([c.pairId]);
    // todo=1: pairs that still need *my* work. The annotator submitted a; b is someone else's work in progress.
    expect(await list(`datasetId=${datasetA}&todo=1`)).toEqual([b.pairId]);
    // For ann2 (b in progress) a still needs work: another annotator's submission does not take it off the list…
    const todoOf = async (userId: string) => (await listPairs({ db, datasetId: datasetA, needsWorkBy: userId })).items.map((i) => i.id).sort();
    expect(await todoOf(ann2)).toEqual([a.pairId, b.pairId].sort());
    // …but accepted pairs (gold exists) are done for everyone.
    await db.pair.update({ where: { id: a.pairId }, data: { status: "accepted" } });
    expect(await todoOf(ann2)).toEqual([b.pairId]);
    await db.pair.update({ where: { id: a.pairId }, data: { status: "submitted" } });
    // Empty values are "any" (what the filter form submits).
    expect(await list(`datasetId=${datasetA}&status=&category=&annotatorId=`)).toEqual([a.pairId, b.pairId].sort());

    for (const bad of ["status=done", "sort=random", "limit=0", "category=spam"]) {
      const res = await GET(req(`/api/v1/pairs?${bad}`, { as: "annotator" }), undefined);
      expect(res.status, bad).toBe(400);
    }
  });
});

describe("review and gold routes", () => {
  let pair: TestPair;
  let annId: string;
  let ann2Id: string;

  beforeAll(async () => {
    pair = await createTestPair(db, { dataset: "review" });
    annId = await annotate(pair, users.annotator.id, [spanOf(pair, 0, "Boil the eggs for nine minutes.", "vital")]);
    ann2Id = await annotate(pair, ann2, [
      spanOf(pair, 0, "Boil the eggs for nine minutes.", "vital"),
      spanOf(pair, 1, "Share this page.", "ui_navigation"),
    ]);
  });

  it("GET annotations: 401, 403 for annotators, everything for reviewers", async () => {
    const { GET } = await import("@/app/api/v1/pairs/[id]/annotations/route");
    expect((await GET(req(`/api/v1/pairs/${pair.pairId}/annotations`), params(pair.pairId))).status).toBe(401);
    expect((await GET(req(`/api/v1/pairs/${pair.pairId}/annotations`, { as: "annotator" }), params(pair.pairId))).status).toBe(403);
    expect((await GET(req(`/api/v1/pairs/${pair.pairId}/annotations`, { as: "researcher" }), params(pair.pairId))).status).toBe(403);
    const res = await GET(req(`/api/v1/pairs/${pair.pairId}/annotations`, { as: "reviewer" }), params(pair.pairId));
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data.pair).toMatchObject({ id: pair.pairId, status: "submitted", dataset: "review" });
    expect(data.documents.map((d: { text: string }) => d.text)).toEqual(pair.texts);
    expect(data.annotations.map((a: { annotator: { email: string }; spans: unknown[] }) => [a.annotator.email, a.spans.length])).toEqual([
      ["ann2@test.local", 2],
      ["annotator@test.local", 1],
    ]);
    expect((await GET(req(`/api/v1/pairs/nope/annotations`, { as: "reviewer" }), params("nope"))).status).toBe(404);
  });

  it("POST review: denials, validation, reject with comment, accept", async () => {
    const { POST } = await import("@/app/api/v1/annotations/[id]/review/route");
    const post = (id: string, value: unknown, as: keyof typeof tokens | null, origin?: string) =>
      POST(req(`/api/v1/annotations/${id}/review`, { ...body("POST", value), as, ...(origin ? { origin } : {}) }), params(id));

    expect((await post(annId, { decision: "accept" }, null)).status).toBe(401);
    expect((await post(annId, { decision: "accept" }, "annotator")).status).toBe(403);
    expect((await post(annId, { decision: "accept" }, "researcher")).status).toBe(403);
    expect((await post(annId, { decision: "accept" }, "reviewer", "https://evil.example")).status).toBe(403);
    const noComment = await post(annId, { decision: "reject" }, "reviewer");
    expect(noComment.status).toBe(400);
    expect((await noComment.json()).error.message).toMatch(/comment/);
    expect((await post(annId, { decision: "reject", comment: "  " }, "reviewer")).status).toBe(400);
    expect((await post(annId, { decision: "maybe" }, "reviewer")).status).toBe(400);
    expect((await post(annId, { decision: "accept", version: 0 }, "reviewer")).status).toBe(409); // stale view
    expect(await db.annotation.findUniqueOrThrow({ where: { id: annId } })).toMatchObject({ status: "submitted", reviewerId: null });

    const rejected = await post(annId, { decision: "reject", comment: "Also mark the ad." }, "reviewer");
    expect(rejected.status).toBe(200);
    expect(await rejected.json()).toMatchObject({ annotationId: annId, status: "rejected" });
    const row = await db.annotation.findUniqueOrThrow({ where: { id: annId } });
    expect(row).toMatchObject({ status: "rejected", reviewerId: users.reviewer.id, reviewComment: "Also mark the ad." });
    expect(row.reviewedAt).toBeInstanceOf(Date);
    // Only submitted work can be reviewed.
    expect((await post(annId, { decision: "accept" }, "reviewer")).status).toBe(409);

    const accepted = await post(ann2Id, { decision: "accept", version: 2 }, "admin");
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ status: "accepted", pairStatus: "accepted" });
    expect((await db.pair.findUniqueOrThrow({ where: { id: pair.pairId } })).status).toBe("accepted");
    expect(await db.annotation.findUniqueOrThrow({ where: { id: ann2Id } })).toMatchObject({ reviewerId: users.admin.id, reviewComment: null });
    // The rejection stays on the other annotation (per-annotation review fields).
    expect((await db.annotation.findUniqueOrThrow({ where: { id: annId } })).reviewComment).toBe("Also mark the ad.");
  });

  it("POST review: 403 for reviewing one's own annotation, admins included", async () => {
    const { POST } = await import("@/app/api/v1/annotations/[id]/review/route");
    const own = await createTestPair(db, { dataset: "review" });
    for (const role of ["reviewer", "admin"] as const) {
      const id = await annotate(own, users[role].id, [spanOf(own, 0, "Boil the eggs", "vital")]);
      const res = await POST(req(`/api/v1/annotations/${id}/review`, { ...body("POST", { decision: "accept" }), as: role }), params(id));
      expect(res.status, role).toBe(403);
      expect((await res.json()).error.message).toMatch(/own/);
    }
  });

  it("gold: GET for readers, PUT for reviewers writes gold and the adjudication marker; stale version 409", async () => {
    const { GET, PUT } = await import("@/app/api/v1/pairs/[id]/gold/route");
    const path = `/api/v1/pairs/${pair.pairId}/gold`;
    expect((await GET(req(path), params(pair.pairId))).status).toBe(401);
    // Blind annotation: the annotator whose work was rejected is to do it again without the key; ann2's was accepted.
    expect((await GET(req(path, { as: "annotator" }), params(pair.pairId))).status).toBe(403);
    const before = await GET(req(path, { as: "ann2" }), params(pair.pairId));
    expect(before.status).toBe(200);
    const state = await before.json();
    expect(state).toMatchObject({ spans: [], adjudicatedAt: null });

    const spans = [spanOf(pair, 0, "Boil the eggs for nine minutes.", "vital")];
    const put = (value: unknown, as: keyof typeof tokens | null) => PUT(req(path, { ...body("PUT", value), as }), params(pair.pairId));
    expect((await put({ spans }, null)).status).toBe(401);
    expect((await put({ spans }, "annotator")).status).toBe(403);
    expect((await put({ spans }, "researcher")).status).toBe(403);
    expect((await put({ spans: "nope" }, "reviewer")).status).toBe(400);
    expect((await put({ spans, version: state.version + 3 }, "reviewer")).status).toBe(409);
    expect((await put({ spans: [{ ...spans[0], text: "Bake" }] }, "reviewer")).status).toBe(422);

    const saved = await put({ spans, version: state.version, comment: "majority" }, "reviewer");
    expect(saved.status).toBe(200);
    expect((await saved.json()).spans.map((s: { text: string; source: string }) => [s.text, s.source])).toEqual([
      ["Boil the eggs for nine minutes.", "gold"],
    ]);
    const rows = await db.span.findMany({ where: { pairId: pair.pairId, source: "gold", deletedAt: null } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ annotationId: null, authorId: users.reviewer.id });
    const p = await db.pair.findUniqueOrThrow({ where: { id: pair.pairId } });
    expect(p).toMatchObject({ status: "accepted", adjudicatedById: users.reviewer.id });
    expect(p.adjudicatedAt).toBeInstanceOf(Date);
    const after = await (await GET(req(path, { as: "ann2" }), params(pair.pairId))).json();
    expect(after.spans).toHaveLength(1);
    expect(after.adjudicatedById).toBe(users.reviewer.id);
  });

  it("gold PUT: 403 when the reviewer is the pair's only annotator (four-eyes)", async () => {
    const { PUT } = await import("@/app/api/v1/pairs/[id]/gold/route");
    const solo = await createTestPair(db, { dataset: "review" });
    await annotate(solo, users.reviewer.id, [spanOf(solo, 0, "Boil the eggs", "vital")]);
    const spans = [spanOf(solo, 0, "Boil the eggs", "vital")];
    const path = `/api/v1/pairs/${solo.pairId}/gold`;
    expect((await PUT(req(path, { ...body("PUT", { spans }), as: "reviewer" }), params(solo.pairId))).status).toBe(403);
    // Another reviewer may adjudicate it.
    expect((await PUT(req(path, { ...body("PUT", { spans }), as: "admin" }), params(solo.pairId))).status).toBe(200);
  });
});

describe("GET /pairs/next", () => {
  it("redirects along the filtered queue, then back to the queue with done=1; signed-out browsers go to /login", async () => {
    const { GET } = await import("@/app/pairs/next/route");
    const p1 = await createTestPair(db, { dataset: "next", query: "n1" });
    const p2 = await createTestPair(db, { dataset: "next", query: "n2" });
    const p3 = await createTestPair(db, { dataset: "next", query: "n3" });
    await annotate(p2, users.annotator.id, [spanOf(p2, 0, "Boil the eggs", "vital")]); // submitted: not "to do"
    const datasetId = (await db.pair.findUniqueOrThrow({ where: { id: p1.pairId } })).datasetId;
    // Oldest first; read back from the database so equal timestamps (same millisecond) cannot flake the test.
    const order = (await db.pair.findMany({ where: { datasetId }, orderBy: [{ updatedAt: "asc" }, { id: "asc" }], select: { id: true } })).map(
      (r) => r.id,
    );
    expect([...order].sort()).toEqual([p1.pairId, p2.pairId, p3.pairId].sort());
    const filters = `datasetId=${datasetId}&sort=updatedAt&direction=asc`;

    const go = async (q: string) => {
      const res = await GET(req(`/pairs/next?${q}`, { as: "annotator", html: true }), undefined);
      expect(res.status, q).toBe(302);
      return new URL(res.headers.get("location")!, ORIGIN);
    };
    const first = await go(filters);
    expect(first.pathname).toBe(`/pairs/${order[0]}`);
    expect(first.searchParams.get("datasetId")).toBe(datasetId);
    expect(first.searchParams.get("direction")).toBe("asc");
    expect(first.searchParams.get("cursor")).toBeTruthy();
    // Following the cursor the redirect carried walks the queue.
    const second = await go(`${filters}&after=${order[0]}&cursor=${encodeURIComponent(first.searchParams.get("cursor")!)}`);
    expect(second.pathname).toBe(`/pairs/${order[1]}`);
    const third = await go(`${filters}&after=${order[1]}`);
    expect(third.pathname).toBe(`/pairs/${order[2]}`);
    const done = await go(`${filters}&after=${order[2]}`);
    expect(done.pathname).toBe("/pairs");
    expect(done.searchParams.get("done")).toBe("1");
    expect(done.searchParams.get("datasetId")).toBe(datasetId);

    // todo=1 skips the submitted pair.
    const todo = await go(`${filters}&todo=1&after=${order[0]}`);
    const nextTodo = order.slice(1).find((id) => id !== p2.pairId);
    expect(nextTodo).toBeDefined();
    expect(todo.pathname).toBe(`/pairs/${nextTodo}`);
    expect(todo.searchParams.get("todo")).toBe("1");
    expect(order[0]).not.toBe(p2.pairId); // p2 was touched last, so it sorts last

    // A cursor from another sort order falls back to the pair position instead of failing.
    const mixed = await go(
      `${filters}&after=${order[0]}&cursor=${encodeURIComponent(Buffer.from('["uncertainty","desc",null,"x"]').toString("base64url"))}`,
    );
    expect(mixed.pathname).toBe(`/pairs/${order[1]}`);

    const browser = await GET(req(`/pairs/next?${filters}`, { html: true }), undefined);
    expect(browser.status).toBe(302);
    const login = new URL(browser.headers.get("location")!, ORIGIN);
    expect(login.pathname).toBe("/login");
    expect(login.searchParams.get("next")).toBe(`/pairs/next?${filters}`);
    const api = await GET(req(`/pairs/next?${filters}`), undefined);
    expect(api.status).toBe(401);
    expect((await api.json()).error.code).toBe("UNAUTHORIZED");
  });
});

describe("POST /api/v1/pairs/score", () => {
  it("is for model:run roles and scores pairs without ModelRun, reporting failures", async () => {
    const { POST } = await import("@/app/api/v1/pairs/score/route");
    const s1 = await createTestPair(db, { dataset: "score", query: "s1" });
    const s2 = await createTestPair(db, { dataset: "score", query: "s2" });
    const s3 = await createTestPair(db, { dataset: "score", query: "s3" });
    const datasetId = (await db.pair.findUniqueOrThrow({ where: { id: s1.pairId } })).datasetId;
    await db.modelRun.create({
      data: {
        pairId: s3.pairId,
        documentId: s3.documentIds[0]!,
        modelName: "m",
        inputHash: "h",
        tokenCount: 0,
        probs: new Uint8Array(0),
        offsets: new Uint8Array(0),
      },
    });
    failingPair = s2.pairId;
    const post = (value: unknown, as: keyof typeof tokens | null) => POST(req("/api/v1/pairs/score", { ...body("POST", value), as }), undefined);
    expect((await post({ datasetId }, null)).status).toBe(401);
    expect((await post({ datasetId }, "annotator")).status).toBe(403);
    expect((await post({ datasetId }, "reviewer")).status).toBe(403);
    expect((await post({ datasetId, limit: 0 }, "researcher")).status).toBe(400);
    expect(scored).toEqual([]);

    const res = await post({ datasetId, limit: 10 }, "researcher");
    expect(res.status).toBe(200);
    const out = await res.json();
    expect(out.scored).toEqual([s1.pairId]);
    expect(out.failed).toEqual([{ pairId: s2.pairId, message: "scoring failed (see the server log)" }]);
    expect(out.remaining).toBe(1); // s2 is still unscored
    expect(scored).toEqual([s1.pairId]); // s3 already had a run
  });
});

describe("/api/v1/jobs: a score-pairs job", () => {
  it("scores the whole dataset in the background for model:run roles; anyone may follow its progress", async () => {
    const jobs = await import("@/app/api/v1/jobs/route");
    const byId = await import("@/app/api/v1/jobs/[id]/route");
    const pairs = [];
    for (let i = 0; i < 12; i++) pairs.push(await createTestPair(db, { dataset: "score-jobs", query: `j${i}` }));
    const datasetId = (await db.pair.findUniqueOrThrow({ where: { id: pairs[0]!.pairId } })).datasetId;
    failingPair = pairs[3]!.pairId;
    scored.length = 0;
    const post = (value: unknown, as: keyof typeof tokens | null) => jobs.POST(req("/api/v1/jobs", { ...body("POST", value), as }), undefined);
    const start = (payload: unknown) => ({ kind: "score-pairs", payload });
    expect((await post(start({ datasetId }), null)).status).toBe(401);
    expect((await post(start({ datasetId }), "annotator")).status).toBe(403);
    expect((await post(start({ datasetId, limit: 5 }), "researcher")).status).toBe(400);
    expect((await post({ kind: "no-such-kind", payload: {} }, "researcher")).status).toBe(400);
    expect((await post(start({ datasetId: "no-such-dataset" }), "researcher")).status).toBe(404);

    const res = await post(start({ datasetId }), "researcher");
    expect(res.status).toBe(202);
    const { job, started } = await res.json();
    expect(started).toBe(true);
    expect(job).toMatchObject({ kind: "score-pairs", scope: `dataset:${datasetId}` });
    const state = await waitForJob(
      async () => {
        // Annotators may follow a job (pair:read), not start one.
        const r = await byId.GET(req(`/api/v1/jobs/${job.id}`, { as: "annotator" }), params(job.id));
        expect(r.status).toBe(200);
        return (await r.json()).job as JobOut;
      },
      { timeoutMs: 8_000, intervalMs: 20 },
    );
    // Every pair of the dataset, the failing one reported and skipped.
    expect(state).toMatchObject({ state: "done", total: 12, done: 12, failed: 1, failures: [{ item: failingPair }] });
    expect(scored.sort()).toEqual(
      pairs
        .filter((p) => p.pairId !== failingPair)
        .map((p) => p.pairId)
        .sort(),
    );

    const latest = await jobs.GET(
      req(`/api/v1/jobs?kind=score-pairs&scope=${encodeURIComponent(`dataset:${datasetId}`)}&limit=1`, { as: "admin" }),
      undefined,
    );
    expect((await latest.json()).jobs.map((j: { id: string }) => j.id)).toEqual([job.id]);
    expect((await byId.GET(req("/api/v1/jobs/nope", { as: "researcher" }), params("nope"))).status).toBe(404);
  });
});
