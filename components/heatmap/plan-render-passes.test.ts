import { describe, expect, it } from "vitest";
import type { BlockView, RegionView } from "./build-heatmap-view";
import { blockWeight, planRenderPasses } from "./plan-render-passes";

/** A block of `tokens` one-character tokens in one unit ("x x x "), starting at `start`: a token piece and a gap piece each. */
function block(index: number, start: number, tokens: number): BlockView {
  const pieces = Array.from({ length: tokens }, (_, i) => [
    { text: "x", t: start + i, start: start + 2 * i },
    { text: " ", t: -1, start: start + 2 * i + 1 },
  ]).flat();
  return {
    index,
    start,
    end: start + 2 * tokens,
    kind: "paragraph",
    role: "main",
    children: [{ kind: "unit", u: index, start, end: start + 2 * tokens, pieces }],
  };
}

/** Blocks of the given sizes in document order, split into regions of `perRegion` blocks. */
function viewOf(sizes: number[], perRegion = sizes.length): RegionView[] {
  const regions: RegionView[] = [];
  let start = 0;
  sizes.forEach((n, i) => {
    if (i % perRegion === 0) regions.push({ role: i === 0 ? "main" : "aside", blocks: [] });
    regions.at(-1)!.blocks.push(block(i, start, n));
    start += 2 * n;
  });
  return regions;
}

describe("planRenderPasses", () => {
  it("puts a short page in the first commit, with no later pass", () => {
    expect(planRenderPasses({ view: viewOf([100, 200, 300]), tokenHeat: true, firstTokens: 1_500, passTokens: 6_000 })).toEqual({
      first: 3,
      passes: [],
    });
    expect(planRenderPasses({ view: [], tokenHeat: true, firstTokens: 1_500, passTokens: 6_000 })).toEqual({ first: 0, passes: [] });
  });

  it("ends the first commit with the block that spends the budget, then passes of about passTokens until every block", () => {
    // 1,000 blocks of 50 tokens (50,000 tokens): 30 blocks reach 1,500; then 120 blocks (6,000 tokens) a pass.
    const sizes = Array.from({ length: 1_000 }, () => 50);
    const plan = planRenderPasses({ view: viewOf(sizes, 7), tokenHeat: true, firstTokens: 1_500, passTokens: 6_000 });
    expect(plan.first).toBe(30);
    expect(plan.passes[0]).toBe(150);
    expect(plan.passes.at(-1)).toBe(1_000);
    expect(plan.passes).toHaveLength(9);
    for (let i = 1; i < plan.passes.length; i++) expect(plan.passes[i]).toBeGreaterThan(plan.passes[i - 1]!);
  });

  it("keeps the first commit's size independent of the page's length", () => {
    const short = planRenderPasses({ view: viewOf(Array.from({ length: 200 }, () => 40)), tokenHeat: true, firstTokens: 1_500, passTokens: 6_000 });
    const long = planRenderPasses({ view: viewOf(Array.from({ length: 5_000 }, () => 40)), tokenHeat: true, firstTokens: 1_500, passTokens: 6_000 });
    expect(long.first).toBe(short.first);
  });

  it("gives a block larger than a pass a pass of its own", () => {
    expect(planRenderPasses({ view: viewOf([10, 20_000, 10, 10]), tokenHeat: true, firstTokens: 5, passTokens: 100 })).toEqual({
      first: 1,
      passes: [2, 4],
    });
  });

  it("weighs blocks without token heat by characters", () => {
    const b = block(0, 0, 400);
    expect(blockWeight(b, true)).toBe(400);
    expect(blockWeight(b, false)).toBe(200);
    expect(planRenderPasses({ view: viewOf([400, 400, 400]), tokenHeat: false, firstTokens: 150, passTokens: 1_000 })).toEqual({
      first: 1,
      passes: [3],
    });
  });
});
