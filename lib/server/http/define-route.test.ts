// defineRoute: the guard, parameters, query, JSON body and cap of a route come from its operation entry.
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../../errors";
import type { ApiOperation } from "../openapi/operations";
import { BODY_LIMITS } from "./body-limits";
import { defineRoute, ROUTE_OPERATION } from "./define-route";

const url = (path: string) => `http://127.0.0.1${path}`;
const post = (body: string | undefined, path = "/api/x") => new Request(url(path), { method: "POST", ...(body !== undefined ? { body } : {}) });

const bodySchema = z.object({ name: z.string().min(1), size: z.number().int().default(3) });
const base = {
  path: "/api/x",
  summary: "a test route",
  tag: "meta",
  // Any JSON: these tests are about the request side (route-answer-types.test.ts types the answers).
  responses: [{ status: 200, description: "ok", schema: z.unknown() }],
} satisfies Partial<ApiOperation>;

const withBody = {
  ...base,
  method: "POST",
  operationId: "withBody",
  auth: { kind: "public" },
  body: bodySchema,
  bodyLimit: "scorePair",
  bodyLimitHint: "(a hint)",
} satisfies ApiOperation;

describe("defineRoute", () => {
  const prevKeys = process.env.SNIPPET_LAB_API_KEYS;
  afterEach(() => {
    if (prevKeys === undefined) delete process.env.SNIPPET_LAB_API_KEYS;
    else process.env.SNIPPET_LAB_API_KEYS = prevKeys;
  });

  it("tags the handler with its operation", () => {
    const route = defineRoute(withBody, () => ({}));
    expect(route[ROUTE_OPERATION]).toBe(withBody);
  });

  it("reads the JSON body with the operation's schema and cap (413 with the hint beyond it, 400 naming bad fields)", async () => {
    const route = defineRoute(withBody, async ({ readBody }) => ({ got: await readBody() }));
    const ok = await route(post(JSON.stringify({ name: "a" })));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ got: { name: "a", size: 3 } });

    const big = await route(post(JSON.stringify({ name: "a".repeat(BODY_LIMITS.scorePair) })));
    expect(big.status).toBe(413);
    expect((await big.json()).error.message).toMatch(/; at most .+ \(a hint\)$/);

    const bad = await route(post(JSON.stringify({ name: "" })));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.details.issues[0].path).toBe("name");

    const empty = await route(post(undefined));
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.message).toMatch(/empty/);
  });

  it("reads an empty body as {} with emptyBody", async () => {
    const route = defineRoute({ ...withBody, body: z.object({ name: z.string().optional() }), emptyBody: true }, async ({ readBody }) => ({
      got: await readBody(),
    }));
    expect(await (await route(post(undefined))).json()).toEqual({ got: {} });
  });

  it("reads the body when the handler asks, once", async () => {
    let reads = 0;
    const refuse = defineRoute(withBody, async () => {
      throw new AppError("FORBIDDEN", "checked before the body");
    });
    expect((await refuse(post("not json"))).status).toBe(403);
    const twice = defineRoute(withBody, async ({ readBody }) => {
      const [a, b] = [await readBody(), await readBody()];
      reads += a === b ? 1 : 0;
      return a;
    });
    expect((await twice(post(JSON.stringify({ name: "a" })))).status).toBe(200);
    expect(reads).toBe(1);
  });

  it("parses the query with the operation's schema: each name's last value, or the operation's reader", async () => {
    const query = z.object({ n: z.coerce.number().int().default(1) });
    const op = { ...base, method: "GET", operationId: "withQuery", auth: { kind: "public" }, query } satisfies ApiOperation;
    const route = defineRoute(op, ({ query: q }) => q);
    expect(await (await route(new Request(url("/api/x?n=2&n=5")))).json()).toEqual({ n: 5 });
    expect(await (await route(new Request(url("/api/x")))).json()).toEqual({ n: 1 });
    const bad = await route(new Request(url("/api/x?n=x")));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.details.issues[0].path).toBe("n");

    const first = defineRoute({ ...op, readQuery: (search: URLSearchParams) => ({ n: search.get("n") ?? undefined }) }, ({ query: q }) => q);
    expect(await (await first(new Request(url("/api/x?n=2&n=5")))).json()).toEqual({ n: 2 });
  });

  it("guards an apiKey operation with the configured keys", async () => {
    process.env.SNIPPET_LAB_API_KEYS = "k1";
    const op = { ...base, method: "GET", operationId: "service", auth: { kind: "apiKey" } } satisfies ApiOperation;
    const route = defineRoute(op, () => ({ ok: true }));
    const refused = await route(new Request(url("/api/x")));
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toMatch(/Bearer/);
    expect((await route(new Request(url("/api/x"), { headers: { Authorization: "Bearer k1" } }))).status).toBe(200);
  });

  it("guards a session operation with withAuth: 401 without a session cookie, before the handler", async () => {
    let ran = false;
    const op = { ...base, method: "GET", operationId: "private", auth: { kind: "session", permission: "pair:read" } } satisfies ApiOperation;
    const route = defineRoute(op, () => {
      ran = true;
      return {};
    });
    const res = await route(new Request(url("/api/x")));
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe("UNAUTHORIZED");
    expect(ran).toBe(false);
  });
});
