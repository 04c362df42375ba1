import type { Rng } from "../synthesize-page";
import type { AnalyzedPage } from "./analyze-real-page";
import { CAT } from "./categories";
import type { BlockInput, PageBuilder } from "./page-builder";

export interface PoolBlock {
  input: BlockInput;
  cat: number;
}

/** A real site's boilerplate, by where it sat relative to the article. */
export interface BoilerplatePage {
  name: string;
  top: PoolBlock[];
  middle: PoolBlock[];
  bottom: PoolBlock[];
}

/** Long unmatched blocks are usually article text the reference extraction dropped: never reuse them as noise. */
const MAX_NOISE_CHARS = 600;

export function boilerplateFromPage(page: AnalyzedPage): BoilerplatePage {
  const first = page.article.indexOf(true);
  const last = page.article.lastIndexOf(true);
  const out: BoilerplatePage = { name: page.name, top: [], middle: [], bottom: [] };
  page.doc.blocks.forEach((b, i) => {
    if (page.article[i]) return;
    const cat = page.categories[i]!;
    if (cat === CAT.vital || cat === CAT.duplicate) return;
    const text = page.doc.text.slice(b.start, b.end);
    if (text.length > MAX_NOISE_CHARS) return;
    const input: BlockInput = { text, kind: b.kind, role: b.role };
    if (b.level) input.level = b.level;
    if (b.linkDensity) input.linkDensity = b.linkDensity;
    const block = { input, cat };
    if (first < 0 || i < first) out.top.push(block);
    else if (i > last) out.bottom.push(block);
    else out.middle.push(block);
  });
  return out;
}

/** A random run of 1..max consecutive blocks (real pages repeat their structure, so runs look real). */
export function sliceRun(rng: Rng, xs: readonly PoolBlock[], max: number): PoolBlock[] {
  if (xs.length === 0 || max <= 0) return [];
  const n = 1 + Math.floor(rng() * Math.min(max, xs.length));
  const from = Math.floor(rng() * (xs.length - n + 1));
  return xs.slice(from, from + n);
}

export function addPoolBlocks(page: PageBuilder, blocks: readonly PoolBlock[]): void {
  for (const b of blocks) page.addBlock(b.input, b.cat);
}
