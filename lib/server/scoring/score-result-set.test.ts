// The one scoring pipeline of POST /api/v1/compress and POST /api/v1/pairs/{id}/scores (baselines and cached token
// scores: no model needed).
import { describe, expect, it, vi } from "vitest";
import { prepareResult } from "@/lib/engine/prepare-result";
import { scoreResultUnits, selectWithProfile } from "@/lib/engine/select-with-profile";
import type { TokenScores } from "@/lib/engine/types";
import { compressResponseSchema } from "@/lib/schemas/compress";
import type { SelectionProfile } from "@/lib/engine/profile";
import { resolveMethod } from "./resolve-method";
import { scoreResultSet } from "./score-result-set";
import { toCompressResponse } from "./to-compress-response";
import { fromFlatProfile } from "@/lib/model/flat-profile";

const results = [
  prepareResult({ id: "a", text: "Cats purr when content. Dogs bark at strangers." }),
  prepareResult({ id: "b", text: "The weather is mild. Cats sleep most of the day." }),
];
const bm25 = resolveMethod("bm25", []);
type Settings = {
  threshold?: number;
  floor?: number;
  fallbackFloor?: number;
  aggregation?: "mean" | "max";
  focusWeight?: number;
  similarityWeight?: number;
};
/** A profile by stage from the settings a test sets. */
const profileOf = ({ threshold = 0.5, aggregation = "mean", focusWeight, similarityWeight, ...selection }: Settings): SelectionProfile => ({
  units: { aggregation, ...(focusWeight !== undefined ? { focusWeight } : {}) },
  ...(similarityWeight !== undefined ? { similarity: { weight: similarityWeight } } : {}),
  selection: { threshold, ...selection },
});
/** A token model's method object, as resolveMethod builds it from the model's profile. */
const modelMethod = (name: string, settings: Settings) => resolveMethod(`model:${name}`, [{ name, default: true, profile: profileOf(settings) }]);

/** One token per unit, with the given probability. */
function tokensPerUnit(probs: number[][]): TokenScores[] {
  return results.map((r, i) => ({
    starts: Int32Array.from(r.units.map((u) => u.start)),
    ends: Int32Array.from(r.units.map((u) => u.end)),
    probs: Float32Array.from(probs[i]!),
  }));
}

describe("scoreResultSet", () => {
  it("scores with the method, selects within the budget and reports like the compress API", async () => {
    const out = await scoreResultSet({
      query: "why do cats purr",
      results,
      method: { ...bm25, profile: { ...bm25.profile, selection: { threshold: 0.5 } } },
      budget: 100,
      includeTokens: false,
    });
    const api = compressResponseSchema.omit({ timings: true }).parse(toCompressResponse({ scored: out, query: "why do cats purr" }));
    // A baseline's profile in API 1.x's flat shape, without the deprecated copies (1.1.0 sent none for it).
    expect(api.profile).toEqual({ aggregation: "mean", threshold: 0.5 });
    expect(api).not.toHaveProperty("query");
    expect(out.model).toBe("bm25");
    expect(out.threshold).toBe(0.5);
    expect(out.aggregation).toBe("mean");
    expect(out.results[0]!.snippet).toBe("Cats purr when content.");
    expect(out.results[0]!.text).toBeUndefined();
    expect(out.timings.scoreMs).toBeGreaterThanOrEqual(0);
    expect(out.timings.tokenizeMs).toBeUndefined(); // baselines have no model breakdown
  });

  it("includes the canonical text, blocks, scored units and title with includeTokens", async () => {
    const out = await scoreResultSet({ query: "cats", results, method: bm25, budget: 1000, includeTokens: true });
    for (const [i, r] of out.results.entries()) {
      expect(r.text).toBe(results[i]!.doc.text);
      expect(r.blocks).toEqual(results[i]!.doc.blocks);
      expect(r.units!.map((u) => [u.start, u.end])).toEqual(results[i]!.units.map((u) => [u.start, u.end]));
      for (const s of r.spans) expect(r.text!.slice(s.start, s.end)).toBe(s.text);
    }
  });

  it("takes threshold and aggregation from the method unless given, and says why a result keeps nothing", async () => {
    const cached = tokensPerUnit([
      [0.9, 0.1],
      [0.05, 0.2],
    ]);
    const method = modelMethod("x", { threshold: 0.5, aggregation: "max" });
    const out = await scoreResultSet({ query: "q", results, method, budget: 1000, includeTokens: true, cachedTokenScores: cached });
    expect(out.threshold).toBe(0.5);
    expect(out.aggregation).toBe("max");
    expect(out.results[0]!.snippet).toBe("Cats purr when content.");
    expect(out.results[1]!.spans).toEqual([]);
    expect(out.results[1]!.reason).toMatch(/threshold/);
    const lower = await scoreResultSet({
      query: "q",
      results,
      method,
      budget: 1000,
      threshold: 0.15,
      includeTokens: false,
      cachedTokenScores: cached,
    });
    expect(lower.threshold).toBe(0.15);
    expect(lower.results[1]!.snippet).toBe("Cats sleep most of the day.");
  });

  it("uses cached token scores without creating a scorer (the model is never loaded) and reports them", async () => {
    const onScored = vi.fn();
    // No model "not-installed" exists: creating its scorer would throw NOT_FOUND.
    const method = modelMethod("not-installed", { threshold: 0.5 });
    const cached = tokensPerUnit([
      [0.8, 0.3],
      [0.1, 0.6],
    ]);
    const out = await scoreResultSet({ query: "q", results, method, budget: 1000, includeTokens: true, cachedTokenScores: cached, onScored });
    expect(onScored).not.toHaveBeenCalled();
    expect(out.model).toBe("model:not-installed");
    expect(out.results.map((r) => r.units!.map((u) => Math.round(u.score * 10) / 10))).toEqual([
      [0.8, 0.3],
      [0.1, 0.6],
    ]);
    expect(out.results[0]!.tokenScores!.probs.map((p) => Math.round(p * 10) / 10)).toEqual([0.8, 0.3]);
    await expect(scoreResultSet({ query: "q", results, method, budget: 1000, includeTokens: false })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("hands fresh scores to onScored before selecting", async () => {
    const onScored = vi.fn(async () => {});
    await scoreResultSet({ query: "cats", results, method: bm25, budget: 1000, includeTokens: false, onScored });
    expect(onScored).toHaveBeenCalledTimes(1);
    const [scores, elapsed] = onScored.mock.calls[0]! as unknown as [{ unitScores: number[][] }, number];
    expect(scores.unitScores).toHaveLength(2);
    expect(elapsed).toBeGreaterThanOrEqual(0);
  });

  it("applies and reports the method's calibrated selection floor in budget-only selection", async () => {
    const cached = tokensPerUnit([
      [0.9, 0.01],
      [0.01, 0.01],
    ]);
    const engine = modelMethod("x", { threshold: 0 });
    const withEngineFloor = await scoreResultSet({
      query: "q",
      results,
      method: engine,
      budget: 1000,
      includeTokens: false,
      cachedTokenScores: cached,
    });
    expect(withEngineFloor.profile.selection.floor).toBeUndefined();
    expect(withEngineFloor.results.map((r) => r.snippet)).toEqual(["Cats purr when content.", ""]);
    const calibrated = modelMethod("x", { threshold: 0, floor: 0.005 });
    const out = await scoreResultSet({ query: "q", results, method: calibrated, budget: 1000, includeTokens: false, cachedTokenScores: cached });
    expect(out.profile.selection.floor).toBe(0.005);
    expect(out.results.map((r) => r.snippet)).toEqual([
      "Cats purr when content. Dogs bark at strangers.",
      "The weather is mild. Cats sleep most of the day.",
    ]);
  });

  it("keeps the method's fallback floor: nothing above it → an explicit empty result with a reason", async () => {
    const method = modelMethod("x", { threshold: 0.9, fallbackFloor: 0.5 });
    const cached = tokensPerUnit([
      [0.3, 0.3],
      [0.2, 0.4],
    ]);
    const out = await scoreResultSet({ query: "q", results, method, budget: 1000, includeTokens: false, cachedTokenScores: cached });
    expect(out.profile.selection.fallbackFloor).toBe(0.5);
    expect(out.tokensOut).toBe(0);
    expect(out.reason).toBeTruthy();
  });

  it("aggregates cached probabilities with the method's focus weight, and echoes it with the query for the browser", async () => {
    const titled = [prepareResult({ id: "a", title: "Cats", text: "Cats are small felines. They purr when content." })];
    const cached: TokenScores[] = titled.map((r) => ({
      starts: Int32Array.from(r.units.map((u) => u.start)),
      ends: Int32Array.from(r.units.map((u) => u.end)),
      probs: Float32Array.from([0.8, 0.3]),
    }));
    const method = modelMethod("x", { threshold: 0.5, focusWeight: 0.5 });
    const query = "why do cats purr";
    const out = await scoreResultSet({ query, results: titled, method, budget: 1000, includeTokens: true, cachedTokenScores: cached });
    expect(out.profile).toEqual({ units: { aggregation: "mean", focusWeight: 0.5 }, selection: { threshold: 0.5 } });
    // API 1.x: the flat profile, and beside it 1.1.0's deprecated copy and the query's echo (until API 2.0.0).
    const api = compressResponseSchema.omit({ timings: true }).parse(toCompressResponse({ scored: out, query }));
    expect(api.profile).toEqual({ aggregation: "mean", threshold: 0.5, focusWeight: 0.5 });
    expect(api.focusWeight).toBe(0.5);
    expect(api.query).toBe(query);
    expect(api).not.toHaveProperty("floor");
    expect(api).not.toHaveProperty("fallbackFloor");
    const scores = out.results[0]!.units!.map((u) => u.score);
    // "why", "do", "purr" are the focus terms ("cats" names the result): the second sentence now leads, the best
    // score stays the model's.
    expect(scores[1]!).toBeGreaterThan(scores[0]!);
    expect(Math.max(...scores)).toBeCloseTo(0.8, 6);
    const plain = await scoreResultSet({
      query,
      results: titled,
      method: modelMethod("x", { threshold: 0.5 }),
      budget: 1000,
      includeTokens: true,
      cachedTokenScores: cached,
    });
    expect(plain.results[0]!.units!.map((u) => u.score)).toEqual([expect.closeTo(0.8, 6), expect.closeTo(0.3, 6)]);
  });

  it("answers with what the browser needs to select exactly as the server did: the profile and the token scores", async () => {
    const titled = [prepareResult({ id: "a", title: "Cats", text: "Cats are small felines. They purr when content. Dogs bark at night." })];
    const cached: TokenScores[] = titled.map((r) => ({
      starts: Int32Array.from(r.units.map((u) => u.start)),
      ends: Int32Array.from(r.units.map((u) => u.end)),
      probs: Float32Array.from([0.8, 0.3, 0.01]),
    }));
    const method = modelMethod("x", { threshold: 0.2, focusWeight: 0.5, floor: 0.003, fallbackFloor: 0.1 });
    const query = "why do cats purr";
    const scored = await scoreResultSet({
      query,
      results: titled,
      method,
      budget: 1000,
      threshold: 0,
      includeTokens: true,
      cachedTokenScores: cached,
    });
    const out = toCompressResponse({ scored, query });
    expect(out).toMatchObject({ floor: 0.003, fallbackFloor: 0.1, focusWeight: 0.5, query });
    // useLiveSelection's two stages, from the response alone (its flat profile grouped again, as the browser does).
    const profile = fromFlatProfile(out.profile);
    expect(profile).toEqual(method.profile);
    const selectable = out.results.map((r) => ({
      id: r.id,
      doc: { text: r.text! },
      units: r.units!.map((u) => ({ start: u.start, end: u.end, block: u.block })),
      unitTokens: r.units!.map((u) => u.tokens),
      tokensIn: r.tokensIn,
    }));
    const unitScores = out.results.map((r) =>
      scoreResultUnits({
        query,
        result: { title: r.title, units: r.units!, doc: { text: r.text! } },
        resultCount: out.results.length,
        tokenScores: {
          starts: Int32Array.from(r.tokenScores!.starts),
          ends: Int32Array.from(r.tokenScores!.ends),
          probs: Float32Array.from(r.tokenScores!.probs),
        },
        profile,
      }),
    );
    expect(unitScores[0]).toEqual(out.results[0]!.units!.map((u) => expect.closeTo(u.score, 4)));
    const again = selectWithProfile({ results: selectable, unitScores, budget: out.budget, threshold: out.threshold, profile });
    const spans = (rs: readonly { spans: readonly { start: number; end: number; text: string }[] }[]) =>
      rs.map((r) => r.spans.map(({ start, end, text }) => ({ start, end, text })));
    expect(spans(again.results)).toEqual(spans(out.results));
    // The calibrated floor is in the profile: the third unit (below the engine's 0.02) fills the budget at threshold 0.
    expect(again.results[0]!.keptUnits).toEqual([0, 1, 2]);
  });
});

describe("word-vector similarity (the shipped models/embeddings)", () => {
  const city = [prepareResult({ id: "c", text: "The city has a small harbour. The city has about 40,000 inhabitants. The city hosts a fair." })];

  it('the "embedding" method matches a related word BM25 cannot see', async () => {
    const query = "What is the population of the city?";
    const emb = await scoreResultSet({ query, results: city, method: resolveMethod("embedding", []), budget: 1000, includeTokens: true });
    const scores = emb.results[0]!.units!.map((u) => u.score);
    expect(scores[1]).toBe(1);
    expect(scores[0]!).toBeLessThan(0.8);
    const lexical = await scoreResultSet({ query, results: city, method: bm25, budget: 1000, includeTokens: true });
    const bm = lexical.results[0]!.units!.map((u) => u.score);
    expect(bm[1]).toBeLessThanOrEqual(bm[0]!); // "city" in all three: BM25 prefers the shortest
  });

  it("a profile with a similarity stage blends it in, the same from cached tokens and in the browser's formula", async () => {
    const method = modelMethod("m", { threshold: 0, similarityWeight: 0.5 });
    const flat: TokenScores[] = city.map((r) => ({
      starts: Int32Array.from(r.units.map((u) => u.start)),
      ends: Int32Array.from(r.units.map((u) => u.end)),
      probs: Float32Array.from(r.units.map(() => 0.6)),
    }));
    const out = await scoreResultSet({
      query: "What is the population of the city?",
      results: city,
      method,
      budget: 1000,
      includeTokens: true,
      cachedTokenScores: flat,
    });
    const units = out.results[0]!.units!;
    expect(units.every((u) => typeof u.similarity === "number")).toBe(true);
    // Equal model scores: the similarity orders the units, and the best keeps the model's 0.6.
    expect(Math.max(...units.map((u) => u.score))).toBeCloseTo(0.6, 5);
    expect(units[1]!.score).toBeCloseTo(0.6, 5);
    expect(units[0]!.score).toBeLessThan(0.6);
    // The browser's re-aggregation (use-live-selection) from the response and the request's query gives the server's scores.
    const again = scoreResultUnits({
      query: "What is the population of the city?",
      result: { units: units, doc: { text: out.results[0]!.text! } },
      resultCount: out.results.length,
      tokenScores: flat[0]!,
      profile: out.profile,
      similarity: units.map((u) => u.similarity!),
    });
    expect(again).toEqual(units.map((u) => u.score));
  });
});

describe("word-vector similarity stays out of long results", () => {
  it("a result of more than SIMILARITY_MAX_UNITS units keeps the model's own unit scores", async () => {
    const long = [prepareResult({ id: "l", text: Array.from({ length: 14 }, (_, i) => `The city record ${i} lists inhabitants.`).join(" ") })];
    expect(long[0]!.units.length).toBeGreaterThan(12);
    const flat: TokenScores[] = long.map((r) => ({
      starts: Int32Array.from(r.units.map((u) => u.start)),
      ends: Int32Array.from(r.units.map((u) => u.end)),
      probs: Float32Array.from(r.units.map((_, i) => 0.5 - i / 100)),
    }));
    const out = await scoreResultSet({
      query: "population of the city",
      results: long,
      method: modelMethod("m", { threshold: 0, similarityWeight: 0.5 }),
      budget: 1000,
      includeTokens: true,
      cachedTokenScores: flat,
    });
    const units = out.results[0]!.units!;
    expect(units.some((u) => u.similarity !== undefined)).toBe(false);
    expect(units.map((u) => u.score)).toEqual(Array.from(flat[0]!.probs));
  });
});
