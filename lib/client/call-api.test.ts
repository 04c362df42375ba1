// callApi against the real route handlers (in process, a temp SQLite database, an admin's session): the path,
// search params and body it builds from an operation are what the route parses, and what comes back is exactly the
// shape the operation's response schema documents — the type callApi gives its caller.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ApiOperation } from "@/lib/schemas/api-contract";
import { API_OPERATIONS, OPERATIONS } from "@/lib/schemas/operations";
import { createSession } from "@/lib/server/auth/create-session";
import { SESSION_COOKIE } from "@/lib/server/auth/session-cookie";
import { createTempDatabase, seedRoleUsers, type TempDatabase } from "@/lib/server/auth/test-helpers";
import { disconnectDb, getDb } from "@/lib/server/db/client";
import { ROUTE_OPERATION } from "@/lib/server/http/define-route";
import type { ApiResult } from "./api-fetch";
import { callApi, operationPath, toSearch } from "./call-api";

const ORIGIN = "http://127.0.0.1:3000";
type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const modules = import.meta.glob<Record<string, unknown>>("/app/api/**/route.ts");
const handlers = new Map<ApiOperation, Handler>();
let temp: TempDatabase;
let cookie = "";
const sent: string[] = [];

/** The operation a browser request reaches, and its path's segments. */
function route(method: string, pathname: string): { op: ApiOperation; params: Record<string, string> } {
  for (const op of API_OPERATIONS) {
    if (op.method !== method) continue;
    const names: string[] = [];
    const pattern = new RegExp(`^${op.path.replace(/\{(\w+)\}/g, (_, n: string) => (names.push(n), "([^/]+)"))}$`);
    const m = pattern.exec(pathname);
    if (m) return { op, params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)])) };
  }
  throw new Error(`no operation for ${method} ${pathname}`);
}

beforeAll(async () => {
  temp = await createTempDatabase("call-api");
  process.env.DATABASE_URL = temp.url;
  const db = getDb();
  const { admin } = await seedRoleUsers(db);
  cookie = `${SESSION_COOKIE}=${(await createSession({ db, userId: admin.id })).token}`;
  for (const load of Object.values(modules)) {
    for (const handler of Object.values(await load())) {
      const op = (handler as Record<symbol, ApiOperation | undefined> | null)?.[ROUTE_OPERATION];
      if (op && typeof handler === "function") handlers.set(op, handler as Handler);
    }
  }
  // The browser's fetch, answered by the route module Next would call: same origin, the session cookie.
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    sent.push(`${init.method} ${url}`);
    const req = new Request(`${ORIGIN}${url}`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie, origin: ORIGIN } });
    const { op, params } = route(req.method, new URL(req.url).pathname);
    return handlers.get(op)!(req, { params: Promise.resolve(params) });
  });
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await disconnectDb();
  temp?.cleanup();
});

/** The answer's data, after checking it is exactly what the operation documents for its status. */
function documented<T>(op: ApiOperation, r: ApiResult<T>): T {
  if (!r.ok) throw new Error(`${op.operationId}: ${r.status} ${r.error.message}`);
  const schema = op.responses.find((x) => x.status === r.status)?.schema;
  expect(schema, `${op.operationId} ${r.status}`).toBeDefined();
  expect(schema!.parse(r.data)).toEqual(r.data);
  return r.data;
}

describe("callApi", () => {
  it("builds paths and search params the way the routes read them", () => {
    expect(operationPath("/api/v1/pairs/{id}/gold", { id: "a b/c" })).toBe("/api/v1/pairs/a%20b%2Fc/gold");
    expect(() => operationPath("/api/v1/pairs/{id}", {})).toThrow(/no value for \{id\}/);
    expect(toSearch({ status: ["unlabeled", "rejected"], todo: true, limit: 5, cursor: undefined, datasetId: null })).toBe(
      "?status=unlabeled&status=rejected&todo=true&limit=5",
    );
    expect(toSearch({})).toBe("");
  });

  it("creates, reads, annotates, lists and deletes through the contract, each answer as documented", async () => {
    const made = documented(OPERATIONS.createDataset, await callApi(OPERATIONS.createDataset, { body: { name: "call-api" } }));
    const datasetId = made.dataset.id;
    expect(documented(OPERATIONS.listDatasets, await callApi(OPERATIONS.listDatasets)).datasets.map((d) => d.name)).toContain("call-api");

    const text = "Boil the eggs for nine minutes. Subscribe to our newsletter!";
    const pair = documented(
      OPERATIONS.createPair,
      await callApi(OPERATIONS.createPair, { params: { id: datasetId }, body: { query: "how long to boil an egg", results: [{ text }] } }),
    );
    // Repeated and boolean search params: the queue's status list and its "to do" switch.
    const queue = documented(
      OPERATIONS.listPairs,
      await callApi(OPERATIONS.listPairs, { query: { datasetId, status: ["unlabeled", "in_progress"], todo: true, limit: 5 } }),
    );
    expect(queue.items.map((i) => i.id)).toEqual([pair.id]);

    const { documents } = documented(OPERATIONS.listPairAnnotations, await callApi(OPERATIONS.listPairAnnotations, { params: { id: pair.id } }));
    const needle = "Boil the eggs for nine minutes.";
    const span = { documentId: documents[0]!.id, start: 0, end: needle.length, text: needle, category: "vital" as const };
    const saved = documented(
      OPERATIONS.saveAnnotation,
      await callApi(OPERATIONS.saveAnnotation, { params: { id: pair.id }, body: { version: 0, spans: [{ ...span, id: "tmp-1" }] } }),
    );
    expect([saved.version, saved.spans[0]!.id]).toEqual([1, saved.idMap["tmp-1"]]);
    const mine = documented(OPERATIONS.getAnnotation, await callApi(OPERATIONS.getAnnotation, { params: { id: pair.id } }));
    expect(mine.annotation?.spans.map((s) => s.text)).toEqual([needle]);
    const history = documented(
      OPERATIONS.listSpanHistory,
      await callApi(OPERATIONS.listSpanHistory, { params: { id: pair.id }, query: { scope: "all", limit: 10 } }),
    );
    expect(history.events.map((e) => e.action)).toEqual(["create"]);
    expect(documented(OPERATIONS.listJobs, await callApi(OPERATIONS.listJobs, { query: { kind: "score-pairs", limit: 1 } })).jobs).toEqual([]);

    const gone = documented(OPERATIONS.deleteDataset, await callApi(OPERATIONS.deleteDataset, { params: { id: datasetId } }));
    expect(gone.dataset).toEqual({ id: datasetId, name: "call-api", pairs: 1, documents: 1 });
    const after = await callApi(OPERATIONS.getDataset, { params: { id: datasetId } });
    expect(after.ok ? after.data : after.error.code).toBe("NOT_FOUND");
    expect(sent).toContain(`DELETE /api/v1/datasets/${datasetId}`);
  });

  it("types what a call takes (the lines below must not compile)", () => {
    const calls = [
      // @ts-expect-error the path's id is missing
      () => callApi(OPERATIONS.getJob),
      // @ts-expect-error a body of another shape
      () => callApi(OPERATIONS.createDataset, { body: { title: "x" } }),
      // @ts-expect-error a search param the operation does not read
      () => callApi(OPERATIONS.listJobs, { query: { dataset: "x" } }),
    ];
    expect(calls).toHaveLength(3);
  });
});
