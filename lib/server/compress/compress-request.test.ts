import { describe, expect, it } from "vitest";
import { compressRequestSchema, compressResponseSchema } from "../../schemas/compress";
import { compressRequest } from "./compress-request";

const HTML = `<html><body><nav><a href="/">Home</a></nav><main><h1>Bridge</h1>
<p>The Golden Gate Bridge opened on May 27, 1937. Its main span is 4,200 feet long.</p>
<p>Fog is common in summer.</p></main></body></html>`;

describe("compressRequest (bm25, real engine)", () => {
  it("returns verbatim spans into the canonical text, ids defaulting to indexes", async () => {
    const body = compressRequestSchema.parse({
      query: "when did the golden gate bridge open",
      results: [{ html: HTML }, { text: "Other page.\n\nThe Bay Bridge opened in 1936." }],
      model: "bm25",
      preset: "low",
      include: { tokens: true },
    });
    const out = compressResponseSchema.parse(await compressRequest(body));
    expect(out.results.map((r) => r.id)).toEqual(["0", "1"]);
    expect(out.model).toBe("bm25");
    expect(out.budget).toBe(1000);
    expect(out.threshold).toBe(0);
    for (const r of out.results) {
      for (const s of r.spans) expect(r.text!.slice(s.start, s.end)).toBe(s.text);
      expect(r.units!.length).toBeGreaterThan(0);
      for (const u of r.units!) expect(u.block).toBeLessThan(r.blocks!.length);
    }
    expect(out.results[0]!.snippet).toContain("1937");
    expect(out.timings.totalMs).toBeGreaterThanOrEqual(out.timings.scoreMs);
  });

  it("omits the inspector fields without include.tokens and honours budget", async () => {
    const out = await compressRequest(compressRequestSchema.parse({ query: "fog", results: [{ id: "a", html: HTML }], model: "lead", budget: 5 }));
    expect(out.results[0]!.text).toBeUndefined();
    expect(out.budget).toBe(5);
    expect(out.tokensOut).toBeLessThanOrEqual(5);
  });

  it("unknown model → NOT_FOUND", async () => {
    await expect(compressRequest(compressRequestSchema.parse({ query: "x", results: [{ text: "a" }], model: "model:nope" }))).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
