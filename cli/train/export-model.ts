import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { SelectionProfile } from "../../lib/engine/profile";
import { newModelConfig, type ServedReading, type TrainInfo } from "./new-model-config";
import type { TrainValues } from "./options";
import { runStep } from "./run-step";

/**
 * One trained role exported into models/<name>: temperature scaling on the validation windows, ONNX export (int8
 * MatMul weights for the student), parity fixtures, the vocabulary, and config.json through the one validated writer.
 * Prints the ONNX-against-PyTorch tolerance on the parity windows.
 */
export async function exportModel(o: {
  role: "student" | "teacher";
  name: string;
  modelName: string;
  quantize: boolean;
  values: TrainValues;
  /** WORK/data: vocab.txt, train/meta.json, val/, parity-examples.json. */
  data: string;
  reading: ServedReading;
  profile: SelectionProfile;
  base: string | undefined;
}): Promise<void> {
  const { role, name, values, data } = o;
  const py = (script: string) => path.join("models", "training", script);
  const work = values.work;
  const ckpt = path.join(work, role, "model.pt");
  const dir = path.join("models", name);
  mkdirSync(dir, { recursive: true });
  const tempFile = path.join(work, `${role}-temperature.json`);
  runStep(values.python, [py("train.py"), "temperature", "--ckpt", ckpt, "--val", path.join(data, "val"), "--out", tempFile]);
  const temperature = (JSON.parse(readFileSync(tempFile, "utf8")) as { temperature: number }).temperature;
  const fp32 = path.join(work, `${role}.onnx`);
  runStep(values.python, [py("train.py"), "export", "--ckpt", ckpt, "--out", fp32, "--temperature", String(temperature)]);
  if (o.quantize) runStep(values.python, [py("quantize.py"), fp32, path.join(dir, "model.onnx")]);
  else copyFileSync(fp32, path.join(dir, "model.onnx"));
  runStep(values.python, [
    py("parity.py"),
    "--ckpt",
    ckpt,
    "--examples",
    path.join(data, "parity-examples.json"),
    "--out",
    path.join(dir, "parity.json"),
    "--temperature",
    String(temperature),
  ]);
  writeFileSync(path.join(dir, "vocab.txt"), readFileSync(path.join(data, "vocab.txt"), "utf8"));
  const info = JSON.parse(readFileSync(path.join(work, role, "train.json"), "utf8")) as TrainInfo;
  // A student continued on its own (train.py teacher --init <student>) has no teacher run beside it.
  const teacherFile = path.join(work, "teacher", "train.json");
  const teacherInfo = existsSync(teacherFile) ? (JSON.parse(readFileSync(teacherFile, "utf8")) as TrainInfo) : info;
  const trainMeta = JSON.parse(readFileSync(path.join(data, "train", "meta.json"), "utf8")) as Record<string, unknown>;
  const { writeModelConfig } = await import("../../lib/server/model/update-model-profile");
  writeModelConfig(dir, newModelConfig({ ...o, trainMeta, info, teacherInfo, temperature }));
  const { measureParityTolerance } = await import("../commands/measure-parity-tolerance");
  const tol = await measureParityTolerance(name);
  console.log(`${role} written to ${dir}; ONNX vs PyTorch on the parity windows: max ${tol.max.toExponential(2)}, mean ${tol.mean.toExponential(2)}`);
}
