import { describe, expect, it } from "vitest";
import { compressRequestSchema } from "./compress";
import { COMPRESS_LIMITS, utf8Length } from "./limits";

const ok = { query: "what is x", results: [{ text: "x is y." }] };
const issues = (v: unknown) => {
  const r = compressRequestSchema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join("."), message: i.message, params: (i as { params?: unknown }).params }));
};

describe("compressRequestSchema", () => {
  it("accepts a minimal body and fills defaults", () => {
    const r = compressRequestSchema.parse({ ...ok, query: "  what is x  " });
    expect(r.query).toBe("what is x");
    expect(r.model).toBe("model");
    expect(r.preset).toBeUndefined();
  });
  it("accepts every option", () => {
    const r = compressRequestSchema.parse({
      query: "q",
      results: [
        { id: "a", url: "https://x", title: "t", summary: "s", html: "<p>x</p>" },
        { id: "b", text: "t" },
      ],
      budget: 500,
      threshold: 0.3,
      model: "bm25",
      aggregation: "max",
      fragmentSize: 2,
      include: { tokens: true },
    });
    expect(r.results).toHaveLength(2);
  });
  it("rejects empty/whitespace query and over-long query", () => {
    expect(issues({ ...ok, query: "   " })[0]?.path).toBe("query");
    expect(issues({ ...ok, query: "x".repeat(COMPRESS_LIMITS.maxQueryChars + 1) })[0]?.path).toBe("query");
  });
  it("rejects no results and too many results", () => {
    expect(issues({ ...ok, results: [] })[0]?.message).toMatch(/at least one/);
    expect(issues({ ...ok, results: Array.from({ length: 101 }, () => ({ text: "a" })) })[0]?.path).toBe("results");
  });
  it("needs exactly one of text/html", () => {
    expect(issues({ ...ok, results: [{ title: "x" }] })[0]).toMatchObject({ path: "results.0.text", message: /needs text or html/ });
    expect(issues({ ...ok, results: [{ text: "a", html: "b" }] })[0]).toMatchObject({ path: "results.0.html" });
  });
  it("rejects wrong types and unknown top-level keys", () => {
    expect(issues({ query: 1, results: "x" }).map((i) => i.path)).toEqual(["query", "results"]);
    expect(issues({ ...ok, results: [{ text: 5 }] })[0]?.path).toBe("results.0.text");
    expect(issues({ ...ok, treshold: 0.5 })[0]?.message).toMatch(/treshold/);
  });
  it("validates preset/budget/threshold/aggregation/fragmentSize", () => {
    expect(issues({ ...ok, preset: "huge" })[0]?.path).toBe("preset");
    expect(issues({ ...ok, preset: "low", budget: 10 })[0]?.message).toMatch(/not both/);
    expect(issues({ ...ok, budget: 0 })[0]?.path).toBe("budget");
    expect(issues({ ...ok, budget: 1.5 })[0]?.path).toBe("budget");
    expect(issues({ ...ok, budget: 1_000_001 })[0]?.path).toBe("budget");
    expect(issues({ ...ok, threshold: 1.1 })[0]?.path).toBe("threshold");
    expect(issues({ ...ok, aggregation: "sum" })[0]?.path).toBe("aggregation");
    expect(issues({ ...ok, fragmentSize: 4 })[0]?.path).toBe("fragmentSize");
  });
  it("refuses the oracle scorer over the API", () => {
    expect(issues({ ...ok, model: "oracle" })[0]).toMatchObject({ path: "model", message: /CLI/ });
  });
  it("rejects duplicate ids", () => {
    expect(
      issues({
        ...ok,
        results: [
          { id: "a", text: "x" },
          { id: "a", text: "y" },
        ],
      })[0]?.path,
    ).toBe("results.1.id");
  });
  it("flags oversized results with status 413", () => {
    const big = "x".repeat(COMPRESS_LIMITS.maxResultBytes + 1);
    expect(issues({ ...ok, results: [{ text: big }] })[0]).toMatchObject({
      path: "results.0.text",
      params: { status: 413 },
      // Just over: exact bytes, not "5.0 MB; at most 5 MB".
      message: "result is 5,242,881 bytes; at most 5,242,880 bytes (5 MB) per result",
    });
    const four = "y".repeat(4.5 * 1024 * 1024);
    const total = issues({ ...ok, results: Array.from({ length: 6 }, () => ({ text: four })) });
    expect(total[0]).toMatchObject({ path: "results", params: { status: 413 }, message: /at most 25 MB/ });
  });
});

describe("utf8Length", () => {
  it("matches Buffer.byteLength", () => {
    for (const s of ["", "abc", "é", "日本語", "😀x", "\ud800", "a\udc00b"]) expect(utf8Length(s)).toBe(Buffer.byteLength(s, "utf8"));
  });
});
