import type { Block, BlockKind, BlockRole, CanonicalDoc } from "../../text/types";
import { CAT_UNKNOWN } from "./categories";

/** A canonical document with a category per character (CAT ids; CAT_UNKNOWN = no label). */
export interface LabeledDoc {
  doc: CanonicalDoc;
  title?: string;
  categories: Uint8Array;
}

export interface BlockInput {
  text: string;
  kind?: BlockKind;
  role?: BlockRole;
  level?: number;
  linkDensity?: number;
}

/**
 * Builds a canonical document block by block (the same invariants as htmlToCanonical: one line per block, joined
 * by "\n"), recording the category of every character, so synthetic training pages carry the structure the
 * model sees on real pages and know why every token is there.
 */
export class PageBuilder {
  private texts: string[] = [];
  private blocks: Block[] = [];
  private ranges: Array<{ start: number; end: number; cat: number }> = [];
  private length = 0;

  /** Appends one block; returns its offsets in the page. Multi-line or blank text is split / skipped. */
  addBlock(input: BlockInput, cat: number): { start: number; end: number } | undefined {
    let first: { start: number; end: number } | undefined;
    for (const line of input.text.split("\n")) {
      const text = line.replace(/\s+/g, " ").trim();
      if (!text) continue;
      const start = this.length + (this.blocks.length > 0 ? 1 : 0);
      const block: Block = { start, end: start + text.length, kind: input.kind ?? "paragraph", role: input.role ?? "main" };
      if (block.kind === "heading") block.level = input.level ?? 2;
      if (input.linkDensity) block.linkDensity = input.linkDensity;
      this.blocks.push(block);
      this.texts.push(text);
      this.length = block.end;
      this.ranges.push({ start, end: block.end, cat });
      first ??= { start, end: block.end };
    }
    return first;
  }

  /**
   * Appends every block of a canonical document (its offsets shift by the returned amount), all of category
   * `cat` except `overrides` (offsets into `doc.text`), e.g. the evidence sentences of a passage.
   */
  addDoc(doc: CanonicalDoc, cat: number, overrides: ReadonlyArray<{ start: number; end: number; cat: number }> = []): number {
    const offset = this.length + (this.blocks.length > 0 ? 1 : 0);
    for (const b of doc.blocks) {
      const text = doc.text.slice(b.start, b.end);
      const start = offset + b.start;
      const block: Block = { ...b, start, end: start + text.length };
      this.blocks.push(block);
      this.texts.push(text);
      this.ranges.push({ start, end: block.end, cat });
    }
    // Keep the doc's own separators: its text is copied as one piece, so inner offsets stay valid.
    if (doc.blocks.length > 0) {
      this.length = offset + doc.text.length;
      // Replace the pieces just pushed by the doc's text as is (identical when the doc is canonical).
      this.texts.splice(this.texts.length - doc.blocks.length, doc.blocks.length, doc.text);
    }
    for (const o of overrides) this.ranges.push({ start: offset + o.start, end: offset + o.end, cat: o.cat });
    return offset;
  }

  get blockCount(): number {
    return this.blocks.length;
  }

  build(title?: string): LabeledDoc {
    const text = this.texts.join("\n");
    const categories = new Uint8Array(text.length).fill(CAT_UNKNOWN);
    for (const r of this.ranges) categories.fill(r.cat, Math.max(0, r.start), Math.min(text.length, r.end));
    const doc: CanonicalDoc = { text, blocks: this.blocks.map((b) => ({ ...b })) };
    if (title) doc.title = title;
    const out: LabeledDoc = { doc, categories };
    if (title) out.title = title;
    return out;
  }
}

/** Labels a canonical document as it is: category `cat` everywhere, `overrides` on top. */
export function labelDoc(
  doc: CanonicalDoc,
  cat: number,
  overrides: ReadonlyArray<{ start: number; end: number; cat: number }> = [],
  title?: string,
): LabeledDoc {
  const categories = new Uint8Array(doc.text.length).fill(cat);
  for (const o of overrides) categories.fill(o.cat, Math.max(0, o.start), Math.min(doc.text.length, o.end));
  const out: LabeledDoc = { doc, categories };
  const t = title ?? doc.title;
  if (t) out.title = t;
  return out;
}
