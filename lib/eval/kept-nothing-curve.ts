import type { EvalExample } from "../data/types";
import { summarizeQueryMetrics } from "./summarize-query-metrics";
import type { QueryMetrics } from "./types";

/** The thresholds a kept-nothing curve is read at (the method's default is added): model scores are probabilities. */
export const KEPT_NOTHING_THRESHOLDS = [
  0, 0.02, 0.05, 0.08, 0.1, 0.12, 0.15, 0.18, 0.2, 0.22, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9,
] as const;

export interface KeptNothingPoint {
  threshold: number;
  /** Share of the queries nothing answers where nothing was kept (null: the group has none). */
  keptNothing: number | null;
  /** Evidence recall over the answerable queries (null: the group has none). */
  answerableRecall: number | null;
  /** Tokens kept per unanswerable query (what keeping something costs there). */
  unanswerableTokens: number | null;
  unanswerableQueries: number;
  answerableQueries: number;
}

export interface KeptNothingCurve {
  /** The method's default threshold (the point the headline is read at). */
  defaultThreshold: number;
  points: KeptNothingPoint[];
  /** The same curve per language of the results (BCP 47 locale; "en" where none is given). */
  byLanguage: Record<string, KeptNothingPoint[]>;
}

/** The curve's thresholds for a method: the grid and its default, sorted, once each. */
export function curveThresholds(defaultThreshold: number): number[] {
  return [...new Set([...KEPT_NOTHING_THRESHOLDS, defaultThreshold])].sort((a, b) => a - b);
}

/** The language an example is read in: its first result's locale, else English (every unanswerable set so far). */
export function exampleLanguage(example: EvalExample): string {
  return example.results.find((r) => r.locale)?.locale ?? "en";
}

function point(threshold: number, metrics: readonly QueryMetrics[]): KeptNothingPoint {
  const s = summarizeQueryMetrics(metrics);
  const answerable = metrics.filter((m) => m.evidenceTotal > 0).length;
  return {
    threshold,
    keptNothing: s.unanswerable?.keptNothing ?? null,
    answerableRecall: answerable > 0 ? s.evidenceRecall : null,
    unanswerableTokens: s.unanswerable?.tokensPerQuery ?? null,
    unanswerableQueries: s.unanswerable?.queries ?? 0,
    answerableQueries: answerable,
  };
}

/**
 * Gathers each query's metrics at each threshold of each method (runEval's onQueryMetrics) and reads the curve of
 * kept-nothing against answerable recall, over all queries and per language.
 */
export function createKeptNothingCurves() {
  // method → threshold → language → metrics
  const byMethod = new Map<string, Map<number, Map<string, QueryMetrics[]>>>();
  return {
    add(method: string, threshold: number, example: EvalExample, metrics: QueryMetrics): void {
      const byThreshold = byMethod.get(method) ?? new Map<number, Map<string, QueryMetrics[]>>();
      byMethod.set(method, byThreshold);
      const byLang = byThreshold.get(threshold) ?? new Map<string, QueryMetrics[]>();
      byThreshold.set(threshold, byLang);
      const lang = exampleLanguage(example);
      const list = byLang.get(lang);
      if (list) list.push(metrics);
      else byLang.set(lang, [metrics]);
    },
    curve(method: string, defaultThreshold: number): KeptNothingCurve | undefined {
      const byThreshold = byMethod.get(method);
      if (!byThreshold) return undefined;
      const thresholds = [...byThreshold.keys()].sort((a, b) => a - b);
      const languages = [...new Set([...byThreshold.values()].flatMap((m) => [...m.keys()]))].sort();
      return {
        defaultThreshold,
        points: thresholds.map((t) => point(t, [...byThreshold.get(t)!.values()].flat())),
        byLanguage: Object.fromEntries(languages.map((l) => [l, thresholds.map((t) => point(t, byThreshold.get(t)!.get(l) ?? []))])),
      };
    },
  };
}
