import type { BlockOut, UnitOut } from "@/lib/schemas/compress";

/** A run of text inside a unit: one model token (t ≥ 0) or the characters between tokens (t = -1). */
export interface Piece {
  text: string;
  t: number;
  /** Offset of the piece in the canonical text (the annotator maps DOM selections back with it). */
  start: number;
}

export type BlockChild = { kind: "gap"; text: string; start: number } | { kind: "unit"; u: number; start: number; end: number; pieces: Piece[] };

export interface BlockView {
  index: number;
  start: number;
  end: number;
  kind: BlockOut["kind"];
  role: BlockOut["role"];
  level?: number;
  children: BlockChild[];
}

/** Consecutive blocks of one role (so a navigation bar gets one box and one label). */
export interface RegionView {
  role: BlockOut["role"];
  blocks: BlockView[];
}

export interface TokenOffsets {
  starts: ArrayLike<number>;
  ends: ArrayLike<number>;
}

/**
 * Precomputes, once per response, how the canonical text renders: regions → blocks → units → token pieces.
 * Linear in text + units + tokens (units and tokens are both ascending). Tokens that cross a unit edge
 * are clipped to the unit; characters no token covers become untinted pieces.
 */
export function buildHeatmapView(input: {
  text: string;
  blocks: readonly BlockOut[];
  units: readonly UnitOut[];
  tokens?: TokenOffsets;
}): RegionView[] {
  const { text, blocks, units, tokens } = input;
  const n = tokens ? Math.min(tokens.starts.length, tokens.ends.length) : 0;
  const regions: RegionView[] = [];
  let u = 0;
  let k = 0;

  for (let b = 0; b < blocks.length; b++) {
    const block = blocks[b]!;
    const view: BlockView = { index: b, start: block.start, end: block.end, kind: block.kind, role: block.role, children: [] };
    if (block.level !== undefined) view.level = block.level;
    let cursor = block.start;
    // Units of earlier blocks that were not consumed (should not happen) are skipped.
    while (u < units.length && units[u]!.block < b) u++;
    for (; u < units.length && units[u]!.block === b; u++) {
      const unit = units[u]!;
      const start = Math.max(unit.start, cursor);
      if (start > cursor) view.children.push({ kind: "gap", text: text.slice(cursor, start), start: cursor });
      const pieces: Piece[] = [];
      if (tokens) {
        while (k < n && tokens.ends[k]! <= start && tokens.starts[k]! < start) k++;
        let pos = start;
        for (let j = k; j < n && tokens.starts[j]! < unit.end; j++) {
          const s = Math.max(tokens.starts[j]!, pos);
          const e = Math.min(tokens.ends[j]!, unit.end);
          if (e <= s) continue;
          if (s > pos) pieces.push({ text: text.slice(pos, s), t: -1, start: pos });
          pieces.push({ text: text.slice(s, e), t: j, start: s });
          pos = e;
        }
        if (pos < unit.end) pieces.push({ text: text.slice(pos, unit.end), t: -1, start: pos });
      } else if (unit.end > start) {
        pieces.push({ text: text.slice(start, unit.end), t: -1, start });
      }
      view.children.push({ kind: "unit", u, start, end: Math.max(start, unit.end), pieces });
      cursor = Math.max(cursor, unit.end);
    }
    if (cursor < block.end) view.children.push({ kind: "gap", text: text.slice(cursor, block.end), start: cursor });

    const last = regions[regions.length - 1];
    if (last && last.role === block.role) last.blocks.push(view);
    else regions.push({ role: block.role, blocks: [view] });
  }
  return regions;
}

/** Heat bucket 0..20 (steps of 0.05) for a probability; the CSS classes hm-b0..hm-b20 tint it. */
export function heatBucket(p: number): number {
  if (!(p > 0)) return 0;
  if (p >= 1) return 20;
  return Math.round(p * 20);
}
