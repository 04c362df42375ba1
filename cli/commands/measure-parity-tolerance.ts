import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loadModel } from "../../lib/server/model/load-model";
import { modelsDir } from "../../lib/server/model/models-dir";
import { runBatch } from "../../lib/server/model/window-batcher";

interface ParityFile {
  tolerance?: { max: number; mean: number };
  examples: { windows: { inputIds: number[]; features: number[]; probs: number[] }[] }[];
}

/**
 * Runs the parity windows through onnxruntime-node and records how far the exported (int8) graph is from the
 * PyTorch fp32 probabilities: the parity test's tolerance is set from this measured error, not guessed.
 */
export async function measureParityTolerance(name: string): Promise<{ max: number; mean: number }> {
  const file = path.join(modelsDir(), name, "parity.json");
  const parity = JSON.parse(readFileSync(file, "utf8")) as ParityFile;
  const model = await loadModel({ name, intraOpNumThreads: 1 });
  // `mean` is the worst window's mean error: the parity test checks every window's mean against it.
  let max = 0;
  let mean = 0;
  for (const ex of parity.examples) {
    for (const w of ex.windows) {
      const [out] = await runBatch(model, [{ inputIds: w.inputIds, typeIds: [], features: Uint8Array.from(w.features) }]);
      let sum = 0;
      w.probs.forEach((p, t) => {
        const d = Math.abs(p - out!.probs[t]!);
        max = Math.max(max, d);
        sum += d;
      });
      mean = Math.max(mean, sum / Math.max(1, w.probs.length));
    }
  }
  parity.tolerance = { max: Number(max.toPrecision(3)), mean: Number(mean.toPrecision(3)) };
  writeFileSync(file, JSON.stringify(parity));
  return parity.tolerance;
}
