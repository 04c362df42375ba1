import type { CliCommand } from "../types";

export interface CommandEntry {
  name: string;
  summary: string;
  /** Loaded on use: `--help` and one command should not pay for every command's modules. */
  load(): Promise<CliCommand>;
}

/** Every CLI command, in the order `snippet-lab --help` lists them. */
export const commands: CommandEntry[] = [
  { name: "compress", summary: "compress pages for a query (same engine as POST /api/v1/compress)", load: async () => (await import("./compress")).command },
  { name: "eval", summary: "evidence recall / tokens of methods on SQuAD, HotpotQA or JSONL data", load: async () => (await import("./eval")).command },
  { name: "eval-all", summary: "every dev set built from the public data, every method: the model card's tables", load: async () => (await import("./eval-all")).command },
  { name: "calibrate", summary: "choose a model's default threshold on the validation split and report its calibration", load: async () => (await import("./calibrate")).command },
  { name: "bench", summary: "model latency per 512-token window (p50/p99 at batch 1 and 8), windows/s, memory", load: async () => (await import("./bench")).command },
  { name: "bench-import", summary: "dataset import/export throughput and peak memory on a temporary database", load: async () => (await import("./bench-import")).command },
  { name: "train", summary: "reproduce the default model (data, teacher, pruned+distilled student, ONNX)", load: async () => (await import("./train")).command },
  { name: "train-data", summary: "build tokenized training windows from SQuAD, HotpotQA and real boilerplate", load: async () => (await import("./train-data")).command },
  { name: "users", summary: "list, create, disable/enable, change roles and reset passwords of accounts (admin recovery)", load: async () => (await import("./users")).command },
  { name: "judge", summary: "pre-label pairs with an LLM judge (OpenAI-compatible server) as judge suggestions", load: async () => (await import("./judge")).command },
];
