import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { EvalExample } from "../../lib/data/types";
import type { ModelInfo } from "../../lib/model/model-config";
import { AppError } from "../../lib/errors";
import { parseSweep } from "../../lib/eval/parse-sweep";
import type { EvalMethod } from "../../lib/eval/run-eval";
import { defineCommand } from "../define-command";
import { describeCommit } from "../describe-commit";
import { MAX_FRAGMENT_SIZE } from "../../lib/schemas/compress";

// Heavy modules (tokenizer tables, importers, onnxruntime) load inside run() so `--help` stays instant.

const usage = `snippet-lab eval --input FILE [--format squad|hotpotqa|jsonl|gold-jsonl|sentences-jsonl|selqa|wice] [options]
       snippet-lab eval --claims FILE --corpus FILE [options]

Evaluates compression methods on gold evidence: every query is scored once per method, then the
selection is re-run for each ratio, budget and threshold.

  --input FILE          dataset file
  --claims FILE         SciFact-layout claims (SciFact, Citation-Integrity): {id, claim, evidence: {doc_id:
                        [{sentences, label}]}, cited_doc_ids}, with --corpus FILE ({doc_id, title, abstract:
                        [sentence, ..]}): each claim (citation markers removed) over its cited abstracts, the
                        sentences that support or refute it as evidence (format scifact)
  --corpus FILE         the corpus of --claims
  --shuffle-sentences   scifact: each abstract's sentences in an order of their own (seeded by the document id),
                        for corpora that list the evidence first (Citation-Integrity)
  --format F            squad (v1.1, or 2.0: is_impossible questions are kept with no evidence and reported apart
                        as unanswerable; --thresholds gives kept nothing against recall) | hotpotqa | wice (WiCE
                        claim JSONL: each claim over the real page it cites, one line per block, the supporting
                        sentences as evidence) | scifact (with --claims/--corpus) |
                        jsonl | gold-jsonl (the app's gold export: vital spans are the
                        evidence, every span's category is reported) | sentences-jsonl (a passage as labelled
                        sentences: {id, question, title?, sentences, labels}, e.g. NQ's and FairytaleQA's
                        *.sentsel.jsonl) | selqa (SelQA's JSON: {question, article, candidates, answers})
                        (default: sentences-jsonl for *.sentsel.jsonl, jsonl for *.jsonl, else required)
  --methods LIST        comma-separated: model, model:<name>, bm25, lead, oracle, and with a judge server
                        (SNIPPET_LAB_JUDGE_*) llm-extract, hybrid, hybrid:bm25, hybrid:<model>
                        (default: model:<default>,bm25,lead,oracle; without an installed model bm25,lead,oracle)
  --ratios LIST         budget = ratio × the query's input tokens, threshold 0 (e.g. 0.1,0.2,0.3)
  --budgets LIST        absolute downstream-token budgets per query, threshold 0 (e.g. 200,1000,4000)
  --thresholds LIST     thresholds with an unlimited budget; ranges allowed (e.g. 0:1:0.05)
                        (no ratios/budgets/thresholds → --ratios 0.1,0.2,0.3)
  --json OUT            write the report as JSON to OUT
  --limit N             evaluate at most N queries (after the split)
  --split S             all (default), or train | val | report: the three-way split by group (article, example)
                        that training uses (lib/data/split-by-group.ts): choices on val, figures on report
  --val-share P         share of groups in val (default 0.15)
  --report-share P      share of groups in report (default 0.2)
  --seed S              split seed (default 2026, the seed of the shared data's splits)
  --aggregation A       mean | max: token → unit scores for model methods (default mean)
  --fragment-size N     sentences per unit, 1..3 (default 1)
  --floor P             selection floor for every method (default: a model's calibrated floor, else 0.02)
  --locale L            sentence segmentation locale (default en)
  --quiet               no progress on stderr

Report JSON: {"dataset", "queries", "provenance", "results": [{"method", "ratio"|"budget"|"threshold", "evidenceRecall",
"allEvidenceKept", "answerKept", "tokensPerQuery", "compressionRatio", "evidenceCharRecall", "keptPrecision",
"unanswerable"?: {"queries", "keptNothing", "tokensPerQuery"}, "categories"?: {<category>: {"chars", "keptShare",
"modelAgreement"?}}, "fidelity"?: {"checked", "violations", "queriesWithViolations", "byKind"}}], "methods": {<method>:
{"latencyMs": {"mean", "p50", "p95"}, "llm"?: {"promptTokensPerQuery", "completionTokensPerQuery", "requestsPerQuery",
"cachedShare"}}}, "fidelityViolations"?: [{"query", "method", "setting", "violations"}]} (see docs/data-formats.md).
Queries without evidence are reported apart (unanswerable). Every method's kept output goes through the fidelity check
(numbers, dates, names and negations near kept text; for LLM methods, what the LLM wrote against the source).`;

const FORMATS = ["squad", "hotpotqa", "jsonl", "gold-jsonl", "sentences-jsonl", "selqa", "wice", "scifact"] as const;
type Format = (typeof FORMATS)[number];

function defaultFormat(input: string): Format | undefined {
  if (input.endsWith(".sentsel.jsonl")) return "sentences-jsonl";
  return input.endsWith(".jsonl") ? "jsonl" : undefined;
}

async function readExamples(format: Format, input: string, scifact?: { corpus: string; shuffleSentences: boolean }): Promise<EvalExample[]> {
  if (format === "scifact") {
    if (!scifact) throw new AppError("BAD_REQUEST", "--format scifact reads --claims FILE and --corpus FILE");
    const { readSciFactClaims } = await import("../../lib/data/read-scifact-claims");
    return readSciFactClaims(input, scifact.corpus, { shuffleSentences: scifact.shuffleSentences });
  }
  if (format === "wice") return (await import("../../lib/data/read-wice")).readWice(input);
  if (format === "squad") return (await import("../../lib/data/read-squad")).readSquad(input);
  if (format === "hotpotqa") return (await import("../../lib/data/read-hotpotqa")).readHotpotQa(input);
  if (format === "gold-jsonl") return (await import("../../lib/data/read-gold-jsonl")).readGoldJsonl(input);
  if (format === "sentences-jsonl") return (await import("../../lib/data/read-sentence-labels")).readSentenceLabels(input);
  if (format === "selqa") return (await import("../../lib/data/read-selqa")).readSelqa(input);
  return (await import("../../lib/data/read-jsonl")).readJsonl(input);
}

/** A method through the one resolver; model sessions and the judge's client load only when asked (onnxruntime). */
async function resolveEvalMethod(name: string, models: ModelInfo[]): Promise<EvalMethod> {
  const { resolveMethod } = await import("../../lib/server/scoring/resolve-method");
  const { evalMethodOf } = await import("../../lib/eval/eval-method-of");
  const method = resolveMethod(name, models, { oracle: true });
  const evalMethod = evalMethodOf(method);
  // LLM methods are reported under their scorer's name ("hybrid:model:<name>": the filter that ran).
  if (method.kind === "llm") evalMethod.name = (await method.scorer()).name;
  return evalMethod;
}

export const command = defineCommand({
  name: "eval",
  summary:
    "evaluate methods (model, bm25, lead, oracle, llm-extract, hybrid) on SQuAD (2.0 too) / HotpotQA / claims (SciFact, WiCE) / JSONL gold evidence, with fidelity",
  usage,
  options: {
    input: { type: "string" },
    claims: { type: "string" },
    corpus: { type: "string" },
    "shuffle-sentences": { type: "boolean" },
    format: { type: "choice", choices: FORMATS },
    methods: { type: "string" },
    ratios: { type: "string" },
    budgets: { type: "string" },
    thresholds: { type: "string" },
    json: { type: "string" },
    limit: { type: "number", integer: true, min: 1 },
    split: { type: "choice", choices: ["all", "train", "val", "report"], default: "all" },
    "val-share": { type: "number", min: 0, max: 1, default: 0.15 },
    "report-share": { type: "number", min: 0, max: 1, default: 0.2 },
    seed: { type: "number", integer: true, default: 2026 },
    aggregation: { type: "choice", choices: ["mean", "max"], default: "mean" },
    "fragment-size": { type: "number", integer: true, min: 1, max: MAX_FRAGMENT_SIZE },
    floor: { type: "number", min: 0, max: 1 },
    locale: { type: "string" },
    quiet: { type: "boolean" },
  },
  async run({ values, argv }) {
    if (values.claims !== undefined && values.input !== undefined) throw new AppError("BAD_REQUEST", "give --input or --claims, not both");
    if (values.claims !== undefined && !values.corpus) throw new AppError("BAD_REQUEST", "--claims needs --corpus FILE");
    if (values.corpus !== undefined && values.claims === undefined) throw new AppError("BAD_REQUEST", "--corpus goes with --claims FILE");
    const input = values.input ?? values.claims;
    if (!input) throw new AppError("BAD_REQUEST", "--input is required (or --claims FILE --corpus FILE)");
    const format = values.format ?? (values.claims !== undefined ? "scifact" : defaultFormat(input));
    if (!format) throw new AppError("BAD_REQUEST", `--format must be one of ${FORMATS.join(", ")}`);
    if ((format === "scifact") !== (values.claims !== undefined))
      throw new AppError("BAD_REQUEST", "--format scifact reads --claims FILE --corpus FILE");
    if (values["shuffle-sentences"] && format !== "scifact")
      throw new AppError("BAD_REQUEST", "--shuffle-sentences is for --claims FILE --corpus FILE");
    const { aggregation, floor, limit, "fragment-size": fragmentSize } = values;

    let ratios = values.ratios ? parseSweep(values.ratios) : [];
    const budgets = values.budgets ? parseSweep(values.budgets) : [];
    const thresholds = values.thresholds ? parseSweep(values.thresholds) : [];
    if (!ratios.length && !budgets.length && !thresholds.length) ratios = [0.1, 0.2, 0.3];

    const { listModels } = await import("../../lib/server/model/list-models");
    const { defaultEvalMethods } = await import("../../lib/eval/default-eval-methods");
    const models = await listModels();
    const methodNames =
      values.methods === undefined
        ? defaultEvalMethods(models)
        : values.methods
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean);
    if (methodNames.length === 0) throw new AppError("BAD_REQUEST", "--methods is empty");
    const { BASELINE_PROFILE } = await import("../../lib/engine/select-with-profile");
    const methods = [];
    for (const name of methodNames) {
      const m = await resolveEvalMethod(name, models);
      // An explicit --floor is the run's, for every method.
      if (floor !== undefined) {
        const profile = m.profile ?? BASELINE_PROFILE;
        m.profile = { ...profile, selection: { ...profile.selection, floor } };
      }
      methods.push(m);
    }

    const t0 = performance.now();
    let examples = await readExamples(
      format,
      input,
      values.corpus !== undefined ? { corpus: values.corpus, shuffleSentences: values["shuffle-sentences"] } : undefined,
    );
    let dataset = path.basename(input).replace(/\.(jsonl|json)$/i, "");
    if (values.split !== "all") {
      const { "val-share": valShare, "report-share": reportShare, seed } = values;
      if (valShare + reportShare > 1) throw new AppError("BAD_REQUEST", "--val-share and --report-share must sum to at most 1");
      const { splitThreeWays } = await import("../../lib/data/split-by-group");
      examples = splitThreeWays(examples, { valShare, reportShare, seed })[values.split];
      dataset += `:${values.split}`;
    }
    if (limit !== undefined) examples = examples.slice(0, limit);
    if (examples.length === 0) throw new AppError("UNPROCESSABLE", "No examples to evaluate");
    const quiet = values.quiet;
    if (!quiet) console.error(`Loaded ${examples.length} queries from ${input} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    let lastPrint = 0;
    const { runEval } = await import("../../lib/eval/run-eval");
    const { formatEvalTable } = await import("../../lib/eval/format-eval-table");
    const report = await runEval({
      dataset,
      examples,
      methods,
      ratios,
      budgets,
      thresholds,
      aggregation,
      reportCosts: true,
      ...(fragmentSize !== undefined ? { fragmentSize } : {}),
      ...(values.locale ? { locale: values.locale } : {}),
      onProgress: ({ done, total }) => {
        const now = performance.now();
        if (quiet || (now - lastPrint < 2000 && done !== total)) return;
        lastPrint = now;
        console.error(`  ${done}/${total} queries (${((now - t0) / 1000).toFixed(1)} s)`);
      },
    });

    // The file first: a closed stdout (`| head`) never costs the report.
    if (values.json) {
      await mkdir(path.dirname(path.resolve(values.json)), { recursive: true });
      const provenance = {
        command: `snippet-lab eval ${argv.join(" ")}`,
        date: new Date().toISOString(),
        commit: describeCommit(),
        methods: methodNames,
      };
      await writeFile(values.json, `${JSON.stringify({ ...report, provenance }, null, 2)}\n`);
      if (!quiet) console.error(`Wrote ${values.json}`);
    }
    console.log(formatEvalTable(report));
    return 0;
  },
});
