import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadModel } from "./load-model";
import { modelsDir } from "./models-dir";
import { runBatch } from "./window-batcher";

interface Parity {
  source: string;
  cases: { inputIds: number[]; typeIds: number[]; probs: number[] }[];
}

// Every shipped model with a parity fixture written by models/training/parity.py (PyTorch fp32 outputs).
const models = existsSync(modelsDir())
  ? readdirSync(modelsDir()).filter((n) => existsSync(path.join(modelsDir(), n, "parity.json")))
  : [];

describe.each(models)("model %s served by onnxruntime-node", (name) => {
  const parity = JSON.parse(readFileSync(path.join(modelsDir(), name, "parity.json"), "utf8")) as Parity;

  it("matches the PyTorch probabilities one window at a time and padded in one batch", async () => {
    const model = await loadModel({ name, intraOpNumThreads: 1 });
    const single = await Promise.all(parity.cases.map(async (c) => (await runBatch(model, [c]))[0]!));
    const batched = await runBatch(model, parity.cases);
    parity.cases.forEach((c, k) => {
      for (const got of [single[k]!, batched[k]!]) {
        expect(got.length).toBe(c.probs.length);
        let maxDiff = 0;
        let sumDiff = 0;
        c.probs.forEach((p, t) => {
          const d = Math.abs(p - got[t]!);
          maxDiff = Math.max(maxDiff, d);
          sumDiff += d;
        });
        // int8 weights and embedding against fp32 PyTorch: small, bounded deviations.
        expect(maxDiff).toBeLessThan(0.06);
        expect(sumDiff / c.probs.length).toBeLessThan(0.01);
      }
    });
  });
});

it("finds the shipped models", () => {
  expect(models.length).toBeGreaterThan(0);
});
