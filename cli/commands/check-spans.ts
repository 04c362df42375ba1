import path from "node:path";
import { parseArgs } from "node:util";
import { AppError } from "../../lib/errors";
import type { CliCommand } from "../types";

// Server modules (Prisma) load inside run() so `--help` stays instant.

const usage = `snippet-lab check-spans [--dataset NAME|ID] [--json]

Reports the stored human and gold spans that start or end inside a word ("ch" of fetch, "Abor" of AbortController)
or hold only punctuation ("(", "?"): what bulk-accepting model spans could store before saves snapped spans to whole
words. Spans a person placed exactly (Alt-selection) are not reported. Each line names the pair, the layer, the span
and the whole words it would become; fix them in the workspace or the review page (a save snaps them). Reads
DATABASE_URL (default file:./data/snippet-lab.db under the repository) and applies pending migrations first.

  --dataset NAME|ID   only this dataset's pairs (default: every dataset)
  --json              the spans as JSON instead of lines

Exit status: 0 none found, 1 some found, 2 usage error.`;

export const command: CliCommand = {
  name: "check-spans",
  summary: "report stored spans that cut a word or are only punctuation (fragments from machine-made spans)",
  usage,
  async run(argv) {
    const { values, positionals } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: { dataset: { type: "string" }, json: { type: "boolean", default: false } },
    });
    if (positionals.length > 0) throw new AppError("BAD_REQUEST", `check-spans takes no arguments (got "${positionals.join(" ")}")`);
    if (values.dataset !== undefined && !values.dataset.trim()) throw new AppError("BAD_REQUEST", "--dataset needs a name or an id");

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
      if (values.json) console.log(JSON.stringify(found, null, 2));
      else {
        for (const f of found) {
          const layer = f.source === "gold" ? "gold" : `annotation ${f.annotationId}`;
          console.log(
            `pair ${f.pairId}  ${layer}  ${f.category}  [${f.start}, ${f.end}) ${JSON.stringify(f.text)}  ${f.problem}` +
              (f.problem === "fragment" ? ` → ${JSON.stringify(f.wholeWords.text)}` : ""),
          );
        }
        console.log(
          found.length === 0 ? "No span cuts a word or is only punctuation." : `${found.length} span(s) cut a word or are only punctuation.`,
        );
      }
      return found.length === 0 ? 0 : 1;
    } finally {
      await disconnectDb();
    }
  },
};
