import { existsSync } from "node:fs";
import path from "node:path";
import { AppError } from "../../lib/errors";
import { parseSectionMode, type SectionMode } from "../../lib/features/section-mode";
import type { CommandOptions, OptionValues } from "../define-command";

const SECTION_MODES = ["all", "plain", "off"] as const;
/** A share of the pages or queries (train-data's own flag; passed on only when given). */
const SHARE = { type: "number", min: 0, max: 1 } as const;

/**
 * `snippet-lab train`'s flags. The numbers later steps read (train-data, train.py) are checked here, with the rest
 * of checkTrainOptions, before any step: a typo would otherwise surface only when that step starts, maybe hours in.
 */
export const TRAIN_OPTIONS = {
  data: { type: "string" },
  gold: { type: "string", multiple: true },
  qa: { type: "string", multiple: true },
  hotpot: { type: "string", multiple: true },
  base: { type: "string" },
  name: { type: "string" },
  work: { type: "string", default: "models/training/work" },
  python: { type: "string", default: "/usr/bin/python3" },
  // No default: 4500 and 2500, or 300 each when fine-tuning (train.ts).
  "teacher-steps": { type: "number", integer: true, min: 1 },
  "student-steps": { type: "number", integer: true, min: 1 },
  layers: { type: "number", integer: true, min: 1, default: 4 },
  d: { type: "number", integer: true, min: 8, default: 192 },
  keep: { type: "string", default: "0,3" },
  alpha: { type: "number", min: 0, max: 1, default: 0.5 },
  "init-teacher": { type: "string" },
  "skip-data": { type: "boolean" },
  encoder: { type: "string", default: "sentence-encoder-tuned" },
  "encoder-src": { type: "string" },
  "skip-encoder": { type: "boolean" },
  "core-only": { type: "boolean" },
  "article-chrome": SHARE,
  "topical-unanswerable": SHARE,
  "search-passages": SHARE,
  vocab: { type: "string" },
  "extend-cyrillic": { type: "number", integer: true, min: 0 },
  "traditional-as-simplified": { type: "boolean" },
  "lexical-dropout": { type: "number", min: 0, max: 1, belowMax: true, default: 0 },
  "teacher-lr": { type: "number", min: 0, aboveMin: true },
  "teacher-mlm-weight": { type: "number", min: 0, max: 10, default: 0 },
  sections: { type: "choice", choices: SECTION_MODES },
  "serve-sections": { type: "choice", choices: SECTION_MODES },
  "skip-teacher": { type: "boolean" },
  "skip-student": { type: "boolean" },
  export: { type: "string", default: "student,teacher" },
} as const satisfies CommandOptions;

export type TrainValues = OptionValues<typeof TRAIN_OPTIONS>;

/** What the checks read off the flags for the steps. */
export interface CheckedTrainOptions {
  roles: Set<string>;
  trainSections: SectionMode;
  /** --serve-sections when given. */
  serveArg: SectionMode | undefined;
  /** No --data: the shipped --base model fine-tuned on --gold. */
  fineTune: boolean;
}

/**
 * The flags checked together before any training step (a typo must not cost hours; each flag's own range is checked
 * as it is parsed): the options the steps read. A refusal is a usage error (BAD_REQUEST).
 */
export function checkTrainOptions(values: TrainValues): CheckedTrainOptions {
  const refuse = (message: string) => new AppError("BAD_REQUEST", message);
  const roles = new Set(values.export.split(","));
  if (roles.size === 0 || [...roles].some((r) => r !== "student" && r !== "teacher"))
    throw refuse(`--export takes student, teacher or student,teacher (got "${values.export}")`);
  const trainSections = parseSectionMode(values.sections)!;
  const serveArg = values["serve-sections"] === undefined ? undefined : parseSectionMode(values["serve-sections"]);
  const fineTune = !values.data;
  if (fineTune && (values.qa.length || values.hotpot.length))
    throw refuse("--qa and --hotpot need --data: extra files are checked against its validation and report splits");
  if (values["extend-cyrillic"] !== undefined && !values.vocab) throw refuse("--extend-cyrillic needs --vocab (it extends a given vocabulary)");
  if (fineTune && (values["article-chrome"] !== undefined || values.vocab !== undefined))
    throw refuse("--article-chrome and --vocab need --data (fine-tuning keeps the base model's pages and vocabulary)");
  if (values["skip-encoder"] && !existsSync(path.join("models", values.encoder, "encoder.json")))
    throw refuse(`--skip-encoder reuses models/${values.encoder}, which has no encoder.json`);
  if (fineTune && !values.gold.length) throw refuse("--data DIR (or --gold FILE to fine-tune a shipped model) is required");
  return { roles, trainSections, serveArg, fineTune };
}
