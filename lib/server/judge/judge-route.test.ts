// POST /api/v1/pairs/:id/judge against a real temp database and the local judge server on 127.0.0.1.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST } from "@/app/api/v1/pairs/[id]/judge/route";
import { createSession } from "../auth/create-session";
import { SESSION_COOKIE } from "../auth/session-cookie";
import { createTempDatabase, seedRoleUsers, type TempDatabase } from "../auth/test-helpers";
import { disconnectDb, getDb } from "../db/client";
import { createPair } from "../db/create-pair";
import type { Role } from "../../schemas/enums";
import { startLocalJudgeServer, type LocalJudgeServer } from "./test-support/local-judge-server";

let temp: TempDatabase;
let server: LocalJudgeServer;
const tokens = {} as Record<Role, string>;
let pairId: string;
let documentIds: string[];
const JUDGE_VARS = [
  "SNIPPET_LAB_JUDGE_BASE_URL",
  "SNIPPET_LAB_JUDGE_MODEL",
  "SNIPPET_LAB_JUDGE_API_KEY",
  "SNIPPET_LAB_JUDGE_TIMEOUT_MS",
  "SNIPPET_LAB_JUDGE_MAX_RETRIES",
];
const savedEnv = Object.fromEntries(JUDGE_VARS.map((k) => [k, process.env[k]]));

const ORIGIN = "http://127.0.0.1:3000";
function req(init: { token?: string; json?: unknown; raw?: string } = {}) {
  const headers = new Headers({ host: "127.0.0.1:3000" });
  if (init.token) headers.set("cookie", `${SESSION_COOKIE}=${init.token}`);
  const body = init.raw ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined);
  if (body !== undefined) headers.set("content-type", "application/json");
  return new Request(`${ORIGIN}/api/v1/pairs/${pairId}/judge`, { method: "POST", headers, ...(body !== undefined ? { body } : {}) });
}
const ctx = (id = pairId) => ({ params: Promise.resolve({ id }) });

beforeAll(async () => {
  temp = await createTempDatabase("judge-route");
  process.env.DATABASE_URL = temp.url;
  const db = getDb();
  const users = await seedRoleUsers(db);
  for (const role of ["annotator", "reviewer", "researcher", "admin"] as const) {
    tokens[role] = (await createSession({ db, userId: users[role].id })).token;
  }
  const created = await createPair({
    db,
    dataset: "judge-route",
    query: "how long to boil an egg",
    documents: [
      { text: "Boil the eggs for nine minutes. Cool them in cold water.\n\nSubscribe to our newsletter!" },
      { text: "Soft-boiled eggs take about six minutes." },
    ],
  });
  pairId = created.id;
  documentIds = created.documentIds;
  server = await startLocalJudgeServer();
});
beforeEach(() => {
  process.env.SNIPPET_LAB_JUDGE_BASE_URL = server.url;
  process.env.SNIPPET_LAB_JUDGE_MODEL = "local-rules";
  process.env.SNIPPET_LAB_JUDGE_MAX_RETRIES = "0";
  delete process.env.SNIPPET_LAB_JUDGE_API_KEY;
  delete process.env.SNIPPET_LAB_JUDGE_TIMEOUT_MS;
});
afterAll(async () => {
  for (const [k, v] of Object.entries(savedEnv)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await server?.close();
  await disconnectDb();
  temp?.cleanup();
});

describe("POST /api/v1/pairs/:id/judge", () => {
  it("runs the judge for a researcher: 200 {intents, suggestions, unmatched, matches, usage, promptVersion}", async () => {
    const res = await POST(req({ token: tokens.researcher }), ctx());
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(["intents", "matches", "promptVersion", "suggestions", "unmatched", "usage"]);
    expect(body.matches).toEqual({ exact: 3, normalized: 0, regex: 0, fuzzy: 0, unmatched: 0 });
    expect(body.usage).toMatchObject({ requests: 3, retries: 0, cachedRequests: 0 });
    expect(body.intents).toEqual(["how long to boil an egg"]);
    expect(body.unmatched).toEqual([]);
    expect(body.suggestions.map((s: { text: string; category: string }) => [s.text, s.category])).toEqual([
      ["Boil the eggs for nine minutes.", "vital"],
      ["Subscribe to our newsletter!", "ads"],
      ["Soft-boiled eggs take about six minutes.", "vital"],
    ]);
    expect(body.suggestions[0]).toMatchObject({ source: "judge", modelName: "local-rules", documentId: documentIds[0], start: 0, end: 31 });
    expect(typeof body.suggestions[0].id).toBe("string");
  });

  it("accepts documentIds and refuses unknown fields, unknown documents and unknown pairs", async () => {
    const before = server.requests.filter((r) => r.stage === 2).length;
    const res = await POST(req({ token: tokens.admin, json: { documentIds: [documentIds[1]] } }), ctx());
    expect(res.status).toBe(200);
    // The document was judged by the first test: its reply comes from the cache, nothing is sent.
    expect(server.requests.filter((r) => r.stage === 2).length - before).toBe(0);
    expect((await res.json()).usage).toMatchObject({ requests: 0, cachedRequests: 1 });
    const oneStage = await POST(req({ token: tokens.admin, json: { documentIds: [documentIds[1]], variant: "one-stage" } }), ctx());
    expect(oneStage.status).toBe(200);
    expect(server.requests.filter((r) => r.stage === 2).length - before).toBe(1);
    expect((await oneStage.json()).suggestions[0]).toMatchObject({ modelName: "local-rules · one-stage" });
    expect((await POST(req({ token: tokens.admin, json: { documents: [] } }), ctx())).status).toBe(400);
    expect((await POST(req({ token: tokens.admin, raw: "{nope" }), ctx())).status).toBe(400);
    expect((await POST(req({ token: tokens.admin, json: { documentIds: ["other"] } }), ctx())).status).toBe(422);
    expect((await POST(req({ token: tokens.admin }), ctx("missing"))).status).toBe(404);
  });

  it("denies signed-out users (401) and roles without model:run (403)", async () => {
    const before = server.requests.length;
    expect((await POST(req(), ctx())).status).toBe(401);
    for (const role of ["annotator", "reviewer"] as const) {
      const res = await POST(req({ token: tokens[role] }), ctx());
      expect(res.status).toBe(403);
      expect((await res.json()).error.message).toContain("model:run");
    }
    expect(server.requests.length).toBe(before); // nothing reached the judge
  });

  it("answers 503 naming the variables when the judge is not configured, and 503 with the status on server errors", async () => {
    delete process.env.SNIPPET_LAB_JUDGE_BASE_URL;
    delete process.env.SNIPPET_LAB_JUDGE_MODEL;
    const res = await POST(req({ token: tokens.researcher }), ctx());
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.error.code).toBe("UNAVAILABLE");
    expect(body.error.message).toContain("SNIPPET_LAB_JUDGE_BASE_URL");
    expect(body.error.message).toContain("SNIPPET_LAB_JUDGE_MODEL");

    process.env.SNIPPET_LAB_JUDGE_BASE_URL = server.url;
    process.env.SNIPPET_LAB_JUDGE_MODEL = "local-rules+error";
    const failing = await POST(req({ token: tokens.researcher }), ctx());
    expect(failing.status).toBe(503);
    expect((await failing.json()).error).toMatchObject({ details: { reason: "http", status: 500 } });

    process.env.SNIPPET_LAB_JUDGE_TIMEOUT_MS = "soon";
    const misconfigured = await POST(req({ token: tokens.researcher }), ctx());
    expect(misconfigured.status).toBe(503);
    expect((await misconfigured.json()).error.message).toMatch(/SNIPPET_LAB_JUDGE_TIMEOUT_MS: must be an integer/);
  });
});
