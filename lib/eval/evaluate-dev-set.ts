import type { PreparedResult, TokenScores } from "../engine/types";
import { SPAN_CATEGORIES } from "../spans/categories";
import type { DevSet } from "./dev-sets";
import { createKeptNothingCurves, curveThresholds, type KeptNothingCurve } from "./kept-nothing-curve";
import { runEval, type EvalMethod } from "./run-eval";
import type { EvalRow } from "./types";

export interface DevSetMethod extends EvalMethod {
  /** The method's default threshold (models: their calibrated one; baselines: 0). */
  threshold: number;
}

/** Real pages: how the model's categories split page regions (the category goals). */
export interface PageCategoryFigures {
  /** Tokens in navigation/header/footer blocks, and the share tagged UI/navigation, ads or metadata. */
  chromeTokens: number;
  chromeAsBoilerplate: number;
  /** Tokens of article text, and the share tagged vital or off-topic. */
  articleTokens: number;
  articleAsContent: number;
}

export interface DevSetResult {
  set: string;
  kind: string;
  queries: number;
  measure: DevSet["measure"];
  setting: DevSet["setting"];
  rows: Array<EvalRow & { headline: number | null; thresholdUsed: number }>;
  pageCategories?: Record<string, PageCategoryFigures>;
  /**
   * Sets where nothing answers some queries (unanswerable*): per model method, kept-nothing against answerable recall
   * over thresholds (the set's budget), overall and per language, to choose the default threshold on validation.
   */
  keptNothingCurves?: Record<string, KeptNothingCurve>;
}

const CHROME = new Set(["navigation", "header", "footer"]);
const BOILERPLATE_CATS = new Set([SPAN_CATEGORIES.indexOf("ui_navigation"), SPAN_CATEGORIES.indexOf("ads"), SPAN_CATEGORIES.indexOf("metadata")]);
const CONTENT_CATS = new Set([SPAN_CATEGORIES.indexOf("vital"), SPAN_CATEGORIES.indexOf("off_topic")]);

function pageCategoryCounts(
  results: readonly PreparedResult[],
  tokenScores: readonly TokenScores[] | undefined,
  evidence: DevSet["examples"][number]["evidence"],
  acc: PageCategoryFigures,
) {
  if (!tokenScores) return;
  results.forEach((r, i) => {
    const ts = tokenScores[i];
    if (!ts?.categories) return;
    const article = evidence.filter((e) => e.resultId === r.id).sort((a, b) => a.start - b.start);
    let b = 0;
    let a = 0;
    for (let t = 0; t < ts.starts.length; t++) {
      const s = ts.starts[t]!;
      while (b < r.doc.blocks.length && r.doc.blocks[b]!.end <= s) b++;
      while (a < article.length && article[a]!.end <= s) a++;
      const block = r.doc.blocks[b];
      const cat = ts.categories[t]!;
      if (block && block.start <= s && CHROME.has(block.role)) {
        acc.chromeTokens++;
        if (BOILERPLATE_CATS.has(cat)) acc.chromeAsBoilerplate++;
      }
      const ev = article[a];
      if (ev && ev.start <= s) {
        acc.articleTokens++;
        if (CONTENT_CATS.has(cat)) acc.articleAsContent++;
      }
    }
  });
}

/** Runs every method on one dev set with the set's setting; the headline figure is the set's measure. */
export async function evaluateDevSet(
  set: DevSet,
  methods: readonly DevSetMethod[],
  onProgress?: (done: number, total: number) => void,
): Promise<DevSetResult> {
  const rows: DevSetResult["rows"] = [];
  const pageCategories: Record<string, PageCategoryFigures> = {};
  const curves = createKeptNothingCurves();
  const keptNothingCurves: Record<string, KeptNothingCurve> = {};
  for (const method of methods) {
    const threshold = set.setting.useModelThreshold ? method.threshold : 0;
    // Only thresholds on a probability scale make a curve: the models' (baselines keep everything at their 0).
    const curve = set.name.startsWith("unanswerable") && method.threshold > 0;
    const acc: PageCategoryFigures = { chromeTokens: 0, chromeAsBoilerplate: 0, articleTokens: 0, articleAsContent: 0 };
    const report = await runEval({
      dataset: set.name,
      examples: set.examples,
      methods: [method],
      ...(set.setting.ratio !== undefined ? { ratios: [set.setting.ratio] } : {}),
      ...(set.setting.budget !== undefined ? { budgets: [set.setting.budget] } : {}),
      budgetThreshold: threshold,
      // The curve's points: the same scores, selected again at each threshold within the set's budget.
      ...(curve
        ? {
            thresholds: curveThresholds(method.threshold),
            thresholdBudget: set.setting.budget ?? Infinity,
            onQueryMetrics: ({ example, setting, metrics }) => {
              if (setting.key === "threshold") curves.add(method.name, setting.value, example, metrics);
            },
          }
        : {}),
      onScored:
        set.measure === "pages"
          ? ({ example, results, scores }) => pageCategoryCounts(results, scores.tokenScores, example.evidence, acc)
          : undefined,
      onProgress: onProgress ? ({ done, total }) => onProgress(done, total) : undefined,
    });
    for (const row of report.results) {
      if (row.threshold !== undefined) continue; // a curve point, not the set's setting
      const headline =
        set.measure === "answerKept"
          ? row.answerKept
          : set.measure === "pages"
            ? row.keptPrecision
            : set.name.startsWith("unanswerable")
              ? (row.unanswerable?.keptNothing ?? null)
              : row.evidenceRecall;
      rows.push({ ...row, headline, thresholdUsed: threshold });
    }
    if (acc.chromeTokens + acc.articleTokens > 0) pageCategories[method.name] = acc;
    const c = curve ? curves.curve(method.name, method.threshold) : undefined;
    if (c) keptNothingCurves[method.name] = c;
  }
  const out: DevSetResult = { set: set.name, kind: set.kind, queries: set.examples.length, measure: set.measure, setting: set.setting, rows };
  if (Object.keys(pageCategories).length > 0) out.pageCategories = pageCategories;
  if (Object.keys(keptNothingCurves).length > 0) out.keptNothingCurves = keptNothingCurves;
  return out;
}
