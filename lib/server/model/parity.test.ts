import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { prepareResult } from "../../engine/prepare-result";
import type { CanonicalDoc } from "../../text/types";
import { buildModelWindows } from "./create-model-scorer";
import { loadModel } from "./load-model";
import { modelsDir } from "./models-dir";
import { runBatch, type WindowInput } from "./window-batcher";

interface FixtureWindow {
  inputIds: number[];
  typeIds?: number[];
  features?: number[];
  probs: number[];
  categories?: number[];
}

interface Parity {
  source: string;
  /** Error of the exported (int8) graph against PyTorch fp32, measured by `snippet-lab train` on these windows. */
  tolerance?: { max: number; mean: number };
  /** Older fixtures: windows only. */
  cases?: FixtureWindow[];
  /** Validation examples with the windows training built for them. */
  examples?: { query: string; source: string; results: { doc: CanonicalDoc; title?: string }[]; windows: FixtureWindow[] }[];
}

// Every shipped model with a parity fixture written by models/training/parity.py (PyTorch fp32 outputs).
const models = existsSync(modelsDir()) ? readdirSync(modelsDir()).filter((n) => existsSync(path.join(modelsDir(), n, "parity.json"))) : [];

function compare(expected: readonly number[], got: ArrayLike<number>) {
  expect(got.length).toBe(expected.length);
  let max = 0;
  let sum = 0;
  expected.forEach((p, t) => {
    const d = Math.abs(p - got[t]!);
    max = Math.max(max, d);
    sum += d;
  });
  return { max, mean: sum / Math.max(1, expected.length) };
}

describe.each(models)("model %s served by onnxruntime-node", (name) => {
  const parity = JSON.parse(readFileSync(path.join(modelsDir(), name, "parity.json"), "utf8")) as Parity;
  const windows: FixtureWindow[] = parity.examples ? parity.examples.flatMap((e) => e.windows) : (parity.cases ?? []);
  // Twice the error measured at export (int8 weights and embedding against fp32), or the old fixed bounds.
  const maxTol = parity.tolerance ? Math.max(2 * parity.tolerance.max, 1e-4) : 0.06;
  const meanTol = parity.tolerance ? Math.max(2 * parity.tolerance.mean, 1e-5) : 0.01;

  // Older fixtures (models without features) carry windows only: there is nothing to rebuild for them.
  const rebuild = parity.examples ? it : undefined;
  rebuild?.("builds the same windows and features as training did", async () => {
    const model = await loadModel({ name, intraOpNumThreads: 1 });
    for (const ex of parity.examples!) {
      const results = ex.results.map((r, i) => prepareResult({ id: String(i), doc: r.doc, ...(r.title !== undefined ? { title: r.title } : {}) }));
      const built = buildModelWindows(model, ex.query, results).windows.flat();
      expect(built.length, `${ex.source}: window count`).toBe(ex.windows.length);
      built.forEach((w, k) => {
        expect(w.inputIds, `${ex.source}: window ${k} ids`).toEqual(ex.windows[k]!.inputIds);
        expect(Array.from(w.features ?? []), `${ex.source}: window ${k} features`).toEqual(ex.windows[k]!.features);
      });
    }
    // Full-length windows are part of the fixture, not only short ones.
    expect(Math.max(...windows.map((w) => w.inputIds.length))).toBe(model.config.reader.window);
  });

  it("matches the PyTorch probabilities one window at a time and padded in one batch", async () => {
    const model = await loadModel({ name, intraOpNumThreads: 1 });
    const inputs: WindowInput[] = windows.map((c) => ({
      inputIds: c.inputIds,
      typeIds: c.typeIds ?? c.inputIds.map(() => 0),
      ...(c.features ? { features: Uint8Array.from(c.features) } : {}),
    }));
    const single = await Promise.all(inputs.map(async (c) => (await runBatch(model, [c]))[0]!));
    const batched = await runBatch(model, inputs);
    windows.forEach((c, k) => {
      for (const got of [single[k]!, batched[k]!]) {
        const d = compare(c.probs, got.probs);
        expect(d.max).toBeLessThan(maxTol);
        expect(d.mean).toBeLessThan(meanTol);
        if (c.categories && got.categories) {
          const same = c.categories.filter((x, t) => x === got.categories![t]).length;
          expect(same / c.categories.length).toBeGreaterThan(0.97);
        }
      }
    });
  });
});

it("finds the shipped models", () => {
  expect(models.length).toBeGreaterThan(0);
});
