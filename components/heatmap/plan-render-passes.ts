import type { BlockView, RegionView } from "./build-heatmap-view";

/** Characters counted as one token for blocks drawn without token heat (sentence scores only). */
const CHARS_PER_TOKEN = 4;

/** Dispatched (bubbling) by a heatmap's root when a later pass has committed: listeners that mark units imperatively mark the new ones. */
export const RENDER_PASS_EVENT = "snippet-lab:render-pass";

export interface RenderPlan {
  /** Blocks (the leading ones, in document order) in the first commit: about two screens of text. */
  first: number;
  /** Block counts after each later pass, ascending; the last is every block. Empty when the first commit has all. */
  passes: number[];
}

/** A block's rendering cost in tokens: its model tokens (pieces with heat), else its characters / CHARS_PER_TOKEN. */
export function blockWeight(block: BlockView, tokenHeat: boolean): number {
  if (!tokenHeat) return Math.ceil((block.end - block.start) / CHARS_PER_TOKEN);
  let n = 0;
  for (const c of block.children) if (c.kind === "unit") for (const p of c.pieces) if (p.t >= 0) n++;
  return n;
}

/**
 * Splits a document's blocks into the first commit (blocks until `firstTokens` are spent, so the first render costs
 * the same on a 1,000- and a 200,000-token page) and later passes of about `passTokens` each (each pass one short
 * commit, so scrolling and input stay smooth while the rest of a long page arrives). Blocks are counted in document
 * order across regions (BlockView.index).
 */
export function planRenderPasses(input: { view: readonly RegionView[]; tokenHeat: boolean; firstTokens: number; passTokens: number }): RenderPlan {
  const { view, tokenHeat, firstTokens, passTokens } = input;
  const blocks = view.flatMap((r) => r.blocks);
  let i = 0;
  let spent = 0;
  // A block is in a pass while budget is left before it (so a pass holds at least one block).
  while (i < blocks.length && spent < firstTokens) spent += blockWeight(blocks[i++]!, tokenHeat);
  const first = i;
  const passes: number[] = [];
  while (i < blocks.length) {
    spent = 0;
    while (i < blocks.length && spent < passTokens) spent += blockWeight(blocks[i++]!, tokenHeat);
    passes.push(i);
  }
  return { first, passes };
}
