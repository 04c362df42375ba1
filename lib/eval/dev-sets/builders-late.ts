import { ANSWER_SENTENCE_SOURCES, loadAnswerSentenceSource, splitExamples, SPLITS } from "../../data/load-shared-data";
import { buildSearchPassageExamples } from "../../data/search-passages";
import { buildClaimDevSet, CLAIM_SET_NAMES } from "./claim-sets";
import type { DevSetBuilder, DevSetContext } from "./context";
import { buildTopicalUnanswerableSet, buildUkrainianSet } from "./prose-sets";
import { buildClaimSet } from "./rule-claims";
import { sample } from "./set-helpers";
import { buildSquad2UnanswerableSet, buildUkSquadSet } from "./squad2-sets";
import type { DevSet } from "./types";
import { asWholeDocuments } from "./whole-documents";

// The sets added later, each after every set before it (so adding it left their samples as they were): the
// answer-sentence sets, Ukrainian prose, keep-nothing sets, long documents of other prose, claims.

const nqQueries = async ({ dataDir, split }: DevSetContext) =>
  splitExamples(await loadAnswerSentenceSource(dataDir, "nq"), SPLITS.answerSentences)[split];

// Each its own split by article / story / site. Real search queries are scored at 40% of the tokens, as the held-out
// set of that kind is.
const ANSWER_SENTENCE_SETS = [
  ["nq", "real search-engine queries over one Wikipedia paragraph", 0.4],
  ["selqa", "answer-sentence selection, questions paraphrasing their answer (one Wikipedia section)", 0.2],
  ["fairytale", "questions on a section of a fairy tale (narrative prose)", 0.2],
  ["policyqa", "questions on a privacy policy paragraph (legal prose)", 0.2],
  ["drcd", "answer-sentence selection in one short Chinese Wikipedia paragraph, traditional script", 0.2],
] as const;

export const answerSentenceSets: DevSetBuilder = {
  names: ANSWER_SENTENCE_SETS.map(([name]) => name),
  async build({ dataDir, split, rng, max, names }) {
    const sets: DevSet[] = [];
    for (const [name, kind, ratio] of ANSWER_SENTENCE_SETS) {
      if (!names.has(name)) continue;
      const all = await loadAnswerSentenceSource(dataDir, name);
      const list = splitExamples(all, SPLITS.answerSentences)[split].filter((e) => e.evidence.length > 0);
      sets.push({
        name,
        kind: `${kind} (${ANSWER_SENTENCE_SOURCES[name].files.join(", ")})`,
        examples: sample(rng, list, max),
        setting: { ratio },
        measure: "evidenceRecall",
      });
    }
    return sets;
  },
};

export const ukIctSet: DevSetBuilder = {
  names: ["uk-ict"],
  async build({ dataDir, split, rng, max }) {
    return [{ ...buildUkrainianSet(dataDir, split, rng, max), name: "uk-ict" }];
  },
};

export const topicalUnanswerableSet: DevSetBuilder = {
  names: ["unanswerable-topical"],
  async build({ enSplit, rng, max }) {
    return [buildTopicalUnanswerableSet(await enSplit(), rng, max)];
  },
};

export const searchPassageSets: DevSetBuilder = {
  names: ["nq-long", "unanswerable-search"],
  async build(ctx) {
    const { rng, max, names } = ctx;
    const queries = await nqQueries(ctx);
    const sets: DevSet[] = [];
    if (names.has("nq-long"))
      sets.push({
        name: "nq-long",
        kind: "real search queries over a long passage: the answer paragraph among two paragraphs retrieved for the query",
        examples: buildSearchPassageExamples({ queries, rng, max: max ?? 300, mode: "long" }),
        setting: { ratio: 0.2 },
        measure: "evidenceRecall",
      });
    if (names.has("unanswerable-search"))
      sets.push({
        name: "unanswerable-search",
        kind: "real search queries over three retrieved paragraphs, half without the answer (keep nothing), default threshold, no budget",
        examples: buildSearchPassageExamples({ queries, rng, max: max ?? 300, mode: "topical" }),
        setting: { useModelThreshold: true, budget: 1_000_000 },
        measure: "evidenceRecall",
      });
    return sets;
  },
};

// Long documents of other kinds of prose (legal, narrative): the whole privacy policy or the whole story's questioned
// sections as one untitled-paragraph document, answer kept at 200 tokens, as squad-en-long.
const LONG_PROSE_SETS = [
  ["policyqa-long", "policyqa", "a whole privacy policy (legal prose, thousands of tokens) as one document"],
  ["fairytale-long", "fairytale", "a whole fairy tale (its questioned sections in order, thousands of tokens) as one document"],
] as const;

export const longProseSets: DevSetBuilder = {
  names: LONG_PROSE_SETS.map(([name]) => name),
  async build({ dataDir, split, rng, max, names }) {
    const sets: DevSet[] = [];
    for (const [name, source, kind] of LONG_PROSE_SETS) {
      if (!names.has(name)) continue;
      const list = splitExamples(await loadAnswerSentenceSource(dataDir, source), SPLITS.answerSentences)[split].filter(
        (e) => e.evidence.length > 0 && (e.answers?.length ?? 0) > 0,
      );
      sets.push({
        name,
        kind: `${kind} (${ANSWER_SENTENCE_SOURCES[source].files.join(", ")})`,
        examples: sample(rng, asWholeDocuments(list, "en"), max),
        setting: { budget: 200 },
        measure: "answerKept",
      });
    }
    return sets;
  },
};

export const ruleClaimSet: DevSetBuilder = {
  names: ["claims"],
  async build(ctx) {
    return [buildClaimSet([await ctx.enSplit(), await nqQueries(ctx)], ctx.rng, ctx.max)];
  },
};

/** Real claims (Citation-Integrity, FEVER, WiCE), SQuAD 2.0 and UA-SQuAD: each samples with its own generator. */
export const ownSamplerSets: DevSetBuilder = {
  names: [...CLAIM_SET_NAMES, "unanswerable-squad2", "uk-squad"],
  async build({ dataDir, split, max, seed, names, squadEn }) {
    const own = { dataDir, split, ...(max !== undefined ? { maxQueries: max } : {}), ...(seed !== undefined ? { seed } : {}) };
    const sets: DevSet[] = [];
    for (const name of CLAIM_SET_NAMES) if (names.has(name)) sets.push(await buildClaimDevSet(name, own));
    if (names.has("unanswerable-squad2")) sets.push(await buildSquad2UnanswerableSet(own));
    if (names.has("uk-squad")) sets.push(await buildUkSquadSet({ ...own, squadEn: await squadEn() }));
    return sets;
  },
};
