import { describe, expect, it } from "vitest";
import { textToCanonical } from "../text/text-to-canonical";
import type { CanonicalDoc } from "../text/types";
import { prepareResult } from "./prepare-result";

describe("prepareResult with an already-canonical doc", () => {
  it("keeps the given text and blocks as they are (never re-canonicalised)", () => {
    // A text that textToCanonical would change (heading marker stripped, blank lines collapsed).
    const doc: CanonicalDoc = {
      text: "# Not a heading here\n\n\nTickets cost 12 euros. Doors open at 8.",
      blocks: [
        { start: 0, end: 20, kind: "paragraph", role: "main" },
        { start: 23, end: 61, kind: "paragraph", role: "navigation" },
      ],
    };
    expect(textToCanonical(doc.text).text).not.toBe(doc.text);
    const r = prepareResult({ id: "d1", doc, text: "ignored", html: "<p>ignored</p>" });
    expect(r.doc).toBe(doc);
    expect(r.units.length).toBeGreaterThanOrEqual(2);
    for (const u of r.units) {
      expect(u.start).toBeGreaterThanOrEqual(doc.blocks[u.block]!.start);
      expect(u.end).toBeLessThanOrEqual(doc.blocks[u.block]!.end);
    }
    expect(r.units.map((u) => doc.text.slice(u.start, u.end))).toContain("Tickets cost 12 euros.");
    expect(r.tokensIn).toBeGreaterThan(0);
  });
});
