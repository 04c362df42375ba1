import { hotpotDocSet, hotpotFlatSet, hotpotLinesSet, hotpotParaSet, hotpotTextSet, hotpotUntitledSet, pagesCyrSet } from "./builders-hotpot";
import {
  answerSentenceSets,
  longProseSets,
  ownSamplerSets,
  ruleClaimSet,
  searchPassageSets,
  topicalUnanswerableSet,
  ukIctSet,
} from "./builders-late";
import { hotpotSet, paragraphSets, questionPageSets, realPagesSet, squadLongSet, unanswerableSet } from "./builders-qa";
import type { DevSetBuilder } from "./context";

/**
 * Every set builder, in the order the sets are built. One seeded generator samples them in turn, so a set's sample
 * depends on the sets before it: a new set goes at the end (or samples with its own generator), and this order never
 * changes, so the figures stay comparable across commits.
 */
export const DEV_SET_BUILDERS: readonly DevSetBuilder[] = [
  hotpotSet,
  paragraphSets,
  squadLongSet,
  questionPageSets,
  realPagesSet,
  unanswerableSet,
  hotpotDocSet,
  hotpotParaSet,
  hotpotTextSet,
  hotpotFlatSet,
  pagesCyrSet,
  hotpotUntitledSet,
  hotpotLinesSet,
  answerSentenceSets,
  ukIctSet,
  topicalUnanswerableSet,
  searchPassageSets,
  longProseSets,
  ruleClaimSet,
  ownSamplerSets,
];
