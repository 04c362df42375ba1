import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { bertVocabFromNpm } from "../../lib/tokenizer/load-vocab";
import type { CliCommand } from "../types";
import { command as trainData } from "./train-data";

const usage = `snippet-lab train --data DIR [--name NAME] [--work DIR] [options]

Reproduces the default model on this machine (2 CPU cores are enough; Debian python3-torch, python3-onnx):
  1. train-data: tokenized windows from DIR/squad-v1.1-dev.json, DIR/hotpotqa-distractor-{train,dev}.json
     and DIR/readability-pages (real boilerplate)
  2. teacher: a 4-layer d128 encoder, token-level BCE
  3. student: layers 0 and 3 of the teacher (layer pruning), distilled with BCE + soft cross-entropy
  4. ONNX export (opset 17, int8 token embedding), int8 MatMul quantization, parity fixture
  5. models/NAME (student) and models/NAME-teacher: model.onnx, vocab.txt, config.json

  --data DIR              folder with the public data (e.g. ../shared/data)
  --name NAME             model name (default snippet-mini)
  --work DIR              scratch folder (default models/training/work)
  --python PATH           python with torch and onnx (default /usr/bin/python3)
  --teacher-minutes N     time cap of the teacher (default 30)
  --student-minutes N     time cap of the student (default 14)
  --alpha A               weight of the distillation term (default 0.5)
  --keep L,L              teacher layers kept by the student (default 0,3)
  --skip-data             reuse WORK/data
  --skip-teacher          reuse WORK/teacher/model.pt`;

function run(cmd: string, args: string[]): void {
  console.log(`$ ${cmd} ${args.join(" ")}`);
  const r = spawnSync(cmd, args, { stdio: "inherit" });
  if (r.status !== 0) throw new Error(`${path.basename(cmd)} ${args[0] ?? ""} failed with exit code ${r.status}`);
}

function readTeacherArgs(work: string): Record<string, unknown> {
  return (JSON.parse(readFileSync(path.join(work, "teacher", "train.json"), "utf8")) as { args: Record<string, unknown> }).args;
}

export const command: CliCommand = {
  name: "train",
  summary: "reproduce the default model: training data, teacher, pruned+distilled student, ONNX export",
  usage,
  async run(argv) {
    const { values } = parseArgs({
      args: argv,
      options: {
        data: { type: "string" },
        name: { type: "string", default: "snippet-mini" },
        work: { type: "string", default: "models/training/work" },
        python: { type: "string", default: "/usr/bin/python3" },
        "teacher-minutes": { type: "string", default: "30" },
        "student-minutes": { type: "string", default: "14" },
        alpha: { type: "string", default: "0.5" },
        keep: { type: "string", default: "0,3" },
        "skip-data": { type: "boolean", default: false },
        "skip-teacher": { type: "boolean", default: false },
        help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) {
      console.log(usage);
      return 0;
    }
    if (!values.data) {
      console.error("train: --data DIR is required\n\n" + usage);
      return 2;
    }
    if (!existsSync(values.python)) {
      console.error(`train: ${values.python} not found; install Debian's python3-torch python3-onnx python3-numpy libopenblas0-openmp`);
      return 2;
    }
    const work = values.work;
    const data = path.join(work, "data");
    const py = (script: string) => path.join("models", "training", script);
    if (!values["skip-data"]) {
      const code = await trainData.run([
        "--squad", path.join(values.data, "squad-v1.1-dev.json"),
        "--hotpot", path.join(values.data, "hotpotqa-distractor-train.json"),
        "--hotpot-dev", path.join(values.data, "hotpotqa-distractor-dev.json"),
        "--readability", path.join(values.data, "readability-pages"),
        "--out", data,
      ]);
      if (code !== 0) return code;
    }
    const common = ["--data", path.join(data, "train"), "--dev", path.join(data, "dev")];
    if (!values["skip-teacher"]) {
      run(values.python, [py("train.py"), "teacher", ...common, "--out", path.join(work, "teacher"), "--layers", "4", "--d", "128",
        "--heads", "4", "--ffn", "512", "--epochs", "2", "--max-minutes", values["teacher-minutes"], "--lr", "3e-4"]);
    }
    run(values.python, [py("train.py"), "student", ...common, "--teacher", path.join(work, "teacher", "model.pt"), "--out",
      path.join(work, "student"), "--keep", values.keep, "--alpha", values.alpha, "--epochs", "1", "--max-minutes",
      values["student-minutes"], "--lr", "3e-4"]);

    const vocab = bertVocabFromNpm().join("\n") + "\n";
    for (const [role, ckpt, name, quantize] of [
      ["student", path.join(work, "student", "model.pt"), values.name, true],
      ["teacher", path.join(work, "teacher", "model.pt"), `${values.name}-teacher`, false],
    ] as const) {
      const dir = path.join("models", name);
      mkdirSync(dir, { recursive: true });
      const fp32 = path.join(work, `${role}.onnx`);
      run(values.python, [py("train.py"), "export", "--ckpt", ckpt, "--out", fp32]);
      if (quantize) run(values.python, [py("quantize.py"), fp32, path.join(dir, "model.onnx")]);
      else copyFileSync(fp32, path.join(dir, "model.onnx"));
      run(values.python, [py("parity.py"), "--ckpt", ckpt, "--dev", path.join(data, "dev"), "--out", path.join(dir, "parity.json")]);
      writeFileSync(path.join(dir, "vocab.txt"), vocab);
      const info = JSON.parse(readFileSync(path.join(work, role, "train.json"), "utf8")) as {
        args: Record<string, unknown>;
        best: Record<string, unknown>;
        steps: number;
        minutes: number;
        keep?: number[];
        alpha?: number;
        data: Record<string, unknown>;
      };
      const teacherArgs = role === "student" ? readTeacherArgs(work) : info.args;
      const config = {
        name,
        description:
          role === "student"
            ? `${values.keep.split(",").length}-layer student pruned from ${values.name}-teacher (layers ${values.keep}) and distilled; int8 weights`
            : "4-layer teacher trained with token-level BCE",
        files: { model: "model.onnx", vocab: "vocab.txt" },
        tokenizer: { type: "wordpiece", lowercase: true },
        io: { inputIds: "input_ids", attentionMask: "attention_mask", tokenTypeIds: "token_type_ids", output: "probs", outputKind: "probs" },
        typeIds: "query-match-bm25",
        window: 512,
        overlap: 128,
        maxQueryTokens: 64,
        aggregation: "mean",
        // Replaced by the calibrated value (see MODEL_CARD.md); 0.5 until then.
        threshold: 0.5,
        architecture: {
          layers: role === "student" ? values.keep.split(",").length : teacherArgs.layers,
          d: teacherArgs.d,
          heads: teacherArgs.heads,
          ffn: teacherArgs.ffn,
          maxPositions: 512,
          typeVocab: 13,
          quantization: quantize ? "int8 MatMul weights + int8 token embedding" : "int8 token embedding",
        },
        training: { steps: info.steps, minutes: info.minutes, bestDev: info.best, keep: info.keep, alpha: info.alpha, data: info.data },
        license: "Apache-2.0 (code and weights); trained on SQuAD v1.1 and HotpotQA (CC BY-SA 4.0) and boilerplate from Mozilla Readability test pages",
      };
      writeFileSync(path.join(dir, "config.json"), JSON.stringify(config, null, 2) + "\n");
      console.log(`${role} written to ${dir}; calibrate its threshold with 'snippet-lab eval --thresholds' (see MODEL_CARD.md)`);
    }
    return 0;
  },
};
