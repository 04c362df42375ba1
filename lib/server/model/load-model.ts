import "server-only";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as ort from "onnxruntime-node";
import { AppError } from "../../errors";
import { wordPieceOptions, type ModelConfig } from "../../model/model-config";
import { WordPieceTokenizer } from "../../tokenizer/wordpiece";
import { getEnv } from "../env";
import { defaultModelName, readModelConfig } from "./list-models";

export type ExecutionProvider = "cpu" | "cuda";

export interface LoadedModel {
  name: string;
  dir: string;
  config: ModelConfig;
  tokenizer: WordPieceTokenizer;
  session: ort.InferenceSession;
  provider: ExecutionProvider;
}

export interface LoadModelOptions {
  name?: string;
  /** Default: SNIPPET_LAB_EXECUTION_PROVIDER or "cpu". */
  provider?: ExecutionProvider;
  /** Default: SNIPPET_LAB_INTRA_OP_THREADS or the number of cores. */
  intraOpNumThreads?: number;
}

// One session per model and provider for the life of the process (sessions are thread-safe).
const cache = new Map<string, Promise<LoadedModel>>();

export function loadModel(opts: LoadModelOptions = {}): Promise<LoadedModel> {
  const name = opts.name ?? defaultModelName();
  const env = getEnv();
  const provider = opts.provider ?? env.executionProvider;
  const threads = opts.intraOpNumThreads ?? env.intraOpThreads ?? os.availableParallelism();
  const key = `${name}|${provider}|${threads}`;
  let p = cache.get(key);
  if (!p) {
    p = createLoadedModel(name, provider, threads);
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return p;
}

async function createLoadedModel(name: string, provider: ExecutionProvider, threads: number): Promise<LoadedModel> {
  const { dir, config } = readModelConfig(name);
  const tokenizer = WordPieceTokenizer.fromVocabText(readFileSync(path.join(dir, config.files.vocab), "utf8"), wordPieceOptions(config.tokenizer));
  const modelPath = path.join(dir, config.files.model);
  const base: ort.InferenceSession.SessionOptions = { intraOpNumThreads: threads, interOpNumThreads: 1, graphOptimizationLevel: "all" };
  if (provider === "cuda") {
    try {
      const session = await ort.InferenceSession.create(modelPath, { ...base, executionProviders: ["cuda", "cpu"] });
      return { name, dir, config, tokenizer, session, provider: "cuda" };
    } catch (e) {
      console.warn(
        `[snippet-lab] CUDA execution provider unavailable for model ${name} (${(e as Error).message.split("\n")[0]}); falling back to CPU`,
      );
    }
  }
  try {
    const session = await ort.InferenceSession.create(modelPath, { ...base, executionProviders: ["cpu"] });
    return { name, dir, config, tokenizer, session, provider: "cpu" };
  } catch (e) {
    throw new AppError("UNAVAILABLE", `cannot load model ${name} from ${modelPath}: ${(e as Error).message}`);
  }
}
