import { describe, expect, it } from "vitest";
import { countDownstreamTokens } from "./count-downstream-tokens";
import { prepareResult } from "./prepare-result";

describe("prepareResult", () => {
  it("prepares plain text into units with token counts", () => {
    const text = "# Title\n\nThe first sentence is here. The second one follows.\n\nA new paragraph.";
    const r = prepareResult({ id: "r1", text, url: "https://x.test" });
    expect(r.id).toBe("r1");
    expect(r.url).toBe("https://x.test");
    const unitTexts = r.units.map((u) => r.doc.text.slice(u.start, u.end));
    expect(unitTexts).toEqual(["Title", "The first sentence is here.", "The second one follows.", "A new paragraph."]);
    expect(r.unitTokens).toEqual(unitTexts.map((t) => countDownstreamTokens(t)));
    // Within a couple of tokens of counting the whole canonical text at once.
    expect(Math.abs(r.tokensIn - countDownstreamTokens(r.doc.text))).toBeLessThanOrEqual(2);
  });

  it("prefers html and takes the page title", () => {
    const r = prepareResult({ id: "h", html: "<html><head><title>T</title></head><body><p>Hello there. Bye.</p></body></html>", text: "ignored" });
    expect(r.doc.text).toContain("Hello there.");
    expect(r.title).toBe("T");
  });

  it("merges sentences into fragments and accepts a custom counter", () => {
    const r = prepareResult({ id: "f", text: "One. Two. Three. Four.", fragmentSize: 2, countTokens: (t) => t.length });
    expect(r.units.map((u) => r.doc.text.slice(u.start, u.end))).toEqual(["One. Two.", "Three. Four."]);
    expect(r.unitTokens).toEqual([9, 12]);
  });

  it("rejects a result without content", () => {
    expect(() => prepareResult({ id: "x" })).toThrow(/neither text nor html/);
  });

  it("handles a multi-megabyte page", () => {
    const para = "The quick brown fox jumps over the lazy dog near the river bank. It was a sunny day in 2024, said Émile.\n\n";
    const text = para.repeat(Math.ceil(2_000_000 / para.length));
    // The test timeout is the hang guard; speed is measured by benchmarks, not asserted here.
    const r = prepareResult({ id: "big", text });
    expect(r.units.length).toBeGreaterThan(10_000);
  });
});
