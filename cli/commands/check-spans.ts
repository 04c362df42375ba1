import path from "node:path";
import { AppError } from "../../lib/errors";
import { defineCommand } from "../define-command";

// Server modules (Prisma) load inside run() so `--help` stays instant.

const usage = `snippet-lab check-spans [--dataset NAME|ID] [--json] [--repair [--apply]]

Reports the stored human and gold spans that start or end inside a word ("ch" of fetch, "Abor" of AbortController)
or hold only punctuation ("(", "?"): what bulk-accepting model spans could store before saves snapped spans to whole
words. Spans a person placed exactly (Alt-selection) are not reported. Also reports gold that holds two spans of one
category sharing a character (nested or overlapping), which gold must never hold. Each line names the pair, the
layer and the span; fix them in the workspace or the review page, or repair the gold here. Reads DATABASE_URL
(default file:./data/snippet-lab.db under the repository) and applies pending migrations first.

  --dataset NAME|ID   only this dataset's pairs (default: every dataset)
  --json              the findings as JSON instead of lines
  --repair            plan the gold repair (dry run: prints what would change, writes nothing): fragments widened to
                      whole words, then overlapping spans of one category joined into their union
  --apply             with --repair: write it (one transaction per pair, every change in the span history; a pair
                      whose gold changed since the plan is skipped and named)

Exit status: 0 none found (or the repair applied), 1 some found, 2 usage error.`;

export const command = defineCommand({
  name: "check-spans",
  summary: "report stored spans that cut a word or are only punctuation (fragments from machine-made spans)",
  usage,
  options: {
    dataset: { type: "string" },
    json: { type: "boolean" },
    repair: { type: "boolean" },
    apply: { type: "boolean" },
  },
  async run({ values }) {
    if (values.dataset !== undefined && !values.dataset.trim()) throw new AppError("BAD_REQUEST", "--dataset needs a name or an id");
    if (values.apply && !values.repair) throw new AppError("BAD_REQUEST", "--apply goes with --repair (run --repair alone first to see the plan)");

    // Relative DATABASE_URLs mean the repository root, as for `npm start` (scripts/start.mjs changes there too).
    process.chdir(path.resolve(import.meta.dirname, "../.."));
    const { disconnectDb, getDb } = await import("../../lib/server/db/client");
    const { migrateDatabase } = await import("../../lib/server/db/migrate");
    try {
      await migrateDatabase({ log: (m) => console.error(`[db] ${m}`) });
      const { findFragmentSpans } = await import("../../lib/server/db/annotations/find-fragment-spans");
      let datasetId: string | undefined;
      if (values.dataset !== undefined) {
        const d = await getDb().dataset.findFirst({ where: { OR: [{ id: values.dataset }, { name: values.dataset }] }, select: { id: true } });
        if (!d) throw new AppError("NOT_FOUND", `Dataset "${values.dataset}" not found`);
        datasetId = d.id;
      }
      const found = await findFragmentSpans(datasetId ? { datasetId } : {});
      const { applyGoldRepairs, planGoldRepairs } = await import("../../lib/server/db/annotations/repair-gold-spans");
      const repairs = await planGoldRepairs(datasetId ? { datasetId } : {});
      const overlaps = repairs.flatMap((r) => r.overlaps);
      if (values.json) console.log(JSON.stringify(values.repair ? { fragments: found, overlaps, repairs } : { fragments: found, overlaps }, null, 2));
      else {
        for (const f of found) {
          const layer = f.source === "gold" ? "gold" : `annotation ${f.annotationId}`;
          console.log(
            `pair ${f.pairId}  ${layer}  ${f.category}  [${f.start}, ${f.end}) ${JSON.stringify(f.text)}  ${f.problem}` +
              (f.problem === "fragment" ? ` → ${JSON.stringify(f.wholeWords.text)}` : ""),
          );
        }
        for (const o of overlaps) {
          console.log(
            `pair ${o.pairId}  gold  ${o.category}  [${o.b.start}, ${o.b.end}) ${JSON.stringify(o.b.text)}  ${o.kind === "nested" ? "nests with" : "overlaps"}  [${o.a.start}, ${o.a.end}) ${JSON.stringify(o.a.text)}`,
          );
        }
        console.log(
          found.length === 0 ? "No span cuts a word or is only punctuation." : `${found.length} span(s) cut a word or are only punctuation.`,
        );
        console.log(
          overlaps.length === 0
            ? "No gold spans of one category nest or overlap."
            : `${overlaps.length} pair(s) of gold spans of one category nest or overlap.`,
        );
        if (values.repair) {
          for (const r of repairs) {
            console.log(`repair pair ${r.pairId}:`);
            for (const b of r.before) console.log(`  - ${b.category} [${b.start}, ${b.end}) ${JSON.stringify(b.text)}`);
            for (const a of r.after) console.log(`  + ${a.category} [${a.start}, ${a.end}) ${JSON.stringify(a.text)}`);
          }
          if (!values.apply) console.log(`Dry run: ${repairs.length} pair(s) would change. Run again with --repair --apply to write it.`);
        }
      }
      if (values.repair && values.apply) {
        const result = await applyGoldRepairs({ repairs });
        for (const s of result.skipped) console.error(`skipped pair ${s.pairId}: ${s.reason}`);
        console.log(`Repaired the gold of ${result.repaired} pair(s); ${result.skipped.length} skipped.`);
        return result.skipped.length === 0 ? 0 : 1;
      }
      return found.length === 0 && overlaps.length === 0 ? 0 : 1;
    } finally {
      await disconnectDb();
    }
  },
});
