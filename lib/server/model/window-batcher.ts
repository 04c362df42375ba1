import "server-only";
import * as ort from "onnxruntime-node";
import { getEnv } from "../env";
import type { LoadedModel } from "./load-model";

export interface WindowInput {
  inputIds: number[];
  typeIds: number[];
  /** [positions × featureCount] feature values, for models with `features`. */
  features?: Uint8Array;
}

export interface WindowOutput {
  /** Keep probability of every position. */
  probs: Float32Array;
  /** Most likely category (SPAN_CATEGORIES index) of every position, for models with a category head. */
  categories?: Uint8Array;
}

/** Where one call's time went: waiting behind other requests' windows, and running its own batches. */
export interface BatchTimings {
  queueMs: number;
  modelMs: number;
}

interface Job {
  input: WindowInput;
  resolve: (out: WindowOutput) => void;
  reject: (e: unknown) => void;
}

/** One caller's windows: batches take from every group in turn. */
interface Group {
  jobs: Job[];
  next: number;
  modelMs: number;
}

/**
 * Runs windows through one model in batches shared by concurrent requests, scheduled fairly: each batch takes
 * windows from every waiting request in turn (round robin), so a one-sentence request is answered within a
 * batch or two even while a 5 MB page is being scored, instead of waiting for all of that page's windows.
 */
export class WindowBatcher {
  private groups: Group[] = [];
  private turn = 0;
  private running = false;
  /** Counters for benchmarks and the models endpoint. */
  readonly stats = { batches: 0, windows: 0 };

  constructor(
    private readonly model: LoadedModel,
    private readonly maxBatch = getEnv().maxBatch,
  ) {}

  /** Resolves with the outputs of every window (same order) and how long they queued and ran. */
  async runTimed(windows: readonly WindowInput[]): Promise<{ outputs: WindowOutput[]; timings: BatchTimings }> {
    const t0 = performance.now();
    if (windows.length === 0) return { outputs: [], timings: { queueMs: 0, modelMs: 0 } };
    const group: Group = { jobs: [], next: 0, modelMs: 0 };
    const promises = windows.map((input) => new Promise<WindowOutput>((resolve, reject) => group.jobs.push({ input, resolve, reject })));
    this.groups.push(group);
    if (!this.running) {
      this.running = true;
      // Let other requests arriving in the same tick join the first batch.
      setImmediate(() => void this.drain());
    }
    const outputs = await Promise.all(promises);
    const total = performance.now() - t0;
    return { outputs, timings: { queueMs: Math.max(0, total - group.modelMs), modelMs: group.modelMs } };
  }

  async run(windows: readonly WindowInput[]): Promise<WindowOutput[]> {
    return (await this.runTimed(windows)).outputs;
  }

  /** The next batch: one window from each group in turn, starting after the group served first last time. */
  private takeBatch(): { job: Job; group: Group }[] {
    const batch: { job: Job; group: Group }[] = [];
    while (batch.length < this.maxBatch && this.groups.length > 0) {
      if (this.turn >= this.groups.length) this.turn = 0;
      const group = this.groups[this.turn]!;
      batch.push({ job: group.jobs[group.next++]!, group });
      if (group.next >= group.jobs.length) this.groups.splice(this.turn, 1);
      else this.turn++;
    }
    return batch;
  }

  private async drain() {
    try {
      while (this.groups.length > 0) {
        const batch = this.takeBatch();
        // Similar lengths together limit padding within the batch.
        batch.sort((a, b) => a.job.input.inputIds.length - b.job.input.inputIds.length);
        const t0 = performance.now();
        try {
          const outs = await runBatch(
            this.model,
            batch.map((b) => b.job.input),
          );
          const ms = performance.now() - t0;
          for (const g of new Set(batch.map((b) => b.group))) g.modelMs += ms;
          batch.forEach((b, k) => b.job.resolve(outs[k]!));
        } catch (e) {
          batch.forEach((b) => b.job.reject(e));
        }
        this.stats.batches++;
        this.stats.windows += batch.length;
      }
    } finally {
      this.running = false;
    }
  }
}

/** Pads a batch to its longest window, runs the session and returns per-window outputs. */
export async function runBatch(model: LoadedModel, batch: readonly WindowInput[]): Promise<WindowOutput[]> {
  const { io } = model.config;
  const B = batch.length;
  const T = Math.max(...batch.map((w) => w.inputIds.length));
  const ids = new BigInt64Array(B * T);
  const mask = new BigInt64Array(B * T);
  const types = new BigInt64Array(B * T);
  const segment = model.config.typeIds === "segment";
  const featureCount = model.config.features?.sizes.length ?? 0;
  const feats = io.features ? new BigInt64Array(B * T * featureCount) : undefined;
  batch.forEach((w, b) => {
    for (let t = 0; t < w.inputIds.length; t++) {
      ids[b * T + t] = BigInt(w.inputIds[t]!);
      mask[b * T + t] = 1n;
      const ty = w.typeIds[t] ?? 0;
      types[b * T + t] = BigInt(segment ? Math.min(ty, 1) : ty);
    }
    if (feats) {
      if (!w.features || w.features.length !== w.inputIds.length * featureCount) {
        throw new Error(`model ${model.name} needs ${featureCount} features per token`);
      }
      const base = b * T * featureCount;
      for (let k = 0; k < w.features.length; k++) feats[base + k] = BigInt(w.features[k]!);
    }
  });
  const feeds: Record<string, ort.Tensor> = {
    [io.inputIds]: new ort.Tensor("int64", ids, [B, T]),
    [io.attentionMask]: new ort.Tensor("int64", mask, [B, T]),
  };
  if (io.tokenTypeIds && model.config.typeIds !== "none") feeds[io.tokenTypeIds] = new ort.Tensor("int64", types, [B, T]);
  if (io.features && feats) feeds[io.features] = new ort.Tensor("int64", feats, [B, T, featureCount]);
  const result = await model.session.run(feeds);
  const out = result[io.output];
  if (!out) throw new Error(`model output "${io.output}" missing`);
  const data = out.data as Float32Array;
  const catData = io.categories ? (result[io.categories]?.data as Float32Array | undefined) : undefined;
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
    const output: WindowOutput = { probs };
    if (catData) {
      const cats = new Uint8Array(L);
      for (let t = 0; t < L; t++) {
        const base = (b * T + t) * 6;
        let best = 0;
        for (let c = 1; c < 6; c++) if (catData[base + c]! > catData[base + best]!) best = c;
        cats[t] = best;
      }
      output.categories = cats;
    }
    return output;
  });
}
