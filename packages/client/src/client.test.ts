// The client against a local HTTP server that answers as the API documents (statuses, error body, Retry-After, the
// version header): what is retried, how often, what a caller gets, and the version check. Real fetch, real sockets.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SnippetLabClient, type SnippetLabClientOptions } from "./client.js";
import { SnippetLabError } from "./errors.js";
import { API_VERSION, API_VERSION_HEADER } from "./generated/api-version.js";

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
type Reply = { status: number; body?: string; headers?: Record<string, string>; delayMs?: number };

let server: http.Server;
let baseUrl: string;
let replies: Reply[] = [];
let seen: Seen[] = [];

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Reply => ({
  status,
  body: JSON.stringify(body),
  headers: { "content-type": "application/json", [API_VERSION_HEADER]: API_VERSION, ...headers },
});
const apiError = (status: number, code: string, message: string, headers: Record<string, string> = {}, details?: unknown) =>
  json(status, { error: { code, message, ...(details !== undefined ? { details } : {}) } }, headers);

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const reply = replies.shift() ?? apiError(500, "INTERNAL", "no reply queued");
      setTimeout(() => {
        res.writeHead(reply.status, reply.headers ?? {});
        res.end(reply.body ?? "");
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
);
beforeEach(() => {
  replies = [];
  seen = [];
});

const client = (options: Partial<SnippetLabClientOptions> = {}) => new SnippetLabClient({ baseUrl, maxRetryDelayMs: 2_000, ...options });
const models = { models: [], methods: ["bm25", "lead"] };
const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error("expected a rejection");
    },
    (e: unknown) => e,
  );

describe("SnippetLabClient", () => {
  it("sends the key and the JSON body; reads the answer and the server's version", async () => {
    replies = [json(200, { results: [] })];
    const c = client({ apiKey: "k1" });
    await c.compress({ query: "q", results: [{ text: "t" }], method: "bm25" });
    expect(seen[0]).toMatchObject({ method: "POST", url: "/api/v1/compress" });
    expect(seen[0]!.headers.authorization).toBe("Bearer k1");
    expect(seen[0]!.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(seen[0]!.body)).toEqual({ query: "q", results: [{ text: "t" }], method: "bm25" });
    expect(c.serverApiVersion).toBe(API_VERSION);
  });

  it("an error answer becomes a SnippetLabError with the API's status, code, message and details", async () => {
    replies = [apiError(404, "NOT_FOUND", 'unknown model "x"', {}, { models: ["a"] })];
    const e = await failure(client().compress({ query: "q", results: [{ text: "t" }], method: "model:x" }));
    expect(e).toBeInstanceOf(SnippetLabError);
    expect(e).toMatchObject({
      status: 404,
      code: "NOT_FOUND",
      message: 'unknown model "x"',
      details: { models: ["a"] },
      serverApiVersion: API_VERSION,
    });
    expect(seen).toHaveLength(1);
  });

  it("retries a 429 that says Retry-After, then answers", async () => {
    replies = [apiError(429, "TOO_MANY_REQUESTS", "slow down", { "Retry-After": "0" }), json(200, models)];
    await expect(client().listModels()).resolves.toEqual(models);
    expect(seen.map((s) => s.url)).toEqual(["/api/v1/models", "/api/v1/models"]);
  });

  it("does not retry a 429 without Retry-After, or one that asks for longer than the cap", async () => {
    replies = [apiError(429, "TOO_MANY_REQUESTS", "slow down")];
    expect(await failure(client().listModels())).toMatchObject({ status: 429, code: "TOO_MANY_REQUESTS" });
    replies = [apiError(429, "TOO_MANY_REQUESTS", "slow down", { "Retry-After": "60" })];
    expect(await failure(client().listModels())).toMatchObject({ status: 429, retryAfterSeconds: 60 });
    expect(seen).toHaveLength(2);
  });

  it("retries a 503 a bounded number of times", async () => {
    replies = [0, 1, 2].map(() => apiError(503, "UNAVAILABLE", "no model", { "Retry-After": "0" }));
    expect(await failure(client({ maxRetries: 2 }).listModels())).toMatchObject({ status: 503, code: "UNAVAILABLE", message: "no model" });
    expect(seen).toHaveLength(3);
  });

  it("never retries what the API does not call safe to repeat (400, 401, 500)", async () => {
    for (const [status, code] of [
      [400, "BAD_REQUEST"],
      [401, "UNAUTHORIZED"],
      [500, "INTERNAL"],
    ] as const) {
      seen = [];
      replies = [apiError(status, code, "no", { "Retry-After": "0" })];
      expect(await failure(client().listModels())).toMatchObject({ status, code });
      expect(seen).toHaveLength(1);
    }
  });

  it("refuses a server of another major version, whatever it answered", async () => {
    replies = [json(200, models, { [API_VERSION_HEADER]: "99.0.0" })];
    const e = await failure(client().listModels());
    expect(e).toMatchObject({ code: "API_VERSION_MISMATCH", status: 200, serverApiVersion: "99.0.0" });
    expect((e as Error).message).toContain("API major version mismatch");
  });

  it("warns once instead with versionCheck: warn, and for a server that sends no version", async () => {
    const warnings: string[] = [];
    replies = [json(200, models, { [API_VERSION_HEADER]: "99.0.0" }), json(200, models, { [API_VERSION_HEADER]: "99.0.0" })];
    const c = client({ versionCheck: "warn", onWarning: (m) => warnings.push(m) });
    await c.listModels();
    await c.listModels();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("99.0.0");
    replies = [{ status: 200, body: JSON.stringify(models), headers: { "content-type": "application/json" } }];
    await client({ onWarning: (m) => warnings.push(m) }).listModels();
    expect(warnings[1]).toContain(`sent no ${API_VERSION_HEADER}`);
  });

  it("an answer that is not the API's JSON is INVALID_RESPONSE with the status", async () => {
    replies = [{ status: 502, body: "<html>Bad Gateway</html>", headers: { [API_VERSION_HEADER]: API_VERSION } }];
    expect(await failure(client().listModels())).toMatchObject({ status: 502, code: "INVALID_RESPONSE" });
  });

  it("TIMEOUT after timeoutMs, NETWORK_ERROR without a server, the caller's abort as is", async () => {
    replies = [{ ...json(200, models), delayMs: 500 }];
    expect(await failure(client({ timeoutMs: 50 }).listModels())).toMatchObject({ status: 0, code: "TIMEOUT" });
    const closed = new SnippetLabClient({ baseUrl: "http://127.0.0.1:9" });
    expect(await failure(closed.listModels())).toMatchObject({ status: 0, code: "NETWORK_ERROR" });
    replies = [{ ...json(200, models), delayMs: 500 }];
    const controller = new AbortController();
    const pending = failure(client().listModels({ signal: controller.signal }));
    setTimeout(() => controller.abort(new Error("user gave up")), 20);
    expect(await pending).toMatchObject({ message: "user gave up" });
  });

  it("refuses a base URL that is not http(s)", () => {
    expect(() => new SnippetLabClient({ baseUrl: "localhost:3000" })).toThrow(/http\(s\) URL/);
  });
});
