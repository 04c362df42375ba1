import { loadCitint, loadFever, loadWice } from "../../data/load-claim-data";
import { hash, type Split } from "../../data/split-by-group";
import { createRng } from "../../data/synthesize-page";
import type { EvalExample } from "../../data/types";
import type { DevSet } from "./types";

export const CLAIM_SET_NAMES = ["citint", "fever", "wice"] as const;
export type ClaimSetName = (typeof CLAIM_SET_NAMES)[number];

export interface BuildClaimSetOptions {
  dataDir: string;
  /** train as well: the encoder tuning exports the train split of these sets. */
  split: Split;
  maxQueries?: number;
  seed?: number;
}

/** `n` examples drawn by the set's own generator (so adding a set never moves another set's sample); all when fewer. */
export function sampleExamples(examples: readonly EvalExample[], n: number | undefined, seed: number): EvalExample[] {
  if (n === undefined || examples.length <= n) return [...examples];
  const rng = createRng(seed);
  const a = [...examples];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a.slice(0, n);
}

const KINDS: Record<ClaimSetName, { kind: string; ratio: number }> = {
  citint: {
    kind: "biomedical claims (Citation-Integrity citing sentences, markers removed) over the cited abstract: the sentences that support or refute them",
    ratio: 0.4,
  },
  fever: {
    kind: "Wikipedia claims (FEVER, entailed) over their evidence sentences among distractors (some about the same subject)",
    ratio: 0.4,
  },
  wice: {
    kind: "Wikipedia claims over the real web page they cite (WiCE: ~120 lines, menus included); never trained on",
    ratio: 0.2,
  },
};

/** One of the claim sets (claim → the evidence sentences that support or refute it), for one split. */
export async function buildClaimDevSet(name: ClaimSetName, opts: BuildClaimSetOptions): Promise<DevSet> {
  const load = name === "citint" ? loadCitint : name === "fever" ? loadFever : loadWice;
  const all = await load(opts.dataDir, opts.split);
  const { kind, ratio } = KINDS[name];
  return {
    name,
    kind,
    examples: sampleExamples(all, opts.maxQueries, hash(name, opts.seed ?? 99)),
    setting: { ratio },
    measure: "evidenceRecall",
  };
}
