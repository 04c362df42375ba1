/** Structural kind of a block of canonical text. */
export type BlockKind = "heading" | "paragraph" | "list-item" | "table-row" | "code" | "quote";

/** Page region a block belongs to, from its HTML role or landmark (main = article content). */
export type BlockRole = "main" | "navigation" | "header" | "footer" | "aside" | "form" | "comment";

/** A block of canonical text: end-exclusive UTF-16 offsets into `CanonicalDoc.text`. */
export interface Block {
  start: number;
  end: number;
  kind: BlockKind;
  role: BlockRole;
  /** Heading level 1-6 for headings. */
  level?: number;
  /** Share of the block's visible characters inside links (HTML only; absent when 0). */
  linkDensity?: number;
  /**
   * Offsets (into `CanonicalDoc.text`, ascending, strictly inside the block) where a new unit starts although the
   * text runs on: a run-in heading ("<b>Task gating</b><br>ATF enables …") keeps its canonical space, but no sentence
   * unit spans the heading and its paragraph (HTML only; absent when none).
   */
  breaks?: number[];
}

/**
 * The canonical plain text of a page: blocks joined by "\n" (never empty blocks),
 * every character of `text` outside the separators belongs to exactly one block.
 */
export interface CanonicalDoc {
  text: string;
  blocks: Block[];
  title?: string;
}

/** A sentence or fragment (several consecutive sentences of one block): offsets into the canonical text. */
export interface Sentence {
  start: number;
  end: number;
  /** Index of its block in `CanonicalDoc.blocks`. */
  block: number;
}
