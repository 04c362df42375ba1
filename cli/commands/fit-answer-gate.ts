import { AppError } from "../../lib/errors";
import type { EvalExample } from "../../lib/data/types";
import type { PreparedResult, TokenEvidence } from "../../lib/engine/types";
import type { DevSet } from "../../lib/eval/dev-sets";
import type { AnswerGateCandidate, AnswerGateSetFigures } from "../../lib/eval/choose-answer-gate";
import type { SelectionProfile } from "../../lib/engine/profile";
import { defineCommand } from "../define-command";

const usage = `snippet-lab fit-answer-gate --model NAME --data DIR [--write]

Chooses a model's answer gate (profile.similarity.passage.gate; lib/engine/blend-similarity.ts answerGateFactor) on the
VALIDATION split of the public data (the report split is never read). A passage whose best unit's cosine to the
query, under the passage tier's sentence encoder, is below the gate has its scores above the selection floor scaled
by --scale, so at the model's default threshold a result set of such passages keeps nothing. The gate is the highest
of --gates under which no validation set, nor its questions typed as search queries ("<set>-kw"), has more than
--max-abstained more of its answerable queries keeping nothing than the model without a gate; the guarded sets
include passages of three paragraphs from SelQA, FairytaleQA and PolicyQA ("<source>-passages": the answer paragraph
among two more of its article, story or site). Figures are at the default threshold with no budget; the table gives,
per set, answerable queries keeping nothing / their evidence recall, and unanswerable queries keeping nothing.

  --model NAME          model folder under models/ (default: the default model); its profile needs a passage tier
                        read by the sentence encoder
  --data DIR            the public data (../shared/data on project machines)
  --max-queries N       per validation set (default 300)
  --gates LIST          cosines tried (default 0.30 to 0.60 by 0.01)
  --scale X             the factor on a gated passage's scores (default 0.25)
  --max-abstained X     the most a gate may add to a set's answerable queries keeping nothing (default 0.05)
  --all                 a column for every gate tried (default: every fifth and the chosen one)
  --write               write the gate into models/NAME/config.json (profile.similarity.passage.gate)`;

/** Sets with unanswerable queries: what the gate is for (measured, not guarded). */
const TARGETS = ["unanswerable-search", "unanswerable-topical", "unanswerable"] as const;
/**
 * Answerable sets whose queries the gate must not silence (the targets' answerable halves are guarded too); real
 * pages, whose query is the page's title, are not gated (queryNamesTitle) and stay guarded.
 */
const GUARDED = ["nq", "nq-long", "selqa", "fairytale", "policyqa", "squad-en", "hotpot-para", "real-pages"] as const;
/**
 * Passages of several paragraphs from the other answer-sentence sources, guarded too: the answer paragraph among two
 * more of its article, story or site (nq-long's construction). The paragraph rule reads such passages, and without
 * them only Wikipedia's would guard it (measured: legal and narrative prose lose first).
 */
const GUARDED_PASSAGES = ["selqa", "fairytale", "policyqa"] as const;

export const command = defineCommand({
  name: "fit-answer-gate",
  summary: "choose a model's answer gate (keep nothing when the passages do not answer) on validation",
  usage,
  options: {
    model: { type: "string" },
    data: { type: "string" },
    "max-queries": { type: "number", integer: true, min: 1, default: 300 },
    gates: { type: "string" },
    scale: { type: "number", min: 0, max: 1, default: 0.25 },
    "max-abstained": { type: "number", min: 0, default: 0.05 },
    write: { type: "boolean" },
    all: { type: "boolean" },
  },
  async run({ values }) {
    const { "max-queries": maxQueries, scale, "max-abstained": maxAbstained } = values;
    if (!values.data) throw new AppError("BAD_REQUEST", "--data is required");
    const gates = values.gates ? values.gates.split(",").map(Number) : Array.from({ length: 31 }, (_, i) => (30 + i) / 100);
    if (gates.some((g) => !(g >= -1 && g <= 1))) throw new AppError("BAD_REQUEST", "--gates must lie in [-1, 1]");
    const { buildDevSets } = await import("../../lib/eval/dev-sets");
    const { loadAnswerSentenceSource, splitExamples, SPLITS } = await import("../../lib/data/load-shared-data");
    const { buildSearchPassageExamples } = await import("../../lib/data/search-passages");
    const { createRng } = await import("../../lib/data/synthesize-page");
    const { prepareEvalResults } = await import("../../lib/eval/run-eval");
    const { selectWithProfile, unitScoresOf } = await import("../../lib/engine/select-with-profile");
    const { computeQueryMetrics } = await import("../../lib/eval/compute-query-metrics");
    const { typedAsSearchQuery } = await import("../../lib/eval/fit-search-rerank");
    const { chooseAnswerGate } = await import("../../lib/eval/choose-answer-gate");
    const { defaultModelName, listModels } = await import("../../lib/server/model/list-models");
    const { resolveMethod } = await import("../../lib/server/scoring/resolve-method");
    const { formatModelMethod } = await import("../../lib/engine/methods");
    const name = values.model ?? defaultModelName();
    const method = resolveMethod(formatModelMethod(name), await listModels());
    const similarity = method.profile.similarity;
    const tier = similarity?.passage;
    if (!similarity || !tier || similarity.source !== "sentence-encoder" || !similarity.weight)
      throw new AppError("UNPROCESSABLE", `${name} has no passage tier read by the sentence encoder (profile.similarity.passage): nothing to gate`);
    // The model as it is without a gate: its evidence (probabilities and cosines) once per query, every gate applied to it.
    const { gate: _current, ...open } = tier;
    const base: SelectionProfile = { ...method.profile, similarity: { ...similarity, passage: open } };

    // Every set built, then filtered, as eval-all does: the same queries as its validation run.
    const wanted = new Set<string>([...TARGETS, ...GUARDED]);
    const val = (await buildDevSets({ dataDir: values.data, split: "val", maxQueries })).filter((s) => wanted.has(s.name));
    for (const source of GUARDED_PASSAGES) {
      const queries = splitExamples(await loadAnswerSentenceSource(values.data, source), SPLITS.answerSentences).val;
      const examples = buildSearchPassageExamples({ queries, rng: createRng(7), max: maxQueries, mode: "long" });
      val.push({
        name: `${source}-passages`,
        kind: "its answer paragraph among two more of its own source",
        examples,
        setting: {},
        measure: "evidenceRecall",
      });
    }
    const sets: DevSet[] = val.flatMap((s) => {
      const typed = s.examples.map((e) => ({ ...e, query: typedAsSearchQuery(e.query) }));
      // Real search queries are typed in lowercase already: no second copy of them.
      const differs = typed.some((e, i) => e.query !== s.examples[i]!.query);
      return differs ? [s, { ...s, name: `${s.name}-kw`, examples: typed }] : [s];
    });
    if (!sets.some((s) => s.name === TARGETS[0]))
      throw new AppError("UNPROCESSABLE", `the validation split has no ${TARGETS[0]} set (is ${values.data} the shared data?)`);

    type Scored = { ex: EvalExample; results: PreparedResult[]; evidence: TokenEvidence };
    const scored = new Map<string, Scored[]>();
    for (const set of sets) {
      const rows: Scored[] = [];
      for (const ex of set.examples) {
        const results = prepareEvalResults(ex);
        const evidence = await method.score({ query: ex.query, results });
        if ("unitScores" in evidence) throw new AppError("UNPROCESSABLE", `${name} gives no token scores`);
        rows.push({ ex, results, evidence });
      }
      scored.set(set.name, rows);
      console.error(`${set.name}: ${rows.length} queries scored`);
    }
    const figuresAt = (cosine: number | null): AnswerGateCandidate => {
      const profile: SelectionProfile =
        cosine === null ? base : { ...base, similarity: { ...similarity, passage: { ...open, gate: { cosine, scale } } } };
      const sets: Record<string, AnswerGateSetFigures> = {};
      for (const [setName, rows] of scored) {
        const f: AnswerGateSetFigures = { answerable: 0, answerableNothing: 0, recall: 0, unanswerable: 0, unanswerableNothing: 0 };
        for (const { ex, results, evidence } of rows) {
          const unitScores = unitScoresOf({ evidence, query: ex.query, results, profile });
          const selection = selectWithProfile({ results, unitScores, budget: Infinity, profile });
          const m = computeQueryMetrics({ selection, evidence: ex.evidence });
          const nothing = m.tokensOut === 0 ? 1 : 0;
          if (ex.evidence.length > 0) {
            f.answerable++;
            f.answerableNothing += nothing;
            f.recall += m.evidenceTotal ? m.evidenceKept / m.evidenceTotal : 0;
          } else {
            f.unanswerable++;
            f.unanswerableNothing += nothing;
          }
        }
        if (f.answerable) [f.answerableNothing, f.recall] = [f.answerableNothing / f.answerable, f.recall / f.answerable];
        if (f.unanswerable) f.unanswerableNothing /= f.unanswerable;
        sets[setName] = f;
      }
      return { cosine, sets };
    };
    const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
    const label = (c: AnswerGateCandidate) => (c.cosine === null ? "no gate" : `gate ${c.cosine}`);
    const printTable = (shown: readonly AnswerGateCandidate[]) => {
      console.log(`| set (validation, default threshold) | ${shown.map(label).join(" | ")} |`);
      console.log(`|---|${shown.map(() => "---").join("|")}|`);
      for (const setName of scored.keys()) {
        const cell = (c: AnswerGateCandidate, answerable: boolean) => {
          const f = c.sets[setName]!;
          return answerable ? `${pct(f.answerableNothing)} / ${f.recall.toFixed(3)}` : pct(f.unanswerableNothing);
        };
        const f = shown[0]!.sets[setName]!;
        if (f.answerable) console.log(`| ${setName} (${f.answerable} answerable) | ${shown.map((c) => cell(c, true)).join(" | ")} |`);
        if (f.unanswerable) console.log(`| ${setName} (${f.unanswerable} unanswerable) | ${shown.map((c) => cell(c, false)).join(" | ")} |`);
      }
    };
    const none = figuresAt(null);
    const candidates = gates.map((g) => figuresAt(g));
    const cosineChosen = chooseAnswerGate({ base: none, candidates, maxAbstained });
    printTable([none, ...candidates.filter((c, i) => values.all || c === cosineChosen || i % 5 === 0)]);
    if (!cosineChosen) {
      console.log(`no gate of ${gates.join(", ")} keeps every set within ${maxAbstained} more answerable queries keeping nothing: nothing to write`);
      return 0;
    }
    const describe = (c: AnswerGateCandidate) =>
      `${TARGETS[0]} keeps nothing for ${pct(c.sets[TARGETS[0]]!.unanswerableNothing)} of its unanswerable queries (no gate: ${pct(none.sets[TARGETS[0]]!.unanswerableNothing)})`;
    console.log(`chosen gate ${cosineChosen.cosine} (scale ${scale}): ${describe(cosineChosen)}`);
    if (values.write) {
      const { updateModelProfile } = await import("../../lib/server/model/update-model-profile");
      const { file } = updateModelProfile(name, { similarity: { passage: { gate: { cosine: cosineChosen.cosine!, scale } } } });
      console.log(`wrote profile.similarity.passage.gate to ${file}`);
    }
    return 0;
  },
});
