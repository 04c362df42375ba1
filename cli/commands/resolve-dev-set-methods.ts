import { createBaselineMethod } from "../../lib/eval/baseline-methods";
import type { DevSetMethod } from "../../lib/eval/evaluate-dev-set";
import { formatModelMethod, parseMethod } from "../../lib/engine/methods";
import { selectionFloors } from "../../lib/engine/select-spans";
import { AppError } from "../../lib/errors";

export interface ResolvedDevSetMethod extends DevSetMethod {
  /** For model methods: what the figures were measured with. */
  info?: { name: string; threshold: number; description: string; features: boolean };
}

/**
 * Eval methods with their default thresholds: models use their calibrated threshold (config.json), baselines 0.
 * Default list: the default model, its teacher when installed, BM25, lead and the oracle.
 */
export async function resolveDevSetMethods(list: string | undefined): Promise<ResolvedDevSetMethod[]> {
  const { listModels, readModelConfig } = await import("../../lib/server/model/list-models");
  const { getScorer } = await import("../../lib/server/get-scorer");
  const models = await listModels();
  const def = models.find((m) => m.default)?.name;
  const names = list
    ? list
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : [
        ...(def ? [formatModelMethod(def)] : []),
        ...(def && models.some((m) => m.name === `${def}-teacher`) ? [formatModelMethod(`${def}-teacher`)] : []),
        "bm25",
        "lead",
        "oracle",
      ];
  const out: ResolvedDevSetMethod[] = [];
  for (const name of names) {
    const baseline = createBaselineMethod(name);
    if (baseline) {
      out.push({ ...baseline, threshold: 0 });
      continue;
    }
    const parsed = parseMethod(name, { bareModelNames: false });
    if (parsed.kind !== "default-model" && parsed.kind !== "model") throw new AppError("BAD_REQUEST", `unknown method "${name}"`);
    const modelName = parsed.kind === "model" ? parsed.name : def;
    if (!modelName) throw new AppError("UNAVAILABLE", "no default model installed");
    const { config } = readModelConfig(modelName);
    const scorer = await getScorer(formatModelMethod(modelName));
    out.push({
      name: scorer.name,
      createScorer: () => scorer,
      threshold: config.threshold,
      ...selectionFloors(config),
      info: { name: modelName, threshold: config.threshold, description: config.description, features: config.features !== undefined },
    });
  }
  return out;
}
