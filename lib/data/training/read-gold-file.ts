import { readFileSync } from "node:fs";
import { parseGoldJsonl } from "../../spans/formats/parse-gold-jsonl";
import type { GoldJsonlRecord } from "../../spans/formats/gold-jsonl-schema";
import { goldRecordsToExamples } from "./gold-examples";
import type { TrainingExample } from "./types";

/**
 * One gold JSONL export (the app's) → its records and training examples. A local training input: no size cap. A file
 * with an invalid record is refused whole, naming the first five.
 */
export function readGoldFile(file: string): { records: GoldJsonlRecord[]; examples: TrainingExample[] } {
  const parsed = parseGoldJsonl({ input: readFileSync(file), maxBytes: Number.MAX_SAFE_INTEGER });
  if (!parsed.ok) {
    throw new Error(
      `${file}: ${parsed.errors
        .slice(0, 5)
        .map((e) => `${e.record}: ${e.message}`)
        .join("; ")}`,
    );
  }
  return { records: parsed.records, examples: goldRecordsToExamples(parsed.records) };
}
