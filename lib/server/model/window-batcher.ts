import * as ort from "onnxruntime-node";
import type { LoadedModel } from "./load-model";

interface Job {
  inputIds: number[];
  typeIds: number[];
  resolve: (probs: Float32Array) => void;
  reject: (e: unknown) => void;
}

export interface WindowInput {
  inputIds: number[];
  typeIds: number[];
}

/**
 * Runs windows through one model in batches. Windows of concurrent requests wait in one queue and
 * are batched together (sorted by length to limit padding) instead of running one request at a time.
 */
export class WindowBatcher {
  private queue: Job[] = [];
  private running = false;
  /** Counters for benchmarks and the models endpoint. */
  readonly stats = { batches: 0, windows: 0 };

  constructor(
    private readonly model: LoadedModel,
    private readonly maxBatch = Number(process.env.SNIPPET_LAB_MAX_BATCH) || 8,
  ) {}

  /** Resolves with the keep probability of every position of every window. */
  run(windows: WindowInput[]): Promise<Float32Array[]> {
    const promises = windows.map(
      (w) => new Promise<Float32Array>((resolve, reject) => this.queue.push({ inputIds: w.inputIds, typeIds: w.typeIds, resolve, reject })),
    );
    if (!this.running) {
      this.running = true;
      // Let other requests arriving in the same tick join the first batch.
      setImmediate(() => void this.drain());
    }
    return Promise.all(promises);
  }

  private async drain() {
    try {
      while (this.queue.length > 0) {
        const take = this.queue.splice(0, this.maxBatch * 8);
        take.sort((a, b) => a.inputIds.length - b.inputIds.length);
        for (let i = 0; i < take.length; i += this.maxBatch) {
          const batch = take.slice(i, i + this.maxBatch);
          try {
            const probs = await runBatch(this.model, batch);
            batch.forEach((j, k) => j.resolve(probs[k]!));
          } catch (e) {
            batch.forEach((j) => j.reject(e));
          }
          this.stats.batches++;
          this.stats.windows += batch.length;
        }
      }
    } finally {
      this.running = false;
    }
  }
}

/** Pads a batch to its longest window, runs the session and returns per-window probabilities. */
export async function runBatch(model: LoadedModel, batch: WindowInput[]): Promise<Float32Array[]> {
  const { io } = model.config;
  const B = batch.length;
  const T = Math.max(...batch.map((w) => w.inputIds.length));
  const ids = new BigInt64Array(B * T);
  const mask = new BigInt64Array(B * T);
  const types = new BigInt64Array(B * T);
  const segment = model.config.typeIds === "segment";
  batch.forEach((w, b) => {
    for (let t = 0; t < w.inputIds.length; t++) {
      ids[b * T + t] = BigInt(w.inputIds[t]!);
      mask[b * T + t] = 1n;
      const ty = w.typeIds[t]!;
      types[b * T + t] = BigInt(segment ? Math.min(ty, 1) : ty);
    }
  });
  const feeds: Record<string, ort.Tensor> = {
    [io.inputIds]: new ort.Tensor("int64", ids, [B, T]),
    [io.attentionMask]: new ort.Tensor("int64", mask, [B, T]),
  };
  if (io.tokenTypeIds) feeds[io.tokenTypeIds] = new ort.Tensor("int64", types, [B, T]);
  const result = await model.session.run(feeds);
  const out = result[io.output];
  if (!out) throw new Error(`model output "${io.output}" missing`);
  const data = out.data as Float32Array;
  return batch.map((w, b) => {
    const L = w.inputIds.length;
    const probs = new Float32Array(L);
    for (let t = 0; t < L; t++) {
      if (io.outputKind === "logits2") {
        const z0 = data[(b * T + t) * 2]!;
        const z1 = data[(b * T + t) * 2 + 1]!;
        probs[t] = 1 / (1 + Math.exp(z0 - z1));
      } else {
        const v = data[b * T + t]!;
        probs[t] = io.outputKind === "logits" ? 1 / (1 + Math.exp(-v)) : v;
      }
    }
    return probs;
  });
}
