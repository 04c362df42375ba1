import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { WordPieceTokenizer } from "../../tokenizer/wordpiece";
import { splitOfGroup } from "../split-by-group";
import type { SectionMode } from "../../features/compute-token-features";
import { labelExampleWindows } from "./label-example-windows";
import { pickParityExamples } from "./pick-parity-examples";
import { readGoldFile } from "./read-gold-file";
import type { TrainingExample } from "./types";
import { WindowSetWriter } from "./write-window-set";

export interface BuildGoldTrainingSetOptions {
  gold: readonly string[];
  /** The vocabulary of the model being fine-tuned. */
  vocabFile: string;
  outDir: string;
  window: number;
  /** Share of pairs held out for validation (checkpoint choice). */
  valShare?: number;
  /** Section-mode features, as the model being fine-tuned is served (its config's `features.sections`). */
  sections?: SectionMode;
  /** As the model being fine-tuned is served (its config's `tokenizer.spelledWordsAsUnknown`). */
  spelledWordsAsUnknown?: boolean;
  /** As the model being fine-tuned is served (its config's `tokenizer.traditionalAsSimplified`). */
  traditionalAsSimplified?: boolean;
  log: (message: string) => void;
}

/**
 * Training windows from the app's gold JSONL exports alone (fine-tuning a shipped model where the public data is
 * not available): pairs split by id into training and validation, tokenized with the model's own vocabulary.
 */
export function buildGoldTrainingSet(opts: BuildGoldTrainingSetOptions) {
  const vocabText = readFileSync(opts.vocabFile, "utf8");
  const spelledWordsAsUnknown = opts.spelledWordsAsUnknown ?? false;
  const traditionalAsSimplified = opts.traditionalAsSimplified ?? false;
  const tokenizer = WordPieceTokenizer.fromVocabText(vocabText, { stripAccents: false, spelledWordsAsUnknown, traditionalAsSimplified });
  const examples: TrainingExample[] = [];
  for (const file of opts.gold) {
    const { records, examples: ex } = readGoldFile(file);
    ex.forEach((e, i) => (e.source = `gold:${records.find((r) => r.query === e.query)?.pairId ?? i}`));
    examples.push(...ex);
  }
  if (examples.length < 2) throw new Error("gold exports hold fewer than 2 pairs: nothing to fine-tune on");
  const valShare = opts.valShare ?? 0.1;
  const parts: Record<"train" | "val", TrainingExample[]> = { train: [], val: [] };
  for (const ex of examples) parts[splitOfGroup(ex.source, { valShare, reportShare: 0, seed: 13 }) === "val" ? "val" : "train"].push(ex);
  // Tiny exports: keep at least one pair on each side.
  if (parts.val.length === 0) parts.val.push(parts.train.pop()!);
  if (parts.train.length === 0) parts.train.push(parts.val.pop()!);
  mkdirSync(opts.outDir, { recursive: true });
  writeFileSync(path.join(opts.outDir, "vocab.txt"), vocabText);
  const summary: Record<string, unknown> = {};
  for (const part of ["train", "val"] as const) {
    const writer = new WindowSetWriter(path.join(opts.outDir, part));
    for (const ex of parts[part])
      for (const w of labelExampleWindows({ example: ex, tokenizer, maxLength: opts.window, sections: opts.sections ?? false }))
        writer.add(w, "gold");
    writer.close({
      split: part,
      window: opts.window,
      examples: parts[part].length,
      tokenizer: {
        vocabSize: tokenizer.vocabSize,
        stripAccents: false,
        spelledWordsAsUnknown,
        ...(traditionalAsSimplified ? { traditionalAsSimplified } : {}),
      },
      featureSections: opts.sections ?? false,
      sources: { gold: opts.gold.map((g) => path.basename(g)) },
    });
    opts.log(`${part}: ${parts[part].length} gold pairs → ${writer.stats.windows} windows`);
    summary[part] = { pairs: parts[part].length, ...writer.stats };
  }
  const forParity = parts.val.map((e) => ({ ...e, source: "gold" }));
  writeFileSync(
    path.join(opts.outDir, "parity-examples.json"),
    JSON.stringify(pickParityExamples({ examples: forParity, tokenizer, window: opts.window, sections: opts.sections ?? false })),
  );
  return summary;
}
