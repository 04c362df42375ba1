import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decodeUnits, encodeUnits, PREPARE_VERSION, prepareKey } from "./prepare-key";
import { prepareResult } from "./prepare-result";

// A fixture across the segmenter's special cases: abbreviations, quotes, lists, headings, Han text, Cyrillic, emoji.
const FIXTURE = [
  { locale: "en", text: 'Dr. Smith arrived at 10 a.m. on Jan. 5. "Is it open?" she asked.\n\n- first item\n- second item\n\nThe U.S. team won 3–1.' },
  { locale: "it", text: "Il sig. Rossi è arrivato alle 10. Il museo apre la domenica.\n\nBiglietti: 12 €." },
  { locale: "uk", text: "Міст відкрили 28 травня 1937 р. Його довжина — 2,7 км.\n\nДив. також: інші мости." },
  { locale: "zh", text: "桥于1937年通车。全长2.7公里！你去过吗？" },
  { text: "No locale given 🌉. A second sentence follows here.\n\n# A heading\n\nLast paragraph, short." },
  // A run-in heading: one block, two units (version 2).
  { locale: "en", html: "<p><b>Task gating</b><br>ATF enables the gating of tasks. It runs them.</p>" },
];

/** ICU version → the fixture's output hash at the current PREPARE_VERSION. */
const PINNED: Record<string, { version: number; hash: string }> = { "78.2": { version: 2, hash: "3656c0bde9a739ea" } };

describe("prepared units kept in the database", () => {
  it("round-trips units and token counts through bytes, and refuses bytes that do not fit", () => {
    const p = prepareResult({ id: "a", text: FIXTURE[0]!.text!, locale: "en" });
    const bytes = encodeUnits(p);
    expect(decodeUnits(bytes, p.units.length)).toEqual({ units: p.units, unitTokens: p.unitTokens });
    expect(decodeUnits(bytes, p.units.length + 1)).toBeNull();
    expect(decodeUnits({ units: bytes.units.subarray(1), unitTokens: bytes.unitTokens }, p.units.length)).toBeNull();
  });

  it("decodes bytes that are a view at an odd offset, and Node Buffers from the shared pool (whose slice() is a view)", () => {
    const p = prepareResult({ id: "a", text: FIXTURE[1]!.text!, locale: "it" });
    const bytes = encodeUnits(p);
    const at = (b: Uint8Array, offset: number) => {
      const big = new Uint8Array(b.byteLength + offset);
      big.set(b, offset);
      return big.subarray(offset);
    };
    const want = { units: p.units, unitTokens: p.unitTokens };
    expect(decodeUnits({ units: at(bytes.units, 3), unitTokens: at(bytes.unitTokens, 1) }, p.units.length)).toEqual(want);
    const pooled = { units: Buffer.from(bytes.units), unitTokens: Buffer.from(bytes.unitTokens) };
    expect(pooled.units.byteOffset + pooled.unitTokens.byteOffset).toBeGreaterThan(0);
    expect(decodeUnits(pooled, p.units.length)).toEqual(want);
  });

  it("names the version, ICU, locale and encoding in the key", () => {
    expect(prepareKey({ icu: "74.2" })).toBe(`v${PREPARE_VERSION}|icu74.2|default|o200k_base|f1`);
    expect(prepareKey({ locale: "it", encoding: "cl100k_base", icu: "74.2" })).toBe(`v${PREPARE_VERSION}|icu74.2|it|cl100k_base|f1`);
  });

  it("pins the segmenter's and the counter's output: a change must bump PREPARE_VERSION (stored units would be stale)", () => {
    const out = FIXTURE.map((f) => {
      const p = prepareResult({ id: "x", ...("html" in f ? { html: f.html } : { text: f.text }), ...(f.locale ? { locale: f.locale } : {}) });
      return [p.units, p.unitTokens, p.tokensIn];
    });
    const hash = createHash("sha256").update(JSON.stringify(out)).digest("hex").slice(0, 16);
    // Pinned per ICU version (the key names it, so another ICU never reads these rows). If this fails on a pinned ICU:
    // segmentation or token counting changed — bump PREPARE_VERSION in prepare-key.ts and pin the new hash with it.
    const icu = process.versions.icu ?? "none";
    const pinned = PINNED[icu];
    if (!pinned) console.warn(`[prepare-key] no pinned output for ICU ${icu} (hash ${hash}): add it to PINNED`);
    else expect({ version: PREPARE_VERSION, hash }).toEqual(pinned);
  });
});
