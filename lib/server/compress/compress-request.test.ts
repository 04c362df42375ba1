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

// Issue 30: chrome between an article's paragraphs, as held-out real pages have it (a cookie notice, a caption and its
// credit, a newsletter form, share calls, other stories' teasers), with the page's title as the query.
const NEWS = `<html><head><title>Council approves new budget for schools and roads</title></head><body>
<header class="site-header"><a href="/">City Times</a></header>
<main><article><h1>Council approves new budget for schools and roads</h1>
<div class="byline">By Ann Lee | Published: 10:48, Tue, Nov 19, 2019</div>
<p>The city council approved a budget of 2.1 billion dollars on Tuesday, raising spending on schools and road repairs after a six-hour debate.</p>
<div id="cookie-banner"><p>Our website uses cookies to improve its performance and your experience. By continuing you agree to our cookie policy.</p></div>
<p>Schools will receive 40 million dollars more than last year, mostly for new teachers and repairs to old buildings across the city.</p>
<figure><img src="council.jpg"><figcaption>Council members vote on the budget on Tuesday. (Photo: City Times)</figcaption></figure>
<p>Road repairs take another 25 million dollars, and the mayor said the first projects on the budget would start in spring.</p>
<div class="newsletter-signup"><p>Sign up for our daily newsletter to get the budget news first. I agree that City Times may send me emails.</p></div>
<ul class="social-share"><li>Share this story on Facebook</li><li>Share on Twitter</li></ul>
<div class="related-stories"><h3>More stories</h3><p>Council approves new parking rules for the city centre after long debate</p></div>
</article></main><footer>© City Times</footer></body></html>`;

describe("compressRequest (default model, real engine): chrome inside the article", () => {
  it("keeps the article's paragraphs and none of the chrome between them", async () => {
    const out = await compressRequest(
      compressRequestSchema.parse({ query: "Council approves new budget for schools and roads", results: [{ html: NEWS }], preset: "low" }),
    );
    const snippet = out.results[0]!.snippet;
    for (const kept of ["2.1 billion dollars", "40 million dollars", "25 million dollars"]) expect(snippet).toContain(kept);
    for (const chrome of ["cookies", "(Photo:", "newsletter", "Share on", "parking rules"]) expect(snippet).not.toContain(chrome);
  });
});
