import path from "node:path";
import { ANSWER_SENTENCE_SOURCES } from "../load-shared-data";
import type { BuildTrainingSetOptions } from "./build-training-set";
import { anyClaimSource, describeClaimSources } from "./claim-training-sources";

/** The windows' meta `sources`: every data source of the build and its licence (the model card names them). */
export function describeSources(opts: BuildTrainingSetOptions) {
  return {
    squad: "SQuAD v1.1 dev (CC BY-SA 4.0)",
    squadIt: "SQuAD-it test (CC BY-SA 4.0)",
    cmrc: "CMRC 2018 dev + trial (CC BY-SA 4.0)",
    hotpot: "HotpotQA distractor train; dev for validation (CC BY-SA 4.0)",
    pages: "Mozilla Readability test pages (Apache-2.0 repository; page content © its publishers)",
    ...(opts.coreOnly
      ? {}
      : {
          answerSentences: Object.values(ANSWER_SENTENCE_SOURCES).map((s) => s.licence),
          ukrainian: "UA-GEC corrected texts (CC BY 4.0) and a Ukrainian Wikipedia sample (CC BY-SA 4.0 / GFDL), inverse-cloze queries",
        }),
    gold: opts.gold.map((g) => path.basename(g)),
    ...(opts.extraQa?.length ? { extraQa: opts.extraQa.map((q) => `${path.basename(q.file)} (${q.lang})`) } : {}),
    ...(opts.extraHotpot?.length ? { extraHotpot: opts.extraHotpot.map((f) => path.basename(f)) } : {}),
    // Last, and only when on: a build without them writes the meta it always did.
    ...(opts.claimSources && anyClaimSource(opts.claimSources) ? describeClaimSources(opts.claimSources) : {}),
  };
}
