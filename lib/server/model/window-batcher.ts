import "server-only";
import { getEnv } from "../env";
import { InferenceWorker, type PackedBatch } from "./inference-worker";
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
  /** When each of its batches ran (they may overlap on different sessions). */
  ran: Array<[number, number]>;
}

/** Milliseconds covered by the intervals (their union). */
function coveredMs(intervals: Array<[number, number]>): number {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [s, e] of sorted) {
    if (e <= end) continue;
    total += e - Math.max(s, end);
    end = e;
  }
  return total;
}

/**
 * Runs windows through one model in batches shared by concurrent requests, scheduled fairly: each batch takes
 * windows from every waiting request in turn (round robin), so a one-sentence request is answered within a
 * batch or two even while a 5 MB page is being scored, instead of waiting for all of that page's windows.
 */
export class WindowBatcher {
  private groups: Group[] = [];
  private turn = 0;
  private scheduled = false;
  private inFlight = 0;
  /** Counters for benchmarks and the models endpoint. */
  readonly stats = { batches: 0, windows: 0 };

  constructor(
    private readonly model: LoadedModel,
    private readonly maxBatch = getEnv().maxBatch,
    // Two batches per session: one running and the next already waiting, so a session never idles while the main
    // thread is busy with other requests. Fairness holds: a new request's windows join the batch after those.
    private readonly maxInFlight = 2 * model.workers.length,
  ) {}

  /** Resolves with the outputs of every window (same order) and how long they queued and ran. */
  async runTimed(windows: readonly WindowInput[]): Promise<{ outputs: WindowOutput[]; timings: BatchTimings }> {
    const t0 = performance.now();
    if (windows.length === 0) return { outputs: [], timings: { queueMs: 0, modelMs: 0 } };
    const group: Group = { jobs: [], next: 0, ran: [] };
    const promises = windows.map((input) => new Promise<WindowOutput>((resolve, reject) => group.jobs.push({ input, resolve, reject })));
    this.groups.push(group);
    if (!this.scheduled) {
      this.scheduled = true;
      // Let other requests arriving in the same tick join the first batch.
      setImmediate(() => {
        this.scheduled = false;
        this.pump();
      });
    }
    const outputs = await Promise.all(promises);
    const total = performance.now() - t0;
    const modelMs = coveredMs(group.ran);
    return { outputs, timings: { queueMs: Math.max(0, total - modelMs), modelMs } };
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

  /** Sends batches while windows wait and fewer than maxInFlight batches are out; each answer sends the next. */
  private pump() {
    while (this.groups.length > 0 && this.inFlight < this.maxInFlight) {
      const batch = this.takeBatch();
      // Similar lengths together limit padding within the batch.
      batch.sort((a, b) => a.job.input.inputIds.length - b.job.input.inputIds.length);
      this.inFlight++;
      this.stats.batches++;
      this.stats.windows += batch.length;
      void runBatchTimed(
        this.model,
        batch.map((b) => b.job.input),
      )
        .then(
          ({ outputs, ran }) => {
            for (const g of new Set(batch.map((b) => b.group))) g.ran.push(ran);
            batch.forEach((b, k) => b.job.resolve(outputs[k]!));
          },
          (e: unknown) => batch.forEach((b) => b.job.reject(e)),
        )
        .finally(() => {
          this.inFlight--;
          this.pump();
        });
    }
  }
}

/** Pads a batch to its longest window, runs it on the least busy of the model's sessions and returns per-window outputs. */
export async function runBatch(model: LoadedModel, batch: readonly WindowInput[]): Promise<WindowOutput[]> {
  return (await runBatchTimed(model, batch)).outputs;
}

/** runBatch, and when the session itself ran (performance.now() start and end; not the wait for a busy worker). */
export async function runBatchTimed(model: LoadedModel, batch: readonly WindowInput[]): Promise<{ outputs: WindowOutput[]; ran: [number, number] }> {
  const packed = packBatch(model, batch);
  const worker = InferenceWorker.leastBusy(model.workers);
  const out = await worker.run(packed);
  const T = packed.seq;
  const outputs = batch.map((w, b): WindowOutput => {
    const L = w.inputIds.length;
    const output: WindowOutput = { probs: out.probs.slice(b * T, b * T + L) };
    if (out.categories) output.categories = out.categories.slice(b * T, b * T + L);
    return output;
  });
  return { outputs, ran: [out.startedAt, out.endedAt] };
}

/** The batch as padded [batch × seq] arrays (zeros past each window's end, as the attention mask says). */
function packBatch(model: LoadedModel, batch: readonly WindowInput[]): PackedBatch {
  const B = batch.length;
  const T = Math.max(...batch.map((w) => w.inputIds.length));
  const segment = model.config.reader.typeIds === "segment";
  const featureCount = model.config.reader.features?.sizes.length ?? 0;
  const needsFeatures = model.config.reader.io.features !== undefined;
  const lengths = new Int32Array(B);
  const ids = new Int32Array(B * T);
  const types = new Int32Array(B * T);
  const features = needsFeatures ? new Uint8Array(B * T * featureCount) : undefined;
  batch.forEach((w, b) => {
    const L = w.inputIds.length;
    lengths[b] = L;
    ids.set(w.inputIds, b * T);
    for (let t = 0; t < L; t++) {
      const ty = w.typeIds[t] ?? 0;
      types[b * T + t] = segment ? Math.min(ty, 1) : ty;
    }
    if (features) {
      if (!w.features || w.features.length !== L * featureCount) {
        throw new Error(`model ${model.name} needs ${featureCount} features per token`);
      }
      features.set(w.features, b * T * featureCount);
    }
  });
  return { batch: B, seq: T, lengths, ids, types, featureCount, ...(features ? { features } : {}) };
}
