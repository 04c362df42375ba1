import { describe, expect, it } from "vitest";
import { buildIntentsPrompt } from "./build-intents-prompt";
import { buildRepairMessages } from "./build-repair-messages";
import { buildSpansPrompt } from "./build-spans-prompt";
import { extractJson } from "./extract-json";
import { parseIntentsOutput, parseSpansOutput } from "./parse-judge-output";

describe("extractJson", () => {
  it("reads plain JSON, code fences, surrounding prose and trailing commas", () => {
    expect(extractJson('{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(extractJson('Sure! Here it is:\n```json\n{"spans": [{"text": "x",}],}\n```\nHope this helps.')).toEqual({
      ok: true,
      value: { spans: [{ text: "x" }] },
    });
    expect(extractJson('The answer: {"intents": ["a, }", "b"]} — done')).toEqual({ ok: true, value: { intents: ["a, }", "b"] } });
    // Commas inside strings are kept, escaped quotes do not end a string.
    expect(extractJson('{"t": "say \\"hi\\", ]", }')).toEqual({ ok: true, value: { t: 'say "hi", ]' } });
    expect(extractJson('[{"text": "a"}]')).toEqual({ ok: true, value: [{ text: "a" }] });
  });

  it("reports empty, missing, truncated and invalid JSON clearly", () => {
    expect(extractJson("  ")).toEqual({ ok: false, error: expect.stringMatching(/empty/) });
    expect(extractJson("I cannot help with that.")).toEqual({ ok: false, error: expect.stringMatching(/no JSON object/) });
    expect(extractJson('{"spans": [{"text": "cut')).toEqual({ ok: false, error: expect.stringMatching(/not closed/) });
    expect(extractJson("{'spans': []}")).toEqual({ ok: false, error: expect.stringMatching(/^invalid JSON/) });
  });
});

describe("judge output schemas", () => {
  it("parses intents, trimming, de-duplicating and accepting a bare array", () => {
    expect(parseIntentsOutput('{"intents": [" How long to boil ", "how long to boil", "", "How to peel"]}')).toEqual({
      ok: true,
      value: { intents: ["How long to boil", "How to peel"] },
    });
    expect(parseIntentsOutput('["Скільки коштує квиток?"]')).toEqual({ ok: true, value: { intents: ["Скільки коштує квиток?"] } });
    const bad = parseIntentsOutput('{"intent": "x"}');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/intents/);
  });

  it("parses spans with category aliases, numeric-string intents and null fields", () => {
    const r = parseSpansOutput(
      JSON.stringify({
        spans: [
          { text: "Menu", category: "UI / Navigation", intent: null, rationale: null },
          { text: "Boil 9 min.", category: "vital", intent: "2", rationale: "answers" },
          { text: "Buy now", category: "Advertisement" },
          { text: "Old news", category: "off-topic" },
        ],
      }),
    );
    expect(r).toEqual({
      ok: true,
      value: {
        spans: [
          { text: "Menu", category: "ui_navigation" },
          { text: "Boil 9 min.", category: "vital", intent: 2, rationale: "answers" },
          { text: "Buy now", category: "ads" },
          { text: "Old news", category: "off_topic" },
        ],
      },
    });
  });

  it("rejects unknown categories and empty texts with the path, for the repair request", () => {
    const r = parseSpansOutput('{"spans": [{"text": "a", "category": "vital"}, {"text": "b", "category": "spam"}]}');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/spans\.1\.category: category must be one of vital, off_topic/);
    const empty = parseSpansOutput('{"spans": [{"text": "", "category": "vital"}]}');
    expect(empty.ok).toBe(false);
  });
});

describe("prompts", () => {
  it("stage 1 carries the query; stage 2 the query, numbered intents and numbered blocks", () => {
    const [system, user] = buildIntentsPrompt({ query: "  prezzo biglietto e orari  " });
    expect(system?.content).toContain('{"intents"');
    expect(user?.content).toBe("<query>\nprezzo biglietto e orari\n</query>");

    const text = "Orari: 9-18.\nPrezzo: 12 €.\nCookie";
    const messages = buildSpansPrompt({
      query: "prezzo biglietto e orari",
      intents: ["prezzo del biglietto", "orari di apertura"],
      text,
      chunk: {
        start: 13,
        end: text.length,
        blocks: [
          { start: 13, end: 26 },
          { start: 27, end: 33 },
        ],
      },
      part: { index: 2, count: 2 },
      title: "Museo",
    });
    expect(messages[0]?.content).toMatch(/VERBATIM/);
    for (const c of ["vital", "off_topic", "ads", "metadata", "ui_navigation", "duplicate"]) expect(messages[0]?.content).toContain(`- ${c}:`);
    const u = messages[1]?.content ?? "";
    expect(u).toContain("<intents>\n1. prezzo del biglietto\n2. orari di apertura\n</intents>");
    expect(u).toContain("<document>\n[1] Prezzo: 12 €.\n[2] Cookie\n</document>");
    expect(u).toContain("part 2 of 2");
    expect(u).toContain("Title: Museo");
    expect(u).not.toContain("Orari: 9-18.");
  });

  it("the repair request echoes the bad reply and the error", () => {
    const base = buildIntentsPrompt({ query: "q" });
    const repair = buildRepairMessages({ messages: base, reply: "{oops", error: "the JSON object is not closed" });
    expect(repair.slice(0, 2)).toEqual(base);
    expect(repair[2]).toEqual({ role: "assistant", content: "{oops" });
    expect(repair[3]?.role).toBe("user");
    expect(repair[3]?.content).toContain("the JSON object is not closed");
  });
});
