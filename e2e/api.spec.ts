import { readFileSync } from "node:fs";
import http from "node:http";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { compressResponseSchema } from "../lib/schemas/compress";
import { modelsResponseSchema, type ModelsResponse } from "../lib/schemas/models";
import { E2E_API_KEY, E2E_PORT } from "./constants";
import { E2E_ORIGIN } from "./sign-in";

const HTML = `<html><head><title>Bridge</title></head><body>
<nav><a href="/">Home</a> <a href="/about">About</a></nav>
<main><h1>Golden Gate Bridge</h1>
<p>The Golden Gate Bridge opened to pedestrians on May 27, 1937. Its main span is 4,200 feet long.</p>
<p>Fog is common in summer. Parking fills up early on weekends.</p></main>
<footer>© 2024 CityGuide</footer></body></html>`;
const TEXT = "Bay Area bridges\n\nThe Bay Bridge opened in November 1936. The Richmond bridge opened in 1956.";

const body = (extra: Record<string, unknown> = {}) => ({
  query: "When did the Golden Gate Bridge open?",
  results: [
    { id: "gg", title: "Bridge", html: HTML },
    { id: "bay", text: TEXT },
  ],
  ...extra,
});

async function models(request: APIRequestContext): Promise<ModelsResponse> {
  const res = await request.get("/api/v1/models");
  expect(res.status()).toBe(200);
  return modelsResponseSchema.parse(await res.json());
}

// The shipped model is part of the product: the server must list it, as the default.
const SHIPPED_MODEL = readFileSync(new URL("../models/default.txt", import.meta.url), "utf8").trim();

test("GET /api/v1/models lists the shipped model as the default, and the methods", async ({ request }) => {
  const m = await models(request);
  expect(SHIPPED_MODEL).not.toBe("");
  expect(m.models.map((x) => x.name)).toContain(SHIPPED_MODEL);
  expect(m.models.filter((x) => x.default).map((x) => x.name)).toEqual([SHIPPED_MODEL]);
  expect(m.methods).toEqual(expect.arrayContaining(["model", "bm25", "lead", "embedding", `model:${SHIPPED_MODEL}`]));
});

for (const method of ["bm25", "lead", "embedding", "model"]) {
  test(`compress (${method}) returns verbatim spans of the canonical text`, async ({ request }) => {
    const res = await request.post("/api/v1/compress", { data: body({ model: method, preset: "low", include: { tokens: true } }) });
    expect(res.status(), await res.text()).toBe(200);
    const out = compressResponseSchema.parse(await res.json());
    expect(out.offsets).toBe("utf16-canonical");
    expect(out.budget).toBe(1000);
    expect(out.results.map((r) => r.id)).toEqual(["gg", "bay"]);
    expect(out.tokensOut).toBeLessThanOrEqual(out.budget);
    expect(out.tokensOut).toBeGreaterThan(0);
    let spans = 0;
    for (const r of out.results) {
      expect(typeof r.text).toBe("string");
      for (const s of r.spans) {
        spans++;
        expect(s.resultId).toBe(r.id);
        expect(s.text).toBe(r.text!.slice(s.start, s.end));
      }
      expect(r.snippet).toBe(r.spans.map((s) => s.text).join("\n…\n"));
      expect(r.units!.length).toBeGreaterThan(0);
      if (method === "model") {
        const t = r.tokenScores!;
        expect(t.starts.length).toBe(t.probs.length);
        expect(t.ends.length).toBe(t.probs.length);
        expect(t.probs.every((p) => p >= 0 && p <= 1)).toBe(true);
      } else {
        expect(r.tokenScores).toBeUndefined();
      }
    }
    expect(spans).toBeGreaterThan(0);
    expect(out.model).toBe(method === "model" ? `model:${SHIPPED_MODEL}` : method);
  });
}

test("compress without include.tokens omits the canonical text; ids default to indexes", async ({ request }) => {
  const res = await request.post("/api/v1/compress", {
    data: { query: "bridge opened", results: [{ text: TEXT }, { html: HTML }], model: "bm25", budget: 50 },
  });
  expect(res.status()).toBe(200);
  const out = compressResponseSchema.parse(await res.json());
  expect(out.results.map((r) => r.id)).toEqual(["0", "1"]);
  expect(out.results[0]!.text).toBeUndefined();
  expect(out.budget).toBe(50);
});

test.describe("400 on invalid bodies", () => {
  const cases: [string, unknown, RegExp][] = [
    ["empty query", body({ query: "   " }), /query/],
    ["no results", { query: "x", results: [] }, /results/],
    ["wrong types", { query: 42, results: [{ text: 1 }] }, /query.*results\.0\.text/],
    ["text and html", { query: "x", results: [{ text: "a", html: "<p>a</p>" }] }, /results\.0\.html/],
    ["preset and budget", body({ preset: "low", budget: 10 }), /not both/],
    ["unknown field", body({ treshold: 0.5 }), /treshold/],
    ["oracle over the API", body({ model: "oracle" }), /oracle/],
  ];
  for (const [name, data, message] of cases) {
    test(name, async ({ request }) => {
      const res = await request.post("/api/v1/compress", { data: data as object });
      expect(res.status()).toBe(400);
      const { error } = await res.json();
      expect(error.code).toBe("BAD_REQUEST");
      expect(error.message).toMatch(message);
    });
  }
  test("malformed JSON", async ({ request }) => {
    const res = await request.post("/api/v1/compress", { data: Buffer.from("{nope"), headers: { "content-type": "application/json" } });
    expect(res.status()).toBe(400);
    expect((await res.json()).error.message).toMatch(/not valid JSON/);
  });
});

test("404 with the model list for an unknown model", async ({ request }) => {
  const res = await request.post("/api/v1/compress", { data: body({ model: "model:does-not-exist" }) });
  expect(res.status()).toBe(404);
  const { error } = await res.json();
  expect(error.code).toBe("NOT_FOUND");
  expect(error.message).toMatch(/bm25/);
  expect(Array.isArray(error.details.models)).toBe(true);
});

test("413 from Content-Length before the body is read (50 results × 5 MB)", async () => {
  const declared = 50 * 5 * 1024 * 1024;
  const { status, json } = await new Promise<{ status: number; json: { error: { code: string; message: string } } }>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: E2E_PORT,
        path: "/api/v1/compress",
        method: "POST",
        headers: { "content-type": "application/json", "content-length": declared, authorization: `Bearer ${E2E_API_KEY}` },
      },
      (res) => {
        let raw = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (raw += c));
        res.on("end", () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(raw) });
        });
      },
    );
    req.on("error", reject);
    // Only a few bytes: the server must answer from the header alone.
    req.write('{"query":"x","results":[');
  });
  expect(status).toBe(413);
  expect(json.error.code).toBe("PAYLOAD_TOO_LARGE");
  expect(json.error.message).toMatch(/250 MB.*at most 27 MB/);
});

test("413 for a single result over 5 MB", async ({ request }) => {
  const big = "word ".repeat(1.1 * 1024 * 1024); // 5.5 MB
  const res = await request.post("/api/v1/compress", { data: { query: "x", results: [{ text: big }], model: "bm25" } });
  expect(res.status()).toBe(413);
  expect((await res.json()).error.message).toMatch(/results\.0\.text: result is 5\.5 MB; at most 5 MB per result/);
});

test.describe("bearer API keys (server started with SNIPPET_LAB_API_KEYS)", () => {
  test("401 without a key or with a wrong one", async ({ baseURL }) => {
    // Plain fetch: the request fixture always carries the configured key.
    const r1 = await fetch(`${baseURL}/api/v1/models`);
    expect(r1.status).toBe(401);
    expect(r1.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(((await r1.json()) as { error: { code: string } }).error.code).toBe("UNAUTHORIZED");
    const r2 = await fetch(`${baseURL}/api/v1/compress`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer wrong" },
      body: JSON.stringify(body()),
    });
    expect(r2.status).toBe(401);
    expect(((await r2.json()) as { error: { message: string } }).error.message).toBe("invalid API key");
    // Pages are not behind the key.
    expect((await fetch(`${baseURL}/inspector`)).status).toBe(200);
  });
  test("200 with the key", async ({ request }) => {
    expect((await request.get("/api/v1/models")).status()).toBe(200);
  });
});

test("GET /api/v1/openapi.json is public, and /api-docs renders each of its operations", async ({ playwright, page }) => {
  const anonymous = await playwright.request.newContext({ baseURL: E2E_ORIGIN });
  const res = await anonymous.get("/api/v1/openapi.json");
  expect(res.status()).toBe(200);
  const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };
  await anonymous.dispose();
  expect(doc.openapi).toBe("3.1.0");
  const operationIds = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
  expect(operationIds).toEqual(expect.arrayContaining(["compress", "listModels", "getOpenApiDocument"]));

  await page.goto("/api-docs");
  await expect(page.getByTestId("api-operation")).toHaveCount(operationIds.length);
  for (const id of operationIds) await expect(page.locator(`section#${id}`)).toBeVisible();
  await expect(page.locator("section#compress")).toContainText("include.tokens");
});
