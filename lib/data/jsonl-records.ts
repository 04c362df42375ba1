import type { RecordError } from "./types";

/**
 * The records of a JSONL text, one per non-blank line, named "line N" for error tables; a line that is not JSON is
 * added to `errors` and skipped, so an import can report every bad line at once.
 */
export function* jsonlRecords(content: string, errors: RecordError[]): Generator<{ record: string; json: unknown }> {
  for (const [i, line] of content.split(/\r?\n/).entries()) {
    if (!line.trim()) continue;
    const record = `line ${i + 1}`;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (e) {
      errors.push({ record, message: `invalid JSON: ${(e as Error).message}` });
      continue;
    }
    yield { record, json };
  }
}
