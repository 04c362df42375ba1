import path from "node:path";
import type { SelectionProfile } from "../../lib/engine/profile";
import type { SectionMode } from "../../lib/features/section-mode";
import type { TrainValues } from "./options";

/** What train.py writes beside a checkpoint (train.json). */
export interface TrainInfo {
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

/** How the exported model reads its inputs and is served, as train decided it from the flags and the base model. */
export interface ServedReading {
  spelledAsUnknown: boolean;
  /** The section mode served when the windows had none. */
  serveSections: SectionMode;
  serveSectionWindows: boolean;
  serveEntryTitles: boolean;
}

/** The licences of the answer-sentence sources and the Ukrainian text, when the windows were built with them. */
function answerSentenceLicences(meta: Record<string, unknown>): string {
  const sources = meta.sources as { answerSentences?: string[]; ukrainian?: string } | undefined;
  if (!sources?.answerSentences?.length) return "";
  return `; ${sources.answerSentences.join("; ")}${sources.ukrainian ? `; ${sources.ukrainian}` : ""}`;
}

/**
 * A new model's config.json (written by writeModelConfig): its reader as the windows were built (train-data's
 * meta.json), its profile (newModelProfile, lib/model/serving-recipe.ts), its architecture and how it was trained.
 */
export function newModelConfig(o: {
  role: "student" | "teacher";
  name: string;
  /** The student's name (the teacher is `<modelName>-teacher`). */
  modelName: string;
  quantize: boolean;
  values: TrainValues;
  trainMeta: Record<string, unknown>;
  info: TrainInfo;
  teacherInfo: TrainInfo;
  temperature: number;
  reading: ServedReading;
  profile: SelectionProfile;
  /** A fine-tune: its base model's name. */
  base: string | undefined;
}): Record<string, unknown> {
  const { role, name, modelName, quantize, values, trainMeta, info, teacherInfo, reading, base } = o;
  const own = role === "student" ? info : teacherInfo;
  // The architecture as trained (older train.json files: from the teacher's arguments).
  const arch = own.cfg ?? {
    layers: Number(teacherInfo.args.layers),
    d: Number(teacherInfo.args.d),
    heads: Number(teacherInfo.args.heads),
    ffn: Number(teacherInfo.args.ffn),
  };
  const layers = arch.layers;
  return {
    name,
    description:
      role === "student"
        ? `${layers}-layer student pruned from ${modelName}-teacher (layers ${values.keep}) and distilled; keep probabilities and six categories; int8 weights`
        : `${layers}-layer teacher: keep probabilities (token BCE) and six categories; page-structure and result-set features`,
    reader: {
      files: { model: "model.onnx", vocab: "vocab.txt" },
      tokenizer: {
        type: "wordpiece",
        lowercase: true,
        stripAccents: false,
        spelledWordsAsUnknown: reading.spelledAsUnknown,
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
        ...(trainMeta.featureSections || reading.serveSections
          ? { sections: (trainMeta.featureSections as SectionMode | undefined) || reading.serveSections }
          : {}),
        ...(reading.serveSectionWindows ? { sectionWindows: true } : {}),
        ...(reading.serveEntryTitles ? { entryTitles: true } : {}),
      },
      window: Number(trainMeta.window ?? 512),
      overlap: 128,
      maxQueryTokens: 64,
    },
    // Both roles serve the same similarity stage and cut, so a comparison of the two compares their weights; the
    // threshold is replaced by `snippet-lab calibrate --write` (a fine-tune keeps its base's).
    profile: o.profile,
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
      temperature: o.temperature,
      data: info.data,
      ...(base ? { fineTunedFrom: role === "student" ? base : `${base}-teacher`, gold: values.gold.map((g) => path.basename(g)) } : {}),
      ...(!base && values.gold.length ? { gold: values.gold.map((g) => path.basename(g)) } : {}),
      ...(values.qa.length ? { extraQa: values.qa.map((f) => path.basename(f)) } : {}),
      ...(values.hotpot.length ? { extraHotpot: values.hotpot.map((f) => path.basename(f)) } : {}),
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
      (values.qa.length || values.hotpot.length ? "; and the extra files in training.extraQa / training.extraHotpot, under their own licences" : ""),
    ...(base
      ? {
          // No public data to calibrate on: the base model's choices are kept (newModelProfile), and the config says so.
          calibration: {
            inheritedFrom: role === "student" ? base : `${base}-teacher`,
            note: "fine-tuned on gold without --data: threshold and floors not recalibrated",
          },
        }
      : {}),
  };
}
