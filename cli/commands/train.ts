import { existsSync } from "node:fs";
import path from "node:path";
import type { SectionMode } from "../../lib/features/section-mode";
import { newModelProfile } from "../../lib/model/serving-recipe";
import { AppError } from "../../lib/errors";
import { defineCommand } from "../define-command";
import { exportModel } from "../train/export-model";
import { checkTrainOptions, TRAIN_OPTIONS } from "../train/options";
import { runStep } from "../train/run-step";
import { usage } from "../train/usage";
import { tuneSentenceEncoder } from "./tune-encoder-step";

export const command = defineCommand({
  name: "train",
  summary: "reproduce the default model (data, teacher, pruned+distilled student, ONNX, calibration)",
  usage,
  options: TRAIN_OPTIONS,
  async run({ values }) {
    // Checked before any training step: a typo must not cost hours.
    const { roles, trainSections, serveArg, fineTune } = checkTrainOptions(values);
    const { "lexical-dropout": lexicalDropout, "teacher-mlm-weight": mlmWeight } = values;
    const { defaultModelName, readModelConfig } = await import("../../lib/server/model/list-models");
    const base = values.base ?? (fineTune ? defaultModelName() : undefined);
    const modelName = values.name ?? (base ? `${base}-gold` : "snippet-lab");
    const baseDir = base ? readModelConfig(base).dir : undefined;
    if (fineTune && (!baseDir || !existsSync(path.join(`${baseDir}-teacher`, "model.onnx")))) {
      throw new AppError(
        "BAD_REQUEST",
        `fine-tuning needs models/${base}/ and models/${base}-teacher/ (the teacher is fine-tuned first, then the student distilled from it)`,
      );
    }
    // A fine-tuned model reads and is served as its base is unless told otherwise.
    const baseReader = fineTune ? readModelConfig(base!).config.reader : undefined;
    const serveSections: SectionMode = serveArg ?? (baseReader ? (baseReader.features?.sections ?? false) : "plain");
    // Serving "plain" scores a plain document as the result set of its sections (features.sectionWindows).
    const serveSectionWindows = serveArg === undefined && baseReader ? baseReader.features?.sectionWindows === true : serveSections === "plain";
    // With section windows, a document of entries is scored as its entries, titled by their names (chosen on validation).
    const serveEntryTitles = serveSectionWindows && (baseReader ? baseReader.features?.entryTitles === true : true);
    // Words of a script the vocabulary covers only by letters are served as one [UNK] each (chosen on validation);
    // a fine-tuned model follows its base, and its gold windows are tokenized the same way.
    const spelledAsUnknown = baseReader ? baseReader.tokenizer.spelledWordsAsUnknown : true;
    // Traditional Chinese read as simplified where the vocabulary lacks it: asked for, or a fine-tune's base's.
    const traditionalAsSimplified = baseReader ? baseReader.tokenizer.traditionalAsSimplified : values["traditional-as-simplified"];
    if (!existsSync(values.python)) {
      throw new AppError("BAD_REQUEST", `${values.python} not found; install Debian's python3-torch python3-onnx python3-numpy libopenblas0-openmp`);
    }
    const t0 = Date.now();
    const work = values.work;
    const data = path.join(work, "data");
    const py = (script: string) => path.join("models", "training", script);
    if (!values["skip-data"]) {
      // train-data's refusals are thrown through (usage errors of train's own flags).
      const { command: trainData } = await import("./train-data");
      const source = fineTune ? ["--vocab", path.join(baseDir!, "vocab.txt")] : ["--data", values.data!];
      // A fine-tuned model is served as its base is: the same section mode in its windows.
      const sections = baseReader ? (baseReader.features?.sections ?? false) : trainSections;
      const code = await trainData.run([
        ...source,
        "--out",
        data,
        ...values.gold.flatMap((g) => ["--gold", g]),
        ...values.qa.flatMap((f) => ["--qa", f]),
        ...values.hotpot.flatMap((f) => ["--hotpot", f]),
        ...(sections ? ["--sections", sections === true ? "all" : sections] : []),
        ...(fineTune && spelledAsUnknown ? ["--spelled-as-unknown"] : []),
        ...(values["core-only"] && !fineTune ? ["--core-only"] : []),
        ...(values["article-chrome"] !== undefined ? ["--article-chrome", String(values["article-chrome"])] : []),
        ...(values["topical-unanswerable"] !== undefined ? ["--topical-unanswerable", String(values["topical-unanswerable"])] : []),
        ...(values["search-passages"] !== undefined ? ["--search-passages", String(values["search-passages"])] : []),
        ...(values.vocab && !fineTune ? ["--vocab", values.vocab] : []),
        ...(values["extend-cyrillic"] !== undefined ? ["--extend-cyrillic", String(values["extend-cyrillic"])] : []),
        ...(traditionalAsSimplified ? ["--traditional-as-simplified"] : []),
      ]);
      if (code !== 0) return code;
    }
    const common = [
      "--data",
      path.join(data, "train"),
      "--val",
      path.join(data, "val"),
      ...(lexicalDropout > 0 ? ["--lexical-dropout", String(lexicalDropout)] : []),
    ];
    const d = values.d;
    // Fine-tuning: few steps at a low learning rate from the shipped weights (read back from their ONNX files).
    const teacherInit = values["init-teacher"] ?? (fineTune ? path.join(`${baseDir}-teacher`, "model.onnx") : undefined);
    const teacherSteps = values["teacher-steps"] ?? (fineTune ? 300 : 4500);
    const studentSteps = values["student-steps"] ?? (fineTune ? 300 : 2500);
    if (!values["skip-teacher"]) {
      runStep(values.python, [
        py("train.py"),
        "teacher",
        ...common,
        "--out",
        path.join(work, "teacher"),
        "--layers",
        String(values.layers),
        "--d",
        String(d),
        "--heads",
        "4",
        "--ffn",
        String(4 * d),
        "--steps",
        String(teacherSteps),
        "--lr",
        values["teacher-lr"] !== undefined ? String(values["teacher-lr"]) : fineTune ? "1e-4" : "5e-4",
        "--resume",
        ...(fineTune ? ["--eval-every", "100", "--save-every", "100"] : []),
        ...(teacherInit ? ["--init", teacherInit] : []),
        ...(mlmWeight > 0 ? ["--mlm-weight", String(mlmWeight)] : []),
      ]);
    }
    if (!values["skip-student"]) {
      runStep(values.python, [
        py("train.py"),
        "student",
        ...common,
        "--teacher",
        path.join(work, "teacher", "model.pt"),
        "--out",
        path.join(work, "student"),
        "--keep",
        values.keep,
        "--alpha",
        String(values.alpha),
        "--steps",
        String(studentSteps),
        "--lr",
        fineTune ? "1e-4" : "3e-4",
        "--resume",
        ...(fineTune ? ["--eval-every", "100", "--save-every", "100", "--init", path.join(baseDir!, "model.onnx")] : []),
      ]);
    }

    // The passage tier's encoder, before the configs that read it are calibrated (a fine-tune keeps its base's).
    if (!fineTune && roles.has("student")) {
      const encoderDir = path.join("models", values.encoder);
      if (!values["skip-encoder"]) {
        tuneSentenceEncoder({
          data: values.data!,
          work: path.join(work, "encoder"),
          python: values.python,
          out: encoderDir,
          src: values["encoder-src"],
          run: runStep,
        });
      }
    }
    const written: string[] = [];
    const exported = (
      [
        ["student", modelName, true],
        ["teacher", `${modelName}-teacher`, false],
      ] as const
    ).filter(([role]) => roles.has(role));
    const recipeBase = fineTune ? { name: base!, readProfile: (name: string) => readModelConfig(name).config.profile } : undefined;
    for (const [role, name, quantize] of exported) {
      await exportModel({
        role,
        name,
        modelName,
        quantize,
        values,
        data,
        reading: { spelledAsUnknown, serveSections, serveSectionWindows, serveEntryTitles },
        // One recipe for both roles (the similarity stage, the cut, the focus weight): the shipped one, or a fine-tune's base's.
        profile: newModelProfile({ role, encoder: values.encoder, base: recipeBase }),
        base: fineTune ? base : undefined,
      });
      written.push(name);
    }
    if (!fineTune) {
      // Each writes its patch of the profile through updateModelProfile.
      const { command: calibrate } = await import("./calibrate");
      for (const name of written) {
        const code = await calibrate.run(["--model", name, "--data", values.data!, "--write"]);
        if (code !== 0) return code;
      }
      const { command: fitSearchRerank } = await import("./fit-search-rerank");
      for (const name of written) {
        const code = await fitSearchRerank.run(["--model", name, "--data", values.data!, "--write"]);
        if (code !== 0) return code;
      }
      const { command: fitAnswerGate } = await import("./fit-answer-gate");
      for (const name of written) {
        const code = await fitAnswerGate.run(["--model", name, "--data", values.data!, "--write"]);
        if (code !== 0) return code;
      }
    }
    console.log(`train: done in ${((Date.now() - t0) / 60000).toFixed(1)} min; models ${written.join(", ")}.`);
    return 0;
  },
});
