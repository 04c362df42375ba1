import "server-only";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { AppError } from "../../errors";
import { wordPieceOptions, type ModelConfig } from "../../model/model-config";
import { WordPieceTokenizer } from "../../tokenizer/wordpiece";
import { getEnv } from "../env";
import { InferenceWorker } from "./inference-worker";
import { defaultModelName, readModelConfig } from "./list-models";

export type ExecutionProvider = "cpu" | "cuda";

export interface LoadedModel {
  name: string;
  dir: string;
  config: ModelConfig;
  tokenizer: WordPieceTokenizer;
  /** The model's sessions, each in a worker thread (runBatch sends a batch to the least busy one). */
  workers: InferenceWorker[];
  provider: ExecutionProvider;
}

export interface LoadModelOptions {
  name?: string;
  /** Default: SNIPPET_LAB_EXECUTION_PROVIDER or "cpu". */
  provider?: ExecutionProvider;
  /** Threads of each session. Default: SNIPPET_LAB_INTRA_OP_THREADS, else the cores divided among the sessions. */
  intraOpNumThreads?: number;
  /** Sessions (worker threads) that run batches side by side. Default: sessionLayout's. */
  sessions?: number;
}

/** Most single-threaded sessions of one model by default (memory grows with each; beyond, sessions get more threads). */
const MAX_DEFAULT_SESSIONS = 4;

/**
 * How a model runs on this machine. A thread count given (the option or SNIPPET_LAB_INTRA_OP_THREADS) means one
 * session with that many threads, as before. Otherwise on the CPU: one session per core (at most 4, the cores shared
 * among them), each in its own worker thread. Batches then run side by side on one thread each instead of one at a
 * time on all cores: no thread waits for the others inside an operator, and the server's JavaScript (HTTP,
 * tokenization) takes a core only for as long as it needs one. On this project's 2-core machine that is ~150 windows/s
 * per single-threaded session against ~255 for one 2-thread session. CUDA: one session.
 */
export function sessionLayout(o: { provider: ExecutionProvider; sessions?: number; threads?: number; cores?: number }): {
  sessions: number;
  threads: number;
} {
  const cores = o.cores ?? os.availableParallelism();
  const sessions = Math.max(1, o.sessions ?? (o.threads !== undefined || o.provider === "cuda" ? 1 : Math.min(cores, MAX_DEFAULT_SESSIONS)));
  return { sessions, threads: o.threads ?? Math.max(1, Math.floor(cores / sessions)) };
}

// One loaded model (its sessions) per name, provider and layout for the life of the process.
const cache = new Map<string, Promise<LoadedModel>>();

export function loadModel(opts: LoadModelOptions = {}): Promise<LoadedModel> {
  const name = opts.name ?? defaultModelName();
  const env = getEnv();
  const provider = opts.provider ?? env.executionProvider;
  const { sessions, threads } = sessionLayout({ provider, sessions: opts.sessions, threads: opts.intraOpNumThreads ?? env.intraOpThreads });
  const key = `${name}|${provider}|${threads}|${sessions}`;
  let p = cache.get(key);
  if (!p) {
    // A dead worker (crash) drops the model from the cache: the next request loads it again.
    const forget = () => {
      if (cache.get(key) === p) cache.delete(key);
    };
    p = createLoadedModel({ name, provider, threads, sessions, onExit: forget });
    cache.set(key, p);
    p.catch(forget);
  }
  return p;
}

async function createLoadedModel(o: {
  name: string;
  provider: ExecutionProvider;
  threads: number;
  sessions: number;
  onExit: () => void;
}): Promise<LoadedModel> {
  const { name } = o;
  const { dir, config } = readModelConfig(name);
  const tokenizer = WordPieceTokenizer.fromVocabText(
    readFileSync(path.join(dir, config.reader.files.vocab), "utf8"),
    wordPieceOptions(config.reader.tokenizer),
  );
  const modelPath = path.join(dir, config.reader.files.model);
  const base = { intraOpNumThreads: o.threads, interOpNumThreads: 1, graphOptimizationLevel: "all" };
  const start = (executionProviders: string[]) =>
    InferenceWorker.startAll(o.sessions, {
      modelPath,
      io: config.reader.io,
      feedTypes: config.reader.typeIds !== "none",
      sessionOptions: { ...base, executionProviders },
      onExit: o.onExit,
    });
  if (o.provider === "cuda") {
    try {
      return { name, dir, config, tokenizer, workers: await start(["cuda", "cpu"]), provider: "cuda" };
    } catch (e) {
      console.warn(
        `[snippet-lab] CUDA execution provider unavailable for model ${name} (${(e as Error).message.split("\n")[0]}); falling back to CPU`,
      );
    }
  }
  try {
    return { name, dir, config, tokenizer, workers: await start(["cpu"]), provider: "cpu" };
  } catch (e) {
    throw new AppError("UNAVAILABLE", `cannot load model ${name} from ${modelPath}: ${(e as Error).message}`);
  }
}
