import type { LabeledDoc } from "./page-builder";

/** One training query with its labeled result set (keep = vital; every character has a category or none). */
export interface TrainingExample {
  query: string;
  docs: LabeledDoc[];
  /** Where it came from ("squad-en:page", "hotpot", "real:title", …), for statistics and sampling. */
  source: string;
  /** Sentence segmentation locale (en, it, zh…). */
  locale?: string;
}
