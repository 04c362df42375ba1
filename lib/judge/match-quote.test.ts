import { describe, expect, it } from "vitest";
import { createQuoteMatcher, matchQuote } from "./match-quote";
import { normalizeForMatch } from "./normalize-for-match";
import type { QuoteMatchResult } from "./types";

/** The matched slice of `text`, failing the test when there was no match. */
function sliceOf(text: string, r: QuoteMatchResult): string {
  if (!r.matched) throw new Error(`no match: ${r.reason}`);
  expect(r.start).toBeGreaterThanOrEqual(0);
  expect(r.end).toBeLessThanOrEqual(text.length);
  expect(r.start).toBeLessThan(r.end);
  return text.slice(r.start, r.end);
}

describe("normalizeForMatch", () => {
  it("maps every normalized unit back to its original range", () => {
    const text = "Caf\u00e9\u00a0 \u201cOK\u201d\u2014fine\u2026\u200b!";
    const n = normalizeForMatch(text);
    expect(n.text).toBe('café "ok"-fine...!');
    expect(n.starts.length).toBe(n.text.length);
    // "..." all come from the one ellipsis character at index 14.
    const dots = n.text.indexOf("...");
    expect([n.starts[dots], n.ends[dots + 2]]).toEqual([text.indexOf("\u2026"), text.indexOf("\u2026") + 1]);
  });

  it("composes a decomposed accent with its base letter", () => {
    expect(normalizeForMatch("perche\u0301").text).toBe(normalizeForMatch("perch\u00e9").text);
  });
});

describe("matchQuote", () => {
  it("finds exact quotes, the first occurrence, or the one after `near`", () => {
    const text = "Boil for nine minutes. Then cool. Boil for nine minutes.";
    const q = "Boil for nine minutes.";
    expect(matchQuote({ text, quote: q })).toEqual({ matched: true, start: 0, end: q.length, method: "exact" });
    expect(matchQuote({ text, quote: q, near: 5 })).toMatchObject({ start: text.lastIndexOf(q), method: "exact" });
    // `near` past the last occurrence falls back to the first.
    expect(matchQuote({ text, quote: q, near: text.length })).toMatchObject({ start: 0 });
  });

  it("matches Italian text with other quotes, whitespace, case and decomposed accents (normalized)", () => {
    const text = "Perch\u00e9 la pasta \u00e8 \u00abal dente\u00bb?\nCuocila per  8\u20139 minuti, poi scolala\u2026 Subito.";
    const r = matchQuote({ text, quote: 'perche\u0301 la pasta e\u0300 "al dente"?' });
    expect(r).toMatchObject({ method: "normalized" });
    expect(sliceOf(text, r)).toBe("Perch\u00e9 la pasta \u00e8 \u00abal dente\u00bb?");
    const r2 = matchQuote({ text, quote: "Cuocila per 8-9 minuti, poi scolala... Subito." });
    expect(r2).toMatchObject({ method: "normalized" });
    expect(sliceOf(text, r2)).toBe("Cuocila per  8\u20139 minuti, poi scolala\u2026 Subito.");
  });

  it("matches Ukrainian Cyrillic with a different apostrophe and case", () => {
    const text = "Пам\u02bcятка: Київ \u2014 столиця України. Населення близько 3 млн.";
    const r = matchQuote({ text, quote: "київ - столиця україни." });
    expect(r).toMatchObject({ method: "normalized" });
    expect(sliceOf(text, r)).toBe("Київ \u2014 столиця України.");
    expect(sliceOf(text, matchQuote({ text, quote: "Пам'ятка" }))).toBe("Пам\u02bcятка");
  });

  it("matches Chinese without spaces, also when the model inserted spaces or changed punctuation (regex)", () => {
    const text = "北京是中国的首都。长城很长，吸引了很多游客！";
    expect(sliceOf(text, matchQuote({ text, quote: "长城很长，吸引了很多游客！" }))).toBe("长城很长，吸引了很多游客！");
    const r = matchQuote({ text, quote: "长城很长, 吸引了 很多游客" });
    expect(r).toMatchObject({ method: "regex" });
    expect(sliceOf(text, r)).toBe("长城很长，吸引了很多游客");
  });

  it("gives UTF-16 offsets with emoji (surrogate pairs) before and inside the quote", () => {
    const text = "🎉🎉 Party time! 👨\u200d👩\u200d👧 Family \u201cfun\u201d 🍕 for all.";
    const exact = matchQuote({ text, quote: "Party time!" });
    expect(exact).toMatchObject({ start: 5, method: "exact" }); // two emoji = 4 code units + space
    const r = matchQuote({ text, quote: 'family "fun" 🍕 FOR all.' });
    expect(r).toMatchObject({ method: "normalized" });
    expect(sliceOf(text, r)).toBe("Family \u201cfun\u201d 🍕 for all.");
    const withEmoji = matchQuote({ text, quote: "👨👩👧 family" }); // zero-width joiners dropped by the model
    expect(sliceOf(text, withEmoji)).toBe("👨\u200d👩\u200d👧 Family");
  });

  it("uses a flexible regex for changed punctuation and whitespace, keeping the quote's final punctuation", () => {
    const text = "Tickets cost 12 euros (children: free). Doors open at 8pm.";
    const r = matchQuote({ text, quote: "Tickets cost 12 euros - children free." });
    expect(r).toMatchObject({ method: "regex" });
    expect(sliceOf(text, r)).toBe("Tickets cost 12 euros (children: free).");
  });

  it("drops a copied [n] block marker", () => {
    const text = "Intro line.\nThe answer is 42.";
    expect(sliceOf(text, matchQuote({ text, quote: "[2] The answer is 42." }))).toBe("The answer is 42.");
    // A real citation marker in the text still matches exactly.
    const wiki = "Rome is the capital.[1] It is old.";
    expect(matchQuote({ text: wiki, quote: "capital.[1] It" })).toMatchObject({ method: "exact" });
  });

  it("reports why a quote is unmatched", () => {
    const text = "Only this sentence is here.";
    expect(matchQuote({ text, quote: "   " })).toEqual({ matched: false, reason: "empty quote" });
    const miss = matchQuote({ text, quote: "A paraphrase that is not in the text." });
    expect(miss.matched).toBe(false);
    if (!miss.matched) expect(miss.reason).toMatch(/not found/);
    const short = matchQuote({ text, quote: "x y" });
    expect(short.matched).toBe(false);
    if (!short.matched) expect(short.reason).toMatch(/too short/);
  });

  it("prefers normalized and regex occurrences after `near` too", () => {
    const text = "Café au lait. Other. CAFÉ AU LAIT. More.";
    const m = createQuoteMatcher(text);
    const first = m("cafe\u0301 au lait.");
    const second = m("cafe\u0301 au lait.", first.matched ? first.end : 0);
    expect(first).toMatchObject({ start: 0, method: "normalized" });
    expect(second).toMatchObject({ start: text.indexOf("CAFÉ"), method: "normalized" });
    expect(sliceOf(text, second)).toBe("CAFÉ AU LAIT.");
  });

  it("widens a quote located only partly to whole words (never a fragment of a word)", () => {
    const text = "Call fetch(url) and catch the DOMException when AbortController fires.";
    expect(sliceOf(text, matchQuote({ text, quote: "ception when Abor" }))).toBe("DOMException when AbortController");
    expect(sliceOf(text, matchQuote({ text, quote: "etch(ur" }))).toBe("fetch(url");
    // Whole words and punctuation edges stay exactly as matched.
    expect(sliceOf(text, matchQuote({ text, quote: "catch the DOMException" }))).toBe("catch the DOMException");
  });
});
