import { isChromeText } from "./chrome-text";
import { collapsedPrefixLengths, collapseWhitespace } from "./collapse-whitespace";
import { BLOCK_TAGS, childFrame, contextChanged, PROSE_BLOCK_CHARS, resolveChrome, ROOT_FRAME, type ChromeMark, type Frame } from "./html-frames";
import { walkHtml } from "./walk-html";
import type { Block, CanonicalDoc } from "./types";

export interface HtmlToCanonicalOptions {
  /** Cap on the canonical text length; the text is cut at a block boundary. Default 5,000,000. */
  maxChars?: number;
}

// Matches the API's 5 MB per-result limit, so accepted pages are never silently cut.
const DEFAULT_MAX_CHARS = 5_000_000;
/** A bold or linked line longer than this before a <br> is text that happens to be bold, not a run-in heading. */
const MAX_RUN_IN_HEADING_CHARS = 150;

/**
 * Turn (possibly broken) HTML into canonical plain text: one block per paragraph / heading / list item /
 * table row / code line, each tagged with a kind and a page role, joined by "\n".
 *
 * Decisions: <pre> becomes one `code` block per non-blank line (blocks cannot contain "\n");
 * a single <br> is a space, two consecutive <br> end the block; table cells are joined by " | ". A single <br> after a
 * line wholly in bold or a link, followed by plain text, is a run-in heading: still a space, and a `breaks` offset.
 */
export function htmlToCanonical(html: string, opts: HtmlToCanonicalOptions = {}): CanonicalDoc {
  const maxChars = Math.max(0, opts.maxChars ?? DEFAULT_MAX_CHARS);
  const blocks: Block[] = [];
  // The innermost chrome mark of each block (undefined outside chrome), resolved once the page's size is known.
  const marks: (ChromeMark | undefined)[] = [];
  const texts: string[] = [];
  let length = 0; // length of the joined text so far
  let full = false;
  let titleParts: string[] | undefined;
  let title: string | undefined;

  const stack: Frame[] = [ROOT_FRAME];
  const top = (): Frame => stack[stack.length - 1] ?? ROOT_FRAME;

  // The block being filled: its pieces and the context of its first visible text.
  let parts: string[] = [];
  let hasText = false;
  let owner: Frame | undefined;
  let brPending = false;
  let cellPending = false;
  // Visible characters of the block being filled, and those inside links (link density, a boilerplate signal).
  let visibleChars = 0;
  let linkChars = 0;
  // Run-in headings: visible characters of the current line (since the block start or the last <br>), those of them
  // in bold or a link, whether the last <br> ended such a line, and the raw offset of each unit break found.
  let lineChars = 0;
  let lineRunInChars = 0;
  let runInPending = false;
  let rawBreaks: number[] = [];
  let rawLength = 0;

  const emit = (raw: string, f: Frame, density: number, rawBreaks: readonly number[]): void => {
    if (full) return;
    let text = collapseWhitespace(raw);
    if (!text) return;
    const sep = blocks.length > 0 ? 1 : 0;
    if (length + sep + text.length > maxChars) {
      // Cut at a block boundary; only when nothing fits yet cut this block at a word boundary.
      if (blocks.length > 0) {
        full = true;
        return;
      }
      text = cutAtWhitespace(text, maxChars);
      full = true;
      if (!text) return;
    }
    const start = length + sep;
    const block: Block = { start, end: start + text.length, kind: f.kind, role: f.role };
    if (f.kind === "heading") block.level = f.level;
    if (density > 0) block.linkDensity = Math.round(density * 100) / 100;
    const breaks = rawBreaks.length > 0 ? breakOffsets(raw, rawBreaks, start, block.end) : [];
    if (breaks.length > 0) block.breaks = breaks;
    blocks.push(block);
    marks.push(f.chrome);
    for (let m = f.chrome; m; m = m.parent) {
      m.chars += text.length;
      if (text.length >= PROSE_BLOCK_CHARS) m.proseBlocks++;
    }
    texts.push(text);
    length = block.end;
  };

  const flush = (): void => {
    if (hasText && owner) emit(parts.join(""), owner, visibleChars > 0 ? Math.min(1, linkChars / visibleChars) : 0, rawBreaks);
    parts = [];
    visibleChars = 0;
    linkChars = 0;
    lineChars = 0;
    lineRunInChars = 0;
    runInPending = false;
    rawBreaks = [];
    rawLength = 0;
    hasText = false;
    owner = undefined;
    brPending = false;
    cellPending = false;
  };

  const append = (data: string, f: Frame): void => {
    const visible = /\S/.test(data);
    if (!hasText) {
      if (!visible) return; // leading whitespace of a block is dropped anyway
      owner = f;
      hasText = true;
    } else if (cellPending && visible) {
      parts.push(" | ");
      rawLength += 3;
      cellPending = false;
    }
    if (visible && runInPending) {
      // A bold or linked line, a <br>, then plain text: the heading ends here (units will not join the two).
      if (!f.bold && !f.link) rawBreaks.push(rawLength);
      runInPending = false;
    }
    parts.push(data);
    rawLength += data.length;
    if (visible) {
      brPending = false;
      const n = countVisible(data);
      visibleChars += n;
      if (f.link) linkChars += n;
      lineChars += n;
      if (f.bold || f.link) lineRunInChars += n;
    }
  };

  walkHtml(html, {
    open(name, attribs) {
      const parent = top();
      const f = childFrame(parent, name, attribs);
      if (f.title && title === undefined) titleParts = [];
      if (!parent.skip && !f.skip) {
        if (name === "br") {
          if (parent.pre) flush();
          else if (hasText && brPending) flush();
          else if (hasText) {
            parts.push(" ");
            rawLength += 1;
            brPending = true;
            runInPending = !parent.inRow && lineChars > 0 && lineChars <= MAX_RUN_IN_HEADING_CHARS && lineRunInChars === lineChars;
            lineChars = 0;
            lineRunInChars = 0;
          }
        } else if ((name === "td" || name === "th") && parent.inRow) {
          if (hasText) cellPending = true;
        } else if (BLOCK_TAGS.has(name) || contextChanged(parent, f)) {
          flush();
        }
      }
      stack.push(f);
    },
    close() {
      // walkHtml closes elements innermost first, so the frame to close is the top one.
      const f = stack.length > 1 ? stack.pop() : undefined;
      if (!f) return;
      if (f.title && titleParts) {
        title = collapseWhitespace(titleParts.join("")) || undefined;
        titleParts = undefined;
      }
      const parent = top();
      if (parent.skip || f.skip || f.name === "br") return;
      if ((f.name === "td" || f.name === "th") && parent.inRow) return; // cells share their row's block
      if (BLOCK_TAGS.has(f.name) || contextChanged(parent, f)) flush();
    },
    text(data) {
      const f = top();
      if (f.title && titleParts) {
        titleParts.push(data);
        return;
      }
      if (f.skip || full) return;
      if (f.pre && data.includes("\n")) {
        // One code block per line: split on newlines.
        data.split("\n").forEach((line, i) => {
          if (i > 0) flush();
          append(line, f);
        });
        return;
      }
      append(data, f);
    },
  });
  flush();
  resolveChrome(blocks, marks);
  // Chrome the markup does not mark, by its wording: a credit line, a byline, a newsletter call in a plain <p>.
  blocks.forEach((b, i) => {
    if (b.role === "main" && b.kind !== "heading" && isChromeText(texts[i]!)) b.role = "aside";
  });

  const doc: CanonicalDoc = { text: texts.join("\n"), blocks };
  if (title) doc.title = title;
  return doc;
}

/**
 * The canonical offsets of the unit breaks of a block whose collapsed text spans [start, end): a raw prefix collapses
 * as the whole block does, so the break falls after the prefix's text and the one space of the <br>.
 */
function breakOffsets(raw: string, rawBreaks: readonly number[], start: number, end: number): number[] {
  const out: number[] = [];
  for (const len of collapsedPrefixLengths(raw, rawBreaks)) {
    const at = start + len + 1;
    if (at > start && at < end && at > (out[out.length - 1] ?? start)) out.push(at);
  }
  return out;
}

function countVisible(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 32 && c !== 160) n++;
  }
  return n;
}

/** Cut to at most `max` chars at the last space (never inside a surrogate pair). */
function cutAtWhitespace(s: string, max: number): string {
  if (s.length <= max) return s;
  let cut = s.lastIndexOf(" ", max);
  if (cut <= 0) {
    cut = max;
    const c = s.charCodeAt(cut);
    if (c >= 0xdc00 && c <= 0xdfff) cut--;
  }
  return s.slice(0, cut).trim();
}
