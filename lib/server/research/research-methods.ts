import "server-only";
import type { Method } from "@/lib/engine/method";
import { isAppError } from "@/lib/errors";
import type { ModelInfo } from "@/lib/model/model-config";
import type { FrontierMethodInfo } from "@/lib/schemas/research";
import { resolveMethod } from "../scoring/resolve-method";

/** A method of a research view: what the chart says about it, and the resolved method (absent when `info.error`). */
export type ResearchMethod = { info: FrontierMethodInfo; method?: Method };

/**
 * Method names ("model:<name>", "model" for the default, "bm25", "lead", "oracle", and with a judge server
 * "llm-extract", "hybrid", "hybrid:<filter>") → research methods, in the order given, through the one resolver. An
 * unknown or unusable name becomes a method with an `error` (the view says why it has no curve), not a failure of
 * the whole view.
 */
export function resolveResearchMethods(
  names: readonly string[],
  models: readonly ModelInfo[],
  { judgeConfigured = false }: { judgeConfigured?: boolean } = {},
): ResearchMethod[] {
  return names.map((name): ResearchMethod => {
    let method: Method;
    try {
      method = resolveMethod(name, models, { oracle: true, requireJudge: false });
    } catch (e) {
      if (!isAppError(e)) throw e;
      return { info: { method: name, label: name, kind: "model", error: e.message } };
    }
    const info: FrontierMethodInfo = { method: method.id, label: method.label, kind: method.kind === "oracle" ? "baseline" : method.kind };
    if (method.kind === "model") info.defaultThreshold = method.profile.selection.threshold;
    if (method.kind === "llm" && !judgeConfigured) info.error = "no LLM judge is configured (SNIPPET_LAB_JUDGE_BASE_URL and SNIPPET_LAB_JUDGE_MODEL)";
    return { info, method };
  });
}
