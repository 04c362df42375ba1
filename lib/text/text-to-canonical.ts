import { collapseWhitespace } from "./collapse-whitespace";
import type { Block, BlockKind, CanonicalDoc } from "./types";

interface Pending {
  kind: BlockKind;
  level?: number;
  lines: string[];
  /** Began right after a blank line (or at the start of the text). */
  afterBlank?: boolean;
}

interface Out {
  text: string;
  kind: BlockKind;
  level?: number;
  /** A one-line paragraph with blank lines (or the text's edges) around it: a heading candidate. */
  bare?: boolean;
}

const FENCE_RE = /^\s*(```|~~~)/;
const HEADING_RE = /^(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/;
const RULE_RE = /^([-*_=])(?:\s*\1){2,}$/;
const BULLET_RE = /^[-*+•‣◦▪]\s+(.*)$/;
const ORDERED_RE = /^\d{1,3}[.)]\s+\S/;
const QUOTE_RE = /^>\s?(.*)$/;
// An unmarked heading ("Introduction", "Experimental Setup", "相关工作"): starts with a capital, a letter of a
// caseless script or a digit, ends with a letter, digit or ")", and has no URL.
const BARE_HEADING_RE = /^[\p{Lu}\p{Lt}\p{Lo}\p{N}].*[\p{L}\p{N})]$/u;
const MAX_BARE_HEADING_CHARS = 80;
const MAX_BARE_HEADING_WORDS = 10;
/** The block after an unmarked heading is a real paragraph: this long at least, and longer than the heading. */
const MIN_BODY_AFTER_BARE_HEADING = 80;
/**
 * Hard-wrapped prose is rarely this wide: a line this long that ends a sentence is taken as a whole paragraph written
 * on one line (text exported one paragraph per line, with no blank lines between), and ends its paragraph.
 */
const UNWRAPPED_LINE_CHARS = 120;
const ENDS_SENTENCE_RE = /[.!?。！？…]["'”’»」』)\]]*$/u;

/**
 * Turn plain (markdown-ish) text into canonical blocks: blank lines separate paragraphs; lines inside a
 * paragraph are joined with a space unless they are `#` headings, list items (`-`, `*`, `+`, `•`: bullet
 * dropped; `1.`/`1)`: number kept), `>` quotes or fenced code (one code block per line, like <pre>).
 * Offsets point into the canonical text, which may differ from the input.
 */
export function textToCanonical(text: string): CanonicalDoc {
  const out: Out[] = [];
  let cur: Pending | undefined;
  let inFence = false;
  // Whether the previous line was blank (or there was none): a one-line paragraph between blank lines stands alone.
  let afterBlank = true;

  // `alone`: a one-line paragraph set apart by layout without blank lines (a line above an unwrapped paragraph).
  const flush = (blankAfter = false, alone = false): void => {
    if (cur) {
      const t = collapseWhitespace(cur.lines.join(" "));
      const bare = cur.kind === "paragraph" && cur.lines.length === 1 && (alone || (cur.afterBlank === true && blankAfter));
      if (t) out.push({ text: t, kind: cur.kind, ...(cur.level ? { level: cur.level } : {}), ...(bare ? { bare } : {}) });
    }
    cur = undefined;
  };
  const start = (kind: BlockKind, line: string, level?: number): void => {
    flush();
    cur = { kind, lines: [line], ...(level ? { level } : {}), afterBlank };
  };

  let split: ReturnType<typeof unwrappedBreak>;
  for (const line of text.replace(/\r\n?/g, "\n").split("\n")) {
    if (FENCE_RE.test(line)) {
      flush();
      inFence = !inFence;
      afterBlank = false;
      continue;
    }
    if (inFence) {
      start("code", line);
      flush();
      afterBlank = false;
      continue;
    }
    const t = line.trim();
    if (!t) {
      flush(true);
      afterBlank = true;
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
    } else if (cur?.kind === "paragraph" && (split = unwrappedBreak(cur.lines, t))) {
      // One paragraph per line: the previous line was a whole paragraph, or a heading line above this one.
      if (split === "heading") {
        const heading = cur.lines.pop()!;
        if (cur.lines.length > 0) flush();
        cur = { kind: "paragraph", lines: [heading], afterBlank: false };
        flush(false, true);
      }
      start("paragraph", t);
    } else if (cur) {
      // Continuation line of a paragraph / list item / quote.
      cur.lines.push(t);
    } else {
      start("paragraph", t);
    }
    afterBlank = false;
  }
  flush(true);
  markBareHeadings(out);

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

/**
 * Where text written one paragraph per line breaks before `next`: "paragraph" when the last line is longer than any
 * hard wrap and ends a sentence; "heading" when the last line is a short line that ends none, alone or after a
 * sentence's end, above a line longer than any hard wrap (it then stands alone, as a heading candidate).
 */
function unwrappedBreak(lines: readonly string[], next: string): "paragraph" | "heading" | undefined {
  const last = lines[lines.length - 1]!;
  if (last.length >= UNWRAPPED_LINE_CHARS && ENDS_SENTENCE_RE.test(last)) return "paragraph";
  const afterSentence = lines.length === 1 || ENDS_SENTENCE_RE.test(lines[lines.length - 2]!);
  if (next.length >= UNWRAPPED_LINE_CHARS && last.length <= MAX_BARE_HEADING_CHARS && !ENDS_SENTENCE_RE.test(last) && afterSentence) return "heading";
  return undefined;
}

/**
 * Plain text often marks sections only by layout: a short line on its own between blank lines, then a paragraph
 * (a paper's "Introduction", a report's "Results"). Such a line becomes a heading, so a long plain-text document
 * has the structure its markdown or HTML form would have; anything ending like a sentence or a greeting stays a
 * paragraph, as does a short line followed by another short line (a list, an address, a poem).
 */
function markBareHeadings(out: Out[]): void {
  for (let i = 0; i + 1 < out.length; i++) {
    const b = out[i]!;
    const next = out[i + 1]!;
    if (!b.bare || next.kind !== "paragraph") continue;
    if (next.text.length < Math.max(MIN_BODY_AFTER_BARE_HEADING, 2 * b.text.length)) continue;
    if (b.text.length > MAX_BARE_HEADING_CHARS || b.text.split(" ").length > MAX_BARE_HEADING_WORDS) continue;
    if (!BARE_HEADING_RE.test(b.text) || b.text.includes("://")) continue;
    b.kind = "heading";
    b.level = 2;
  }
}
