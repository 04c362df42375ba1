// The audit trail through the routes, against a temp SQLite database: the gold history (GET /api/v1/pairs/{id}/gold/history,
// pair:review), the gold JSONL export with audit=1, the account history (GET /api/users/{id}/audit, user:manage), the
// actor each writing route records, and no route that edits or deletes audit rows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as datasetsRoute from "@/app/api/v1/datasets/route";
import * as exportRoute from "@/app/api/v1/datasets/[id]/export/route";
import * as importRoute from "@/app/api/v1/datasets/[id]/import/route";
import * as goldRoute from "@/app/api/v1/pairs/[id]/gold/route";
import * as historyRoute from "@/app/api/v1/pairs/[id]/gold/history/route";
import * as usersRoute from "@/app/api/users/route";
import * as userRoute from "@/app/api/users/[id]/route";
import * as passwordRoute from "@/app/api/users/[id]/password/route";
import * as userAuditRoute from "@/app/api/users/[id]/audit/route";
import type { GoldHistoryItem } from "@/lib/schemas/audit";
import { ROLES, type Role } from "../../../schemas/enums";
import { createSession } from "../../auth/create-session";
import { SESSION_COOKIE } from "../../auth/session-cookie";
import { createTempDatabase, seedRoleUsers, type TempDatabase } from "../../auth/test-helpers";
import { disconnectDb, getDb } from "../client";
import type { PrismaClient } from "../generated/client";

let temp: TempDatabase;
let db: PrismaClient;
let users: Record<Role, { id: string; email: string }>;
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  temp = await createTempDatabase("audit-routes");
  process.env.DATABASE_URL = temp.url;
  db = getDb();
  users = await seedRoleUsers(db);
  for (const role of ROLES) tokens[role] = (await createSession({ db, userId: users[role].id })).token;
});
afterAll(async () => {
  await disconnectDb();
  temp?.cleanup();
});

const ORIGIN = "http://127.0.0.1:3000";
function req(p: string, { as, json, method, form }: { as?: Role | null; json?: unknown; method?: string; form?: FormData } = {}) {
  const h = new Headers({ host: "127.0.0.1:3000", origin: ORIGIN });
  if (as) h.set("cookie", `${SESSION_COOKIE}=${tokens[as]}`);
  if (json !== undefined) h.set("content-type", "application/json");
  return new Request(`${ORIGIN}${p}`, {
    method: method ?? (json !== undefined || form ? "POST" : "GET"),
    headers: h,
    ...(json !== undefined ? { body: JSON.stringify(json) } : form ? { body: form } : {}),
  });
}
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const lines = (text: string) =>
  text
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** A dataset with two imported pairs (one with gold, one "nothing here is vital"), by the researcher. */
async function importedDataset(name: string): Promise<{ datasetId: string; goldPair: string; text: string }> {
  const created = await datasetsRoute.POST(req("/api/v1/datasets", { as: "researcher", json: { name } }), undefined);
  expect(created.status).toBe(201);
  const datasetId = (await created.json()).dataset.id as string;
  const text = "The museum opens at 10 am. Tickets cost 12 euros.";
  const file = [
    { id: "v", query: "When does the museum open?", text, evidence: [{ text: "opens at 10 am" }] },
    { id: "nv", query: "Who won the 1950 final?", text, evidence: [] },
  ]
    .map((l) => JSON.stringify(l))
    .join("\n");
  const form = new FormData();
  form.set("format", "jsonl");
  form.set("file", new Blob([file]), "upload.jsonl");
  const res = await importRoute.POST(req(`/api/v1/datasets/${datasetId}/import`, { as: "researcher", form }), ctx(datasetId));
  expect(res.status, await res.clone().text()).toBe(200);
  const goldPair = (await db.pair.findFirstOrThrow({ where: { datasetId, externalId: "v" } })).id;
  return { datasetId, goldPair, text };
}

describe("GET /api/v1/pairs/{id}/gold/history", () => {
  it("lists the import and each adjudication with its actor and what it did; pair:review only; read only", async () => {
    const { goldPair } = await importedDataset("audit-history");
    const path = `/api/v1/pairs/${goldPair}/gold/history`;
    const get = (as: Role | null) => historyRoute.GET(req(path, { as }), ctx(goldPair));

    let res = await get("reviewer");
    expect(res.status).toBe(200);
    let events = (await res.json()).events as GoldHistoryItem[];
    expect(events.map((e) => [e.kind, e.actor?.email, e.added.map((s) => s.text), e.removed])).toEqual([
      ["import", users.researcher.email, ["opens at 10 am"], []],
    ]);

    // The reviewer saves the decision "nothing here is vital" through the gold route: recorded as theirs.
    const gold = await (await goldRoute.GET(req(`/api/v1/pairs/${goldPair}/gold`, { as: "reviewer" }), ctx(goldPair))).json();
    const put = await goldRoute.PUT(
      req(`/api/v1/pairs/${goldPair}/gold`, { as: "reviewer", method: "PUT", json: { spans: [], noVital: true, version: gold.version } }),
      ctx(goldPair),
    );
    expect(put.status, await put.clone().text()).toBe(200);
    res = await get("admin");
    events = (await res.json()).events as GoldHistoryItem[];
    expect(events.map((e) => [e.kind, e.actor?.email, e.removed.map((s) => s.text), e.noVitalChange])).toEqual([
      ["no_vital", users.reviewer.email, ["opens at 10 am"], { before: false, after: true }],
      ["import", users.researcher.email, [], null],
    ]);
    expect(typeof events[0]!.createdAt).toBe("string");

    expect((await get(null)).status).toBe(401);
    expect((await get("annotator")).status).toBe(403);
    expect((await get("researcher")).status).toBe(403);
    expect((await historyRoute.GET(req("/api/v1/pairs/nope/gold/history", { as: "reviewer" }), ctx("nope"))).status).toBe(404);
    // No route edits or deletes the history.
    for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
      const res405 = await historyRoute[method](req(path, { as: "admin", method }));
      expect(res405.status, method).toBe(405);
    }
    expect(await db.goldAuditEvent.count({ where: { pairId: goldPair } })).toBe(2);
  });
});

describe("gold JSONL export with audit=1", () => {
  it("adds each pair's history to its records, oldest first; only when asked and only for gold-jsonl", async () => {
    const { datasetId, goldPair, text } = await importedDataset("audit-export");
    const gold = await (await goldRoute.GET(req(`/api/v1/pairs/${goldPair}/gold`, { as: "reviewer" }), ctx(goldPair))).json();
    const start = text.indexOf("Tickets cost 12 euros.");
    const spans = [
      ...gold.spans,
      { documentId: gold.spans[0].documentId, start, end: start + 22, text: "Tickets cost 12 euros.", category: "vital" },
    ];
    const put = await goldRoute.PUT(
      req(`/api/v1/pairs/${goldPair}/gold`, { as: "reviewer", method: "PUT", json: { spans, version: gold.version } }),
      ctx(goldPair),
    );
    expect(put.status, await put.clone().text()).toBe(200);

    const exportOf = (query: string) => exportRoute.GET(req(`/api/v1/datasets/${datasetId}/export?${query}`, { as: "researcher" }), ctx(datasetId));
    const withAudit = await exportOf("format=gold-jsonl&audit=1");
    expect(withAudit.status, await withAudit.clone().text()).toBe(200);
    const records = lines(await withAudit.text());
    const v = records.find((r) => r.externalId === "v")!;
    const audit = v.audit as {
      kind: string;
      actor: string | null;
      before: { spans: { text: string }[] };
      after: { noVital: boolean; spans: { text: string }[] };
    }[];
    expect(audit.map((a) => [a.kind, a.actor, a.before.spans.map((s) => s.text), a.after.spans.map((s) => s.text)])).toEqual([
      ["import", users.researcher.email, [], ["opens at 10 am"]],
      ["adjudicate", users.reviewer.email, ["opens at 10 am"], ["opens at 10 am", "Tickets cost 12 euros."]],
    ]);
    const nv = records.find((r) => r.externalId === "nv")!;
    expect(nv.audit).toEqual([expect.objectContaining({ kind: "import", actor: users.researcher.email, after: { noVital: true, spans: [] } })]);

    // Without audit=1 (or with audit=0) the records are as before.
    for (const q of ["format=gold-jsonl", "format=gold-jsonl&audit=0"]) {
      const plain = lines(await (await exportOf(q)).text());
      expect(
        plain.some((r) => "audit" in r),
        q,
      ).toBe(false);
    }
    expect((await exportOf("format=label-studio&audit=1")).status).toBe(400);
    expect((await exportOf("format=gold-jsonl&audit=yes")).status).toBe(400);
  });
});

describe("account audit through the user routes", () => {
  it("records the admin as the actor of creation, role change, disabling and reset; GET /api/users/{id}/audit for admins only", async () => {
    const created = await usersRoute.POST(
      req("/api/users", { as: "admin", json: { email: "audited@test.local", name: "Audited", password: "0123456789ab", role: "annotator" } }),
      undefined,
    );
    expect(created.status).toBe(201);
    const id = (await created.json()).user.id as string;
    expect(
      (await userRoute.PATCH(req(`/api/users/${id}`, { as: "admin", method: "PATCH", json: { role: "reviewer", disabled: true } }), ctx(id))).status,
    ).toBe(200);
    expect((await passwordRoute.POST(req(`/api/users/${id}/password`, { as: "admin", json: {} }), ctx(id))).status).toBe(200);

    const path = `/api/users/${id}/audit`;
    const res = await userAuditRoute.GET(req(path, { as: "admin" }), ctx(id));
    expect(res.status).toBe(200);
    const { events } = (await res.json()) as { events: { kind: string; actor: { email: string } | null; user: { email: string }; after: unknown }[] };
    expect(events.map((e) => [e.kind, e.actor?.email, e.user.email])).toEqual([
      ["password_reset", users.admin.email, "audited@test.local"],
      ["disable", users.admin.email, "audited@test.local"],
      ["role", users.admin.email, "audited@test.local"],
      ["create", users.admin.email, "audited@test.local"],
    ]);
    expect(events[0]!.after).toEqual({ generated: true, sessionsEnded: 0 });
    expect(JSON.stringify(events)).not.toMatch(/scrypt|passwordHash|0123456789ab/);

    expect((await userAuditRoute.GET(req(path), ctx(id))).status).toBe(401);
    for (const role of ["annotator", "reviewer", "researcher"] as const)
      expect((await userAuditRoute.GET(req(path, { as: role }), ctx(id))).status, role).toBe(403);
    expect((await userAuditRoute.GET(req("/api/users/nope/audit", { as: "admin" }), ctx("nope"))).status).toBe(404);
    for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
      expect((await userAuditRoute[method](req(path, { as: "admin", method }))).status, method).toBe(405);
    }
  });
});
