import type { DevSetMethod } from "../../lib/eval/evaluate-dev-set";
import { defaultEvalMethods } from "../../lib/eval/default-eval-methods";
import { evalMethodOf } from "../../lib/eval/eval-method-of";

export interface ResolvedDevSetMethod extends DevSetMethod {
  /** For model methods: what the figures were measured with. */
  info?: { name: string; threshold: number; description: string; features: boolean };
}

/**
 * Eval methods through the one resolver, with their default thresholds (their profile's: models their calibrated
 * one, config.json; baselines 0). Default list: the default model, its teacher when installed, BM25, lead and the oracle.
 */
export async function resolveDevSetMethods(list: string | undefined): Promise<ResolvedDevSetMethod[]> {
  const { listModels, readModelConfig } = await import("../../lib/server/model/list-models");
  const { resolveMethod } = await import("../../lib/server/scoring/resolve-method");
  const models = await listModels();
  const names = list
    ? list
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : defaultEvalMethods(models, { teacher: true });
  const out: ResolvedDevSetMethod[] = [];
  for (const name of names) {
    const method = resolveMethod(name, models, { oracle: true });
    const resolved: ResolvedDevSetMethod = { ...evalMethodOf(method), threshold: method.profile.selection.threshold };
    if (method.modelName) {
      const { config } = readModelConfig(method.modelName);
      // Loaded now: a model that cannot load fails before any dev set is built.
      await method.scorer();
      resolved.info = {
        name: method.modelName,
        threshold: method.profile.selection.threshold,
        description: config.description,
        features: config.reader.features !== undefined,
      };
    }
    out.push(resolved);
  }
  return out;
}
