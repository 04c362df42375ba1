import "server-only";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { ModelConfig } from "../../model/model-config";

/** One batch, packed for the worker: row b holds window b's first lengths[b] positions, the rest is padding. */
export interface PackedBatch {
  batch: number;
  seq: number;
  lengths: Int32Array;
  /** [batch × seq] token ids. */
  ids: Int32Array;
  /** [batch × seq] token type ids, already mapped for "segment" models. */
  types: Int32Array;
  /** [batch × seq × featureCount] feature values (models with `features`). */
  features?: Uint8Array;
  featureCount: number;
}

/** The batch's outputs, [batch × seq] like the input, and when the session ran (performance.now() of the caller). */
export interface PackedOutput {
  probs: Float32Array;
  categories?: Uint8Array;
  startedAt: number;
  endedAt: number;
}

/**
 * What the worker feeds and reads. A token model's output is per token (`probs`, `logits`, `logits2`); a
 * sentence encoder's (`pooled`) is one row of floats per input, returned as it is, [batch × dim].
 */
export type WorkerIo = Omit<ModelConfig["reader"]["io"], "outputKind"> & { outputKind: ModelConfig["reader"]["io"]["outputKind"] | "pooled" };

export interface InferenceWorkerOptions {
  modelPath: string;
  io: WorkerIo;
  /** Feed token type ids (the model has the input and its typeIds are not "none"). */
  feedTypes: boolean;
  sessionOptions: Record<string, unknown>;
  /** Called once when the worker dies (crash or exit): the model must be loaded again. */
  onExit?: (error: Error) => void;
}

/**
 * An onnxruntime session in a worker thread. onnxruntime-node runs a session synchronously on the calling thread
 * (its async `run` only defers to setImmediate), so a session on the main thread stops the server while every batch
 * runs: HTTP, JSON and the next requests' tokenization all wait. In a worker, inference and that JavaScript run at
 * the same time. Inputs go over as Int32 arrays (transferred, not copied) and the int64 tensors are built there.
 */
export class InferenceWorker {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve: (o: PackedOutput) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private dead: Error | undefined;
  /** Ends the worker once its last waiting batch is answered (a sibling died: this one is no longer reachable). */
  private retiring = false;

  private constructor(
    worker: Worker,
    private readonly onExit?: (error: Error) => void,
  ) {
    this.worker = worker;
    worker.on("message", (m: { id: number; error?: string; probs?: Float32Array; categories?: Uint8Array; start?: number; end?: number }) => {
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id);
      if (this.waiting.size === 0) {
        worker.unref();
        if (this.retiring) void this.terminate();
      }
      if (m.error !== undefined) return w.reject(new Error(m.error));
      // The worker's clock has its own origin: both sides count from performance.timeOrigin.
      const startedAt = m.start! - performance.timeOrigin;
      const endedAt = m.end! - performance.timeOrigin;
      w.resolve({ probs: m.probs!, startedAt, endedAt, ...(m.categories ? { categories: m.categories } : {}) });
    });
    worker.on("error", (e) => this.die(e));
    worker.on("exit", (code) => this.die(new Error(`inference worker exited (code ${code})`)));
    // Idle workers must not keep a CLI process alive; busy ones must (ref while anything waits). After the listeners:
    // attaching a "message" listener refs the worker's port again, and a worker that never ran a batch (one of two
    // sessions) then kept `prepare-db` from exiting, so `npm start` never reached `next start`.
    worker.unref();
  }

  /** Starts the worker and creates its session; rejects with onnxruntime's message when the session cannot be created. */
  static async start(opts: InferenceWorkerOptions): Promise<InferenceWorker> {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { ortPath: resolveOrt(), modelPath: opts.modelPath, io: opts.io, feedTypes: opts.feedTypes, sessionOptions: opts.sessionOptions },
    });
    await new Promise<void>((resolve, reject) => {
      worker.once("message", (m: { ready?: true; error?: string }) => (m.ready ? resolve() : reject(new Error(m.error))));
      worker.once("error", reject);
    }).catch(async (e: unknown) => {
      await worker.terminate();
      throw e;
    });
    return new InferenceWorker(worker, opts.onExit);
  }

  /**
   * `count` sessions of one model, each in its own worker; if one cannot start, the others are stopped and none is
   * kept. They live and die as one: when one dies, `onExit` is called once and the others end as soon as the batches
   * they were sent are answered (the model is loaded again; nothing reaches them any more).
   */
  static async startAll(count: number, opts: InferenceWorkerOptions): Promise<InferenceWorker[]> {
    let group: InferenceWorker[] | undefined;
    let gone: Error | undefined;
    const onExit = (e: Error) => {
      if (gone) return;
      gone = e;
      opts.onExit?.(e);
      for (const w of group ?? []) w.retire();
    };
    const started = await Promise.allSettled(Array.from({ length: Math.max(1, count) }, () => InferenceWorker.start({ ...opts, onExit })));
    const failed = started.find((s) => s.status === "rejected");
    const all = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
    // One that started and died before the others were ready fails the start as one that could not start.
    const reason: unknown = failed ? failed.reason : gone;
    if (reason === undefined) return (group = all);
    await Promise.all(all.map((w) => w.terminate()));
    throw reason;
  }

  /** The one of `workers` with the fewest batches waiting. */
  static leastBusy(workers: readonly InferenceWorker[]): InferenceWorker {
    return workers.reduce((a, w) => (w.pending < a.pending ? w : a));
  }

  /** Batches sent and not yet answered. */
  get pending(): number {
    return this.waiting.size;
  }

  run(batch: PackedBatch): Promise<PackedOutput> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.nextId++;
    if (this.waiting.size === 0) this.worker.ref();
    return new Promise<PackedOutput>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      const transfer = [batch.lengths.buffer, batch.ids.buffer, batch.types.buffer, ...(batch.features ? [batch.features.buffer] : [])];
      this.worker.postMessage({ id, ...batch }, transfer as ArrayBuffer[]);
    });
  }

  /** Ends the worker; batches still waiting are rejected, not left hanging. */
  async terminate(): Promise<void> {
    this.die(new Error("inference worker terminated"));
    await this.worker.terminate();
  }

  /** Ends the worker once nothing waits on it (now, when idle); batches sent until then are still answered. */
  retire(): void {
    this.retiring = true;
    if (this.waiting.size === 0) void this.terminate();
  }

  /** Whether the worker has ended (crash, exit or terminate): its batches are rejected. */
  get ended(): boolean {
    return this.dead !== undefined;
  }

  private die(e: Error): void {
    if (this.dead) return;
    this.dead = e;
    for (const w of this.waiting.values()) w.reject(e);
    this.waiting.clear();
    this.onExit?.(e);
  }
}

/**
 * onnxruntime-node's entry file, for the worker (evaluated code has no location to resolve from): from the entry
 * script (next's bin, cli/main.ts, vitest) or else the working directory. Not `createRequire(import.meta.url)`:
 * the Next build replaces that with a module id.
 */
function resolveOrt(): string {
  const from = [process.argv[1], path.join(process.cwd(), "package.json")].filter((f): f is string => !!f);
  for (const f of from) {
    try {
      return createRequire(path.resolve(f)).resolve("onnxruntime-node");
    } catch {
      // Try the next place.
    }
  }
  throw new Error(`cannot find onnxruntime-node from ${from.join(" or ")}`);
}

// The worker (CommonJS, plain JavaScript): builds the int64 feeds, runs the session, and turns the output into keep
// probabilities and category indexes exactly as the main thread did before (same float32 arithmetic).
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require("node:worker_threads");
const ort = require(workerData.ortPath);
const { io, feedTypes } = workerData;
let session;

// int64 tensor data without a BigInt per element: the values are small and non-negative, so each is its low
// 32-bit word (little-endian) with a zero high word.
function int64From(values, n) {
  const out = new BigInt64Array(n);
  const words = new Int32Array(out.buffer);
  for (let i = 0; i < n; i++) words[2 * i] = values[i];
  return out;
}

async function run(m) {
  const { batch: B, seq: T, lengths, ids, types, features, featureCount } = m;
  const mask = new Int32Array(B * T);
  for (let b = 0; b < B; b++) mask.fill(1, b * T, b * T + lengths[b]);
  const feeds = {
    [io.inputIds]: new ort.Tensor("int64", int64From(ids, B * T), [B, T]),
    [io.attentionMask]: new ort.Tensor("int64", int64From(mask, B * T), [B, T]),
  };
  if (io.tokenTypeIds && feedTypes) feeds[io.tokenTypeIds] = new ort.Tensor("int64", int64From(types, B * T), [B, T]);
  if (io.features && features) feeds[io.features] = new ort.Tensor("int64", int64From(features, B * T * featureCount), [B, T, featureCount]);
  const start = performance.timeOrigin + performance.now();
  const result = await session.run(feeds);
  const end = performance.timeOrigin + performance.now();
  const out = result[io.output];
  if (!out) throw new Error('model output "' + io.output + '" missing');
  const data = out.data;
  if (io.outputKind === "pooled") return { id: m.id, probs: Float32Array.from(data), start, end };
  const probs = new Float32Array(B * T);
  for (let b = 0; b < B; b++) {
    const L = lengths[b];
    for (let t = 0; t < L; t++) {
      const i = b * T + t;
      if (io.outputKind === "logits2") probs[i] = 1 / (1 + Math.exp(data[i * 2] - data[i * 2 + 1]));
      else probs[i] = io.outputKind === "logits" ? 1 / (1 + Math.exp(-data[i])) : data[i];
    }
  }
  const reply = { id: m.id, probs, start, end };
  const catData = io.categories ? result[io.categories] && result[io.categories].data : undefined;
  if (catData) {
    const cats = new Uint8Array(B * T);
    for (let b = 0; b < B; b++) {
      for (let t = 0; t < lengths[b]; t++) {
        const base = (b * T + t) * 6;
        let best = 0;
        for (let c = 1; c < 6; c++) if (catData[base + c] > catData[base + best]) best = c;
        cats[b * T + t] = best;
      }
    }
    reply.categories = cats;
  }
  return reply;
}

// One batch at a time, in arrival order.
let chain = Promise.resolve();
parentPort.on("message", (m) => {
  chain = chain.then(async () => {
    try {
      const reply = await run(m);
      parentPort.postMessage(reply, [reply.probs.buffer, ...(reply.categories ? [reply.categories.buffer] : [])]);
    } catch (e) {
      parentPort.postMessage({ id: m.id, error: String((e && e.message) || e) });
    }
  });
});

ort.InferenceSession.create(workerData.modelPath, workerData.sessionOptions).then(
  (s) => {
    session = s;
    parentPort.postMessage({ ready: true });
  },
  (e) => parentPort.postMessage({ error: String((e && e.message) || e) }),
);
`;
