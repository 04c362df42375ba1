import { loadSquad2, loadUaSquad, splitExamples, SPLITS } from "../../data/load-shared-data";
import { hash, type Split } from "../../data/split-by-group";
import type { EvalExample } from "../../data/types";
import type { DevSet } from "./types";
import { sampleExamples } from "./claim-sets";

export interface BuildSquadExtraOptions {
  dataDir: string;
  split: Split;
  /** SQuAD v1.1 dev, read: UA-SQuAD's articles are grouped by theirs (the same titles; ids checked). */
  squadEn?: readonly EvalExample[];
  maxQueries?: number;
  seed?: number;
}

/**
 * SQuAD 2.0's adversarial unanswerable questions (written to look answerable by their paragraph) over that paragraph,
 * with the answerable questions of the same articles beside them: half and half up to the cap. Scored at the
 * model's default threshold with no budget: the headline is "kept nothing" on the unanswerable ones, evidence
 * recall on the rest; eval-all adds the curve of both over thresholds.
 */
export async function buildSquad2UnanswerableSet(opts: BuildSquadExtraOptions): Promise<DevSet> {
  const list = splitExamples(await loadSquad2(opts.dataDir), SPLITS.squad)[opts.split];
  const seed = hash("unanswerable-squad2", opts.seed ?? 99);
  const half = opts.maxQueries === undefined ? undefined : Math.ceil(opts.maxQueries / 2);
  const unanswerable = sampleExamples(
    list.filter((e) => e.evidence.length === 0),
    half,
    seed,
  );
  const answerable = sampleExamples(
    list.filter((e) => e.evidence.length > 0),
    half,
    seed + 1,
  );
  return {
    name: "unanswerable-squad2",
    kind: "SQuAD 2.0 questions over their own paragraph, half written to look answerable but not (keep nothing), default threshold, no budget",
    examples: [...unanswerable, ...answerable].map((e) => ({ ...e, id: `${e.id}:${e.evidence.length ? "answerable" : "unanswerable"}` })),
    setting: { useModelThreshold: true, budget: 1_000_000 },
    measure: "evidenceRecall",
  };
}

/** UA-SQuAD's Ukrainian questions over their paragraph, split by article with SQuAD v1.1 dev; recall at 40% of tokens. */
export async function buildUkSquadSet(opts: BuildSquadExtraOptions): Promise<DevSet> {
  const list = splitExamples(await loadUaSquad(opts.dataDir, opts.squadEn ?? []), SPLITS.squad)[opts.split];
  return {
    name: "uk-squad",
    kind: "Ukrainian reading comprehension (UA-SQuAD, post-edited translation of SQuAD dev paragraphs): answer sentence in one paragraph",
    // Read as Ukrainian (sentence segmentation, the per-language figures).
    examples: sampleExamples(
      list.filter((e) => e.evidence.length > 0),
      opts.maxQueries,
      hash("uk-squad", opts.seed ?? 99),
    ).map((e) => ({ ...e, results: e.results.map((r) => ({ ...r, locale: "uk" })) })),
    setting: { ratio: 0.4 },
    measure: "evidenceRecall",
  };
}
