// Route handlers of app/api/v1/pairs/[id]/{scores,annotation,suggestions,history} against a real temp database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../auth/create-session";
import { SESSION_COOKIE } from "../auth/session-cookie";
import { createTempDatabase, seedRoleUsers, type TempDatabase } from "../auth/test-helpers";
import { saveSuggestions } from "../db/annotations/save-suggestions";
import { disconnectDb, getDb } from "../db/client";
import { createPair } from "../db/create-pair";
import type { Role, SpanCategory } from "../../schemas/enums";
import type { PrismaClient } from "../db/generated/client";

let temp: TempDatabase;
let db: PrismaClient;
let users: Record<Role, { id: string; email: string }>;
const tokens = {} as Record<Role, string>;
let pairId: string;
let docId: string;
let text: string;

const ORIGIN = "http://127.0.0.1:3000";
type Init = RequestInit & { token?: string | null; origin?: string; json?: unknown };
function req(path: string, init: Init = {}) {
  const { token, origin, json, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set("host", "127.0.0.1:3000");
  if (token) headers.set("cookie", `${SESSION_COOKIE}=${token}`);
  if (origin) headers.set("origin", origin);
  if (json !== undefined) headers.set("content-type", "application/json");
  return new Request(`${ORIGIN}${path}`, { ...rest, headers, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) });
}
const ctx = () => ({ params: Promise.resolve({ id: pairId }) });
const span = (needle: string, category: SpanCategory = "vital", id?: string) => {
  const start = text.indexOf(needle);
  if (start < 0) throw new Error(`${needle} not in text`);
  return { ...(id ? { id } : {}), documentId: docId, start, end: start + needle.length, text: needle, category };
};

beforeAll(async () => {
  temp = await createTempDatabase("pair-routes");
  process.env.DATABASE_URL = temp.url;
  db = getDb();
  users = await seedRoleUsers(db);
  for (const role of ["annotator", "reviewer", "researcher", "admin"] as const) {
    tokens[role] = (await createSession({ db, userId: users[role].id })).token;
  }
  const created = await createPair({
    db,
    dataset: "routes",
    query: "how long to boil an egg",
    documents: [{ text: "Boil the eggs for nine minutes. Cool them in cold water. Subscribe to our newsletter!" }],
  });
  pairId = created.id;
  docId = created.documentIds[0]!;
  text = (await db.document.findUniqueOrThrow({ where: { id: docId } })).text;
});
afterAll(async () => {
  await disconnectDb();
  temp?.cleanup();
});

describe("POST /api/v1/pairs/{id}/scores", () => {
  it("401 without a session; any reader gets scores whose offsets index the stored text", async () => {
    const route = await import("@/app/api/v1/pairs/[id]/scores/route");
    expect((await route.POST(req("/api/v1/pairs/x/scores", { method: "POST", json: {} }), ctx())).status).toBe(401);
    const res = await route.POST(req(`/api/v1/pairs/${pairId}/scores`, { method: "POST", json: { model: "bm25" }, token: tokens.annotator }), ctx());
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.pairId).toBe(pairId);
    expect(body.results[0].text).toBe(text);
    expect(body.results[0].units.length).toBeGreaterThan(1);
    // An empty body means the default model.
    const def = await route.POST(req(`/api/v1/pairs/${pairId}/scores`, { method: "POST", token: tokens.annotator }), ctx());
    expect(def.status).toBe(200);
    expect((await def.json()).results[0].tokenScores.starts.length).toBeGreaterThan(3);
    const bad = await route.POST(req(`/api/v1/pairs/${pairId}/scores`, { method: "POST", json: { model: 7 }, token: tokens.annotator }), ctx());
    expect(bad.status).toBe(400);
  });
});

describe("annotation routes", () => {
  it("GET returns null before the first save and creates nothing; PUT saves; a stale PUT is a 409 with the server's spans", async () => {
    const route = await import("@/app/api/v1/pairs/[id]/annotation/route");
    expect((await route.GET(req(`/api/v1/pairs/${pairId}/annotation`), ctx())).status).toBe(401);
    const empty = await route.GET(req(`/api/v1/pairs/${pairId}/annotation`, { token: tokens.annotator }), ctx());
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({ annotation: null });
    expect(await db.annotation.count({ where: { pairId } })).toBe(0);

    // Denials: no session, and a cross-origin write.
    expect((await route.PUT(req(`/api/v1/pairs/${pairId}/annotation`, { method: "PUT", json: { version: 0, spans: [] } }), ctx())).status).toBe(401);
    const cross = await route.PUT(
      req(`/api/v1/pairs/${pairId}/annotation`, {
        method: "PUT",
        json: { version: 0, spans: [] },
        token: tokens.annotator,
        origin: "https://evil.example",
      }),
      ctx(),
    );
    expect(cross.status).toBe(403);

    const saved = await route.PUT(
      req(`/api/v1/pairs/${pairId}/annotation`, {
        method: "PUT",
        json: { version: 0, spans: [span("Boil the eggs for nine minutes.", "vital", "tmp-1")] },
        token: tokens.annotator,
        origin: ORIGIN,
      }),
      ctx(),
    );
    expect(saved.status).toBe(200);
    const out = await saved.json();
    expect(out.version).toBe(1);
    expect(out.spans).toHaveLength(1);
    expect(out.idMap["tmp-1"]).toBe(out.spans[0].id);

    const got = await (await route.GET(req(`/api/v1/pairs/${pairId}/annotation`, { token: tokens.annotator }), ctx())).json();
    expect(got.annotation.version).toBe(1);
    expect(got.annotation.spans[0].text).toBe("Boil the eggs for nine minutes.");

    const stale = await route.PUT(
      req(`/api/v1/pairs/${pairId}/annotation`, { method: "PUT", json: { version: 0, spans: [] }, token: tokens.annotator }),
      ctx(),
    );
    expect(stale.status).toBe(409);
    const err = (await stale.json()).error;
    expect(err.code).toBe("CONFLICT");
    expect(err.details.version).toBe(1);
    expect(err.details.spans.map((s: { id: string }) => s.id)).toEqual([out.spans[0].id]);

    const invalid = await route.PUT(
      req(`/api/v1/pairs/${pairId}/annotation`, {
        method: "PUT",
        json: { version: 1, spans: [{ ...span("Cool them"), text: "Cool thex" }] },
        token: tokens.annotator,
      }),
      ctx(),
    );
    expect(invalid.status).toBe(422);
    const malformed = await route.PUT(
      req(`/api/v1/pairs/${pairId}/annotation`, { method: "PUT", json: { spans: [] }, token: tokens.annotator }),
      ctx(),
    );
    expect(malformed.status).toBe(400);
  });

  it("suggestions: list by source, accept by id with the version; history lists my events", async () => {
    await saveSuggestions({
      db,
      pairId,
      source: "judge",
      modelName: "judge-x",
      suggestions: [{ ...span("Subscribe to our newsletter!", "ads"), rationale: "promo" }],
    });
    const list = await import("@/app/api/v1/pairs/[id]/suggestions/route");
    expect((await list.GET(req(`/api/v1/pairs/${pairId}/suggestions`), ctx())).status).toBe(401);
    const judge = await (await list.GET(req(`/api/v1/pairs/${pairId}/suggestions?source=judge`, { token: tokens.annotator }), ctx())).json();
    expect(judge.suggestions).toHaveLength(1);
    expect(judge.suggestions[0].category).toBe("ads");
    const model = await (await list.GET(req(`/api/v1/pairs/${pairId}/suggestions?source=model`, { token: tokens.annotator }), ctx())).json();
    expect(model.suggestions).toHaveLength(0);
    expect((await list.GET(req(`/api/v1/pairs/${pairId}/suggestions?source=gold`, { token: tokens.annotator }), ctx())).status).toBe(400);

    const accept = await import("@/app/api/v1/pairs/[id]/suggestions/accept/route");
    const ids = [judge.suggestions[0].id];
    expect((await accept.POST(req(`/api/v1/pairs/${pairId}/suggestions/accept`, { method: "POST", json: { ids, version: 1 } }), ctx())).status).toBe(
      401,
    );
    const stale = await accept.POST(
      req(`/api/v1/pairs/${pairId}/suggestions/accept`, { method: "POST", json: { ids, version: 0 }, token: tokens.annotator }),
      ctx(),
    );
    expect(stale.status).toBe(409);
    const ok = await accept.POST(
      req(`/api/v1/pairs/${pairId}/suggestions/accept`, { method: "POST", json: { ids, version: 1 }, token: tokens.annotator }),
      ctx(),
    );
    expect(ok.status).toBe(200);
    const accepted = await ok.json();
    expect(accepted.version).toBe(2);
    expect(Object.keys(accepted.accepted)).toEqual(ids);
    expect(accepted.spans.map((s: { category: string }) => s.category).sort()).toEqual(["ads", "vital"]);

    const history = await import("@/app/api/v1/pairs/[id]/history/route");
    expect((await history.GET(req(`/api/v1/pairs/${pairId}/history`), ctx())).status).toBe(401);
    const mine = await (await history.GET(req(`/api/v1/pairs/${pairId}/history`, { token: tokens.annotator }), ctx())).json();
    expect(mine.events.map((e: { action: string }) => e.action)).toEqual(["create", "create"]);
    const theirs = await (await history.GET(req(`/api/v1/pairs/${pairId}/history`, { token: tokens.reviewer }), ctx())).json();
    expect(theirs.events).toHaveLength(0);
    const all = await (await history.GET(req(`/api/v1/pairs/${pairId}/history?scope=all&limit=1`, { token: tokens.reviewer }), ctx())).json();
    expect(all.events).toHaveLength(1);
    expect(all.nextCursor).toBe(all.events[0].id);
  });

  it("submit: 401 without a session, 409 on a stale version, then submitted and locked against further saves", async () => {
    const submit = await import("@/app/api/v1/pairs/[id]/annotation/submit/route");
    const route = await import("@/app/api/v1/pairs/[id]/annotation/route");
    expect((await submit.POST(req(`/api/v1/pairs/${pairId}/annotation/submit`, { method: "POST", json: {} }), ctx())).status).toBe(401);
    // The researcher has no annotation of this pair: a version they cannot have seen is a 404 (an unversioned
    // submit would create and submit an empty annotation, see submitAnnotation).
    expect(
      (await submit.POST(req(`/api/v1/pairs/${pairId}/annotation/submit`, { method: "POST", json: { version: 5 }, token: tokens.researcher }), ctx()))
        .status,
    ).toBe(404);
    expect(
      (await submit.POST(req(`/api/v1/pairs/${pairId}/annotation/submit`, { method: "POST", json: { version: 1 }, token: tokens.annotator }), ctx()))
        .status,
    ).toBe(409);
    const ok = await submit.POST(
      req(`/api/v1/pairs/${pairId}/annotation/submit`, { method: "POST", json: { version: 2 }, token: tokens.annotator }),
      ctx(),
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ status: "submitted", version: 3 });
    const locked = await route.PUT(
      req(`/api/v1/pairs/${pairId}/annotation`, { method: "PUT", json: { version: 3, spans: [] }, token: tokens.annotator }),
      ctx(),
    );
    expect(locked.status).toBe(409);
    expect((await locked.json()).error.details.reason).toBe("locked");
  });
});
