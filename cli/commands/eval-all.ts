import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { AppError } from "../../lib/errors";
import { defineCommand } from "../define-command";
import { describeCommit } from "../describe-commit";

const usage = `snippet-lab eval-all --data DIR [--split report|val] [--methods LIST] [--out DIR] [options]

Runs every dev set the project builds from the public data (lib/eval/dev-sets.ts) for one split and writes
one JSON per set plus summary.md — the model card's tables — each with its provenance (commit, command, models
and their thresholds, settings).

  --data DIR          the public data (../shared/data on project machines)
  --split S           report (default; figures only, never used for a choice) or val (where choices are made)
  --methods LIST      default: model:<default>,model:<default>-teacher,bm25,lead,oracle
  --sets LIST         evaluate only these, on the same queries as the full run: hotpot, squad-en, squad-it,
                      cmrc, squad-en-long, pages-it, pages-zh, pages-en, real-pages, unanswerable, hotpot-doc,
                      hotpot-para, hotpot-text, hotpot-flat, pages-cyr, hotpot-untitled, hotpot-lines, nq, selqa,
                      fairytale, policyqa, drcd, uk-ict, unanswerable-topical,
                      nq-long, unanswerable-search, policyqa-long, fairytale-long, claims,
                      citint, fever, wice (real claims: Citation-Integrity, FEVER, WiCE pages),
                      unanswerable-squad2 (SQuAD 2.0 is_impossible), uk-squad (UA-SQuAD)
                      (default all). The unanswerable* sets' JSON also holds keptNothingCurves:
                      kept nothing against answerable recall over thresholds, per model and language
  --max-queries N     cap per set (deterministic sample; default 600)
  --out DIR           default docs/results/<split>
  --quiet             no progress`;

export const command = defineCommand({
  name: "eval-all",
  summary: "every dev set, every method: the model card's tables with provenance",
  usage,
  options: {
    data: { type: "string" },
    split: { type: "choice", choices: ["report", "val"], default: "report" },
    methods: { type: "string" },
    sets: { type: "string" },
    "max-queries": { type: "number", integer: true, min: 1, default: 600 },
    out: { type: "string" },
    quiet: { type: "boolean" },
  },
  async run({ values, argv }) {
    const maxQueries = values["max-queries"];
    if (!values.data) throw new AppError("BAD_REQUEST", "--data is required");
    const { buildDevSets, DEV_SET_NAMES } = await import("../../lib/eval/dev-sets");
    const { evaluateDevSet } = await import("../../lib/eval/evaluate-dev-set");
    const { resolveDevSetMethods } = await import("./resolve-dev-set-methods");
    const { formatDevSetSummary } = await import("../../lib/eval/format-dev-set-summary");
    const names = (values.sets ? values.sets.split(",").map((s) => s.trim()) : [...DEV_SET_NAMES]) as (typeof DEV_SET_NAMES)[number][];
    for (const n of names) if (!(DEV_SET_NAMES as readonly string[]).includes(n)) throw new AppError("BAD_REQUEST", `unknown set "${n}"`);
    const methods = await resolveDevSetMethods(values.methods);
    const out = values.out ?? path.join("docs", "results", values.split);
    mkdirSync(out, { recursive: true });
    const provenance = {
      commit: describeCommit(),
      command: `snippet-lab eval-all ${argv.join(" ")}`,
      date: new Date().toISOString(),
      node: process.version,
      split: values.split,
      methods: methods.map((m) => ({ name: m.name, threshold: m.threshold, ...(m.info ? { model: m.info } : {}) })),
    };
    const t0 = performance.now();
    // Every set is built (cheap next to scoring) and the listed ones evaluated: one seeded generator samples them in
    // order, so a subset gets exactly the queries the full run gets.
    const sets = (await buildDevSets({ dataDir: values.data, split: values.split, maxQueries })).filter((s) =>
      (names as readonly string[]).includes(s.name),
    );
    const results = [];
    for (const set of sets) {
      if (!values.quiet) console.error(`${set.name}: ${set.examples.length} queries`);
      let last = 0;
      const r = await evaluateDevSet(set, methods, (done, total) => {
        const now = performance.now();
        if (values.quiet || (now - last < 5000 && done !== total)) return;
        last = now;
        console.error(`  ${done}/${total} (${((now - t0) / 1000).toFixed(0)} s)`);
      });
      results.push(r);
      writeFileSync(path.join(out, `${set.name}.json`), `${JSON.stringify({ provenance, ...r }, null, 2)}\n`);
    }
    const summary = formatDevSetSummary(results, provenance);
    writeFileSync(path.join(out, "summary.md"), summary);
    console.log(summary);
    if (!values.quiet) console.error(`eval-all: ${((performance.now() - t0) / 1000).toFixed(0)} s, results in ${out}`);
    return 0;
  },
});
