import { collapseWhitespace } from "./collapse-whitespace";
import type { Block, BlockKind, CanonicalDoc } from "./types";

interface Pending {
  kind: BlockKind;
  level?: number;
  lines: string[];
}

const FENCE_RE = /^\s*(```|~~~)/;
const HEADING_RE = /^(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/;
const RULE_RE = /^([-*_=])(?:\s*\1){2,}$/;
const BULLET_RE = /^[-*+•‣◦▪]\s+(.*)$/;
const ORDERED_RE = /^\d{1,3}[.)]\s+\S/;
const QUOTE_RE = /^>\s?(.*)$/;

/**
 * Turn plain (markdown-ish) text into canonical blocks: blank lines separate paragraphs; lines inside a
 * paragraph are joined with a space unless they are `#` headings, list items (`-`, `*`, `+`, `•`: bullet
 * dropped; `1.`/`1)`: number kept), `>` quotes or fenced code (one code block per line, like <pre>).
 * Offsets point into the canonical text, which may differ from the input.
 */
export function textToCanonical(text: string): CanonicalDoc {
  const out: Array<{ text: string; kind: BlockKind; level?: number }> = [];
  let cur: Pending | undefined;
  let inFence = false;

  const flush = (): void => {
    if (cur) {
      const t = collapseWhitespace(cur.lines.join(" "));
      if (t) out.push({ text: t, kind: cur.kind, ...(cur.level ? { level: cur.level } : {}) });
    }
    cur = undefined;
  };
  const start = (kind: BlockKind, line: string, level?: number): void => {
    flush();
    cur = { kind, lines: [line], ...(level ? { level } : {}) };
  };

  for (const line of text.replace(/\r\n?/g, "\n").split("\n")) {
    if (FENCE_RE.test(line)) {
      flush();
      inFence = !inFence;
      continue;
    }
    if (inFence) {
      start("code", line);
      flush();
      continue;
    }
    const t = line.trim();
    if (!t) {
      flush();
      continue;
    }
    let m: RegExpExecArray | null;
    if ((m = HEADING_RE.exec(t)) && m[2]) {
      start("heading", m[2], m[1]?.length ?? 1);
      flush();
    } else if ((m = RULE_RE.exec(t))) {
      // Setext heading underline after a one-line paragraph; otherwise a horizontal rule (dropped).
      const ch = m[1];
      if (cur && cur.kind === "paragraph" && cur.lines.length === 1 && (ch === "=" || ch === "-")) {
        cur.kind = "heading";
        cur.level = ch === "=" ? 1 : 2;
      }
      flush();
    } else if ((m = BULLET_RE.exec(t))) {
      start("list-item", m[1] ?? "");
    } else if (ORDERED_RE.test(t)) {
      start("list-item", t);
    } else if ((m = QUOTE_RE.exec(t))) {
      if (cur?.kind === "quote") cur.lines.push(m[1] ?? "");
      else start("quote", m[1] ?? "");
    } else if (cur) {
      // Continuation line of a paragraph / list item / quote.
      cur.lines.push(t);
    } else {
      start("paragraph", t);
    }
  }
  flush();

  const blocks: Block[] = [];
  let pos = 0;
  for (const b of out) {
    const block: Block = { start: pos, end: pos + b.text.length, kind: b.kind, role: "main" };
    if (b.level) block.level = b.level;
    blocks.push(block);
    pos = block.end + 1;
  }
  return { text: out.map((b) => b.text).join("\n"), blocks };
}
