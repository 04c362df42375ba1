import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError, type AppErrorCode } from "../../errors";
import { handleRoute, STATUS_BY_CODE } from "./handle-route";
import { checkApiKey } from "./check-api-key";
import { withApiKey } from "./with-api-key";
import { readJsonBody } from "./read-json-body";

const req = (path = "/api/v1/x", init: RequestInit = {}) => new Request(`http://127.0.0.1${path}`, init);

describe("handleRoute", () => {
  it("maps every AppError code to its status with a JSON error body", async () => {
    const expected: Record<AppErrorCode, number> = {
      BAD_REQUEST: 400,
      UNAUTHORIZED: 401,
      FORBIDDEN: 403,
      NOT_FOUND: 404,
      METHOD_NOT_ALLOWED: 405,
      CONFLICT: 409,
      PAYLOAD_TOO_LARGE: 413,
      UNPROCESSABLE: 422,
      TOO_MANY_REQUESTS: 429,
      UNAVAILABLE: 503,
      INTERNAL: 500,
    };
    expect(STATUS_BY_CODE).toEqual(expected);
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const [code, status] of Object.entries(expected)) {
      const h = handleRoute(async () => {
        throw new AppError(code as AppErrorCode, `boom ${code}`, code === "NOT_FOUND" ? { models: ["a"] } : undefined);
      });
      const res = await h(req(), undefined);
      expect(res.status).toBe(status);
      const body = await res.json();
      expect(body.error.code).toBe(code);
      expect(body.error.message).toBe(`boom ${code}`);
      if (code === "NOT_FOUND") expect(body.error.details).toEqual({ models: ["a"] });
      else expect(body.error).not.toHaveProperty("details");
    }
    spy.mockRestore();
  });

  it("maps a ZodError to 400 listing the paths", async () => {
    const schema = z.object({ query: z.string().min(1), results: z.array(z.object({ text: z.string() })) });
    const h = handleRoute(async () => schema.parse({ query: "", results: [{ text: 1 }] }));
    const res = await h(req(), undefined);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe("BAD_REQUEST");
    expect(body.error.message).toContain("query:");
    expect(body.error.message).toContain("results.0.text:");
    expect(body.error.details.issues.map((i: { path: string }) => i.path)).toEqual(["query", "results.0.text"]);
  });

  it("maps a size issue (params.status 413) to 413", async () => {
    const schema = z.string().superRefine((_, ctx) => ctx.addIssue({ code: "custom", message: "too big", params: { status: 413 } }));
    const res = await handleRoute(async () => schema.parse("x"))(req(), undefined);
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("answers 500 without internals for unknown errors and logs them", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await handleRoute(async () => {
      throw new TypeError("secret detail");
    })(req(), undefined);
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toEqual({ error: { code: "INTERNAL", message: "internal server error" } });
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it("wraps plain values as JSON 200 and passes Responses through", async () => {
    expect(await (await handleRoute(async () => ({ ok: 1 }))(req(), undefined)).json()).toEqual({ ok: 1 });
    const r = await handleRoute(async () => new Response("x", { status: 201 }))(req(), undefined);
    expect(r.status).toBe(201);
  });

  it("never asks for an API key itself: authentication is withAuth's or withApiKey's", async () => {
    const prev = process.env.SNIPPET_LAB_API_KEYS;
    process.env.SNIPPET_LAB_API_KEYS = "k1";
    try {
      expect((await handleRoute(async () => ({ ok: true }))(req(), undefined)).status).toBe(200);
    } finally {
      if (prev === undefined) delete process.env.SNIPPET_LAB_API_KEYS;
      else process.env.SNIPPET_LAB_API_KEYS = prev;
    }
  });
  it("checkApiKey edge cases", () => {
    expect(() => checkApiKey(new Headers(), [])).not.toThrow();
    expect(() => checkApiKey(new Headers({ authorization: "Bearer x" }), ["xx"])).toThrow(/invalid API key/);
  });
});

describe("withApiKey (service routes)", () => {
  const h = withApiKey(async () => ({ ok: true }), { apiKeys: ["k1", "second-key"] });
  it("401 without or with a wrong key, with WWW-Authenticate", async () => {
    const r1 = await h(req(), undefined);
    expect(r1.status).toBe(401);
    expect(r1.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await r1.json()).error.message).toMatch(/Authorization: Bearer/);
    const r2 = await h(req("/api/v1/x", { headers: { Authorization: "Bearer nope" } }), undefined);
    expect(r2.status).toBe(401);
    const r3 = await h(req("/api/v1/x", { headers: { Authorization: "Basic k1" } }), undefined);
    expect(r3.status).toBe(401);
  });
  it("200 with any configured key, whatever the path", async () => {
    for (const k of ["k1", "second-key"]) {
      const r = await h(req("/api/v1/x", { headers: { Authorization: `Bearer ${k}` } }), undefined);
      expect(r.status).toBe(200);
    }
    expect((await h(req("/elsewhere", { headers: { Authorization: "Bearer k1" } }), undefined)).status).toBe(200);
    expect((await h(req("/elsewhere"), undefined)).status).toBe(401);
  });
  it("reads SNIPPET_LAB_API_KEYS (comma-separated, trimmed) when no keys are passed; none = open", async () => {
    const open = withApiKey(async () => ({ ok: true }));
    const prev = process.env.SNIPPET_LAB_API_KEYS;
    try {
      process.env.SNIPPET_LAB_API_KEYS = " a , b ,";
      expect((await open(req(), undefined)).status).toBe(401);
      expect((await open(req("/api/v1/x", { headers: { authorization: "bearer b" } }), undefined)).status).toBe(200);
      delete process.env.SNIPPET_LAB_API_KEYS;
      expect((await open(req(), undefined)).status).toBe(200);
    } finally {
      if (prev === undefined) delete process.env.SNIPPET_LAB_API_KEYS;
      else process.env.SNIPPET_LAB_API_KEYS = prev;
    }
  });
});

describe("readJsonBody", () => {
  const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
    new Request("http://127.0.0.1/api/v1/compress", { method: "POST", body, headers, duplex: "half" } as RequestInit);

  it("parses JSON", async () => {
    expect(await readJsonBody(post(JSON.stringify({ a: 1 })), { maxBytes: 100 })).toEqual({ a: 1 });
  });
  it("413 from Content-Length before reading", async () => {
    const r = post("{}", { "content-length": String(250 * 1024 * 1024) });
    await expect(readJsonBody(r, { maxBytes: 1024 })).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(r.bodyUsed).toBe(false);
  });
  it("413 when the streamed bytes exceed the cap", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 10; i++) c.enqueue(new Uint8Array(100).fill(32));
        c.close();
      },
    });
    await expect(readJsonBody(post(stream), { maxBytes: 500 })).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });
  it("an empty body is emptyAs when given (routes where it means the defaults)", async () => {
    expect(await readJsonBody(post(""), { maxBytes: 100, emptyAs: {} })).toEqual({});
    await expect(readJsonBody(post("{nope"), { maxBytes: 100, emptyAs: {} })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
  it("400 on empty or malformed JSON", async () => {
    await expect(readJsonBody(post(""), { maxBytes: 100 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(readJsonBody(post("{nope"), { maxBytes: 100 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
