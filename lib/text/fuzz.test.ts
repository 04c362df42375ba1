import { describe, expect, it } from "vitest";
import { htmlToCanonical } from "./html-to-canonical";
import { segmentSentences } from "./segment-sentences";
import { textToCanonical } from "./text-to-canonical";
import type { CanonicalDoc } from "./types";

const PIECES = [
  "<p>",
  "</p>",
  "<div class=comment>",
  "</div>",
  "<li>",
  "<ul>",
  "</ul>",
  "<table><tr><td>",
  "</td><td>",
  "</tr>",
  "<pre>",
  "</pre>",
  "<br>",
  "<h2>",
  "</h2>",
  "<nav>",
  "</nav>",
  "<script>",
  "</script>",
  "<!--",
  "-->",
  "&amp;",
  "&#8217;",
  "&nbsp;",
  "&bogus;",
  "<",
  ">",
  "\n",
  "  ",
  "Dr. Who. ",
  "U.S. news! ",
  "你好。",
  "😀",
  "\ud83d",
  "e\u0301",
  "Це р. Так. ",
  "word ",
  "x".repeat(1500),
  "- item\n",
  "# head\n",
  "\n\n",
  "<b>",
  "</i>",
  "<svg><title>t</title>",
];

/** Deterministic PRNG (mulberry32) so failures reproduce. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function checkDoc(doc: CanonicalDoc): void {
  let pos = -1;
  for (const b of doc.blocks) {
    expect(b.start).toBe(pos + 1);
    expect(b.end).toBeGreaterThan(b.start);
    const t = doc.text.slice(b.start, b.end);
    expect(t).toBe(t.trim());
    expect(t).not.toContain("\n");
    pos = b.end;
  }
  expect(doc.text.length).toBe(Math.max(0, pos));
  for (const fragmentSize of [1, 3]) {
    let last = 0;
    for (const s of segmentSentences(doc, { fragmentSize })) {
      const b = doc.blocks[s.block];
      expect(b && s.start >= b.start && s.end <= b.end && s.start >= last).toBe(true);
      const t = doc.text.slice(s.start, s.end);
      expect(t.length > 0 && t === t.trim()).toBe(true);
      if (fragmentSize === 1) expect(t.length).toBeLessThanOrEqual(1_000);
      last = s.end;
    }
  }
}

describe("canonical text invariants on random input", () => {
  it("holds for random HTML and text soup", () => {
    const next = rng(42);
    for (let i = 0; i < 150; i++) {
      const n = 1 + Math.floor(next() * 60);
      const soup = Array.from({ length: n }, () => PIECES[Math.floor(next() * PIECES.length)] ?? "").join("");
      checkDoc(htmlToCanonical(soup));
      checkDoc(textToCanonical(soup));
    }
  });
});
