import type { UnitOut } from "@/lib/schemas/compress";
import type { Block } from "@/lib/text/types";

/** Units for a document without scores: one per block, so the text renders (and can be annotated) without a model. */
export function blockUnits(blocks: readonly Pick<Block, "start" | "end">[]): UnitOut[] {
  return blocks.map((b, i) => ({ start: b.start, end: b.end, block: i, score: 0, tokens: 0 }));
}
