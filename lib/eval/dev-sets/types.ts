import type { Split } from "../../data/split-by-group";
import type { EvalExample } from "../../data/types";
import type { DevSetName } from "./names";

/**
 * The project's own evaluation sets, built from `../shared/data` for one split (val: every choice is made on it;
 * report: the figures in the model card, never used for a choice). Each set mirrors one kind of data the project
 * is judged on; `setting` says how it is scored.
 */
export interface DevSet {
  name: string;
  /** What kind of held-out data it stands for. */
  kind: string;
  examples: EvalExample[];
  setting: { ratio?: number; budget?: number; useModelThreshold?: boolean };
  /** The headline measure: evidenceRecall, answerKept, or charF1 (real pages). */
  measure: "evidenceRecall" | "answerKept" | "pages";
}

export interface BuildDevSetsOptions {
  dataDir: string;
  split: Exclude<Split, "train">;
  names?: readonly DevSetName[];
  /** Cap on queries per set (sets are sampled deterministically). */
  maxQueries?: number;
  seed?: number;
}
