import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { AppError } from "../../lib/errors";
import { DATASET_LIMITS, IMPORT_FORMATS } from "../../lib/schemas/datasets";
import { formatBenchTable, runBenchImport } from "../bench-import/run-bench-import";
import { defineCommand } from "../define-command";

// The benchmark lives in cli/bench-import/: the generated file (generate-jsonl.ts, word-pools.ts) and the run and its
// table (run-bench-import.ts).

const usage = `snippet-lab bench-import [--pairs N] [--size-mb N] [--seed N] [--file PATH --format F] [--json OUT] [--keep]

Import and export throughput of the dataset pipeline, through the same server functions as the routes
(importDatasetFile, exportDataset), on a temporary migrated SQLite database in the OS temp folder.
Generates a synthetic JSONL file (English, Italian, Ukrainian and Chinese paragraphs; text, HTML and
result-set records; evidence as offsets and quotes), imports it, exports gold-jsonl, label-studio and
prodigy, and prints file size, imported counts, import seconds and pairs/s, each export's seconds and
size, and peak RSS.

  --pairs N      pairs to generate (default 5000; at most ${DATASET_LIMITS.maxImportPairs})
  --size-mb N    grow the generated file to about N MB with longer documents (same number of pairs);
                 the upload limit is ${DATASET_LIMITS.maxImportBytes / 1024 / 1024} MB
  --seed N       generator seed (default 1): same seed and options, same file
  --file PATH    import this file instead of generating one
  --format F     format of --file: ${IMPORT_FORMATS.join(", ")} (default jsonl)
  --json OUT     also write the figures as JSON
  --keep         keep the temporary folder (database and generated file) and print its path`;

export const command = defineCommand({
  name: "bench-import",
  summary: "import/export throughput and peak memory on a temporary database (synthetic multilingual JSONL or a file)",
  usage,
  options: {
    pairs: { type: "number", integer: true, min: 1, default: 5000 },
    "size-mb": { type: "number", min: 0, aboveMin: true },
    seed: { type: "number", integer: true, min: 1, default: 1 },
    file: { type: "string" },
    format: { type: "choice", choices: IMPORT_FORMATS },
    json: { type: "string" },
    keep: { type: "boolean" },
  },
  async run({ values }) {
    const { pairs, "size-mb": sizeMb, format = "jsonl" } = values;
    if (pairs > DATASET_LIMITS.maxImportPairs)
      throw new AppError("BAD_REQUEST", `--pairs is at most ${DATASET_LIMITS.maxImportPairs} (one import's limit)`);
    if (values.format && !values.file) throw new AppError("BAD_REQUEST", "--format goes with --file (generated files are jsonl)");
    if (values.file && sizeMb !== undefined) throw new AppError("BAD_REQUEST", "--size-mb only applies to generated files, not --file");

    const result = await runBenchImport({
      pairs,
      ...(sizeMb !== undefined ? { sizeMb } : {}),
      seed: values.seed,
      ...(values.file ? { file: path.resolve(values.file) } : {}),
      format,
      keep: values.keep,
      log: (m) => console.error(m),
    });
    console.log(`bench-import (node ${process.version})`);
    console.log(formatBenchTable(result));
    if (result.keptDir) console.log(`  kept ${result.keptDir}`);
    if (values.json) {
      mkdirSync(path.dirname(path.resolve(values.json)), { recursive: true });
      writeFileSync(values.json, JSON.stringify(result, null, 2) + "\n");
    }
    return 0;
  },
});
