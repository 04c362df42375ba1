import { formatZodError } from "../../schemas/format-zod-issues";
import { findBlockProblems } from "../../text/find-block-problems";
import { checkSpanInText } from "../schemas";
import { decodeImportInput } from "./decode-import-input";
import { goldJsonlRecordSchema, type GoldJsonlRecord } from "./gold-jsonl-schema";
import { MAX_IMPORT_ERRORS, type ImportIssue, type ImportResult } from "./types";

export interface ParseGoldJsonlOptions {
  input: string | Uint8Array;
  maxBytes?: number;
}

/** Reads a gold JSONL file back (training pipelines, re-imports), all-or-nothing with per-line errors. */
export function parseGoldJsonl(opts: ParseGoldJsonlOptions): ImportResult<GoldJsonlRecord> {
  const decoded = decodeImportInput(opts.input, { maxBytes: opts.maxBytes, label: "gold JSONL" });
  if (!decoded.ok) return { ok: false, errors: [decoded.error] };
  const errors: ImportIssue[] = [];
  const records: GoldJsonlRecord[] = [];
  const lines = decoded.text.split(/\r?\n/);
  for (const [i, line] of lines.entries()) {
    if (errors.length >= MAX_IMPORT_ERRORS) break;
    if (!line.trim()) continue;
    const record = `line ${i + 1}`;
    const fail = (message: string) => errors.push({ index: i, record, message });
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (e) {
      fail(`invalid JSON: ${(e as Error).message}`);
      continue;
    }
    const parsed = goldJsonlRecordSchema.safeParse(json);
    if (!parsed.success) {
      fail(formatZodError(parsed.error, { input: json }));
      continue;
    }
    const r = parsed.data;
    const problems: string[] = [];
    r.spans.forEach((s, j) => {
      const p = checkSpanInText(s, r.text);
      if (p) problems.push(`spans[${j}]: ${p}`);
    });
    if (r.blocks) problems.push(...findBlockProblems(r.blocks, r.text));
    const { starts, ends, keep, ids, categories } = r.tokens;
    if (
      ends.length !== starts.length ||
      keep.length !== starts.length ||
      (ids && ids.length !== starts.length) ||
      (categories && categories.length !== starts.length)
    )
      problems.push("tokens: ids/starts/ends/keep/categories lengths differ");
    else {
      const bad = starts.findIndex((s, k) => !(s < ends[k]! && ends[k]! <= r.text.length));
      if (bad >= 0) problems.push(`tokens[${bad}]: offsets [${starts[bad]}, ${ends[bad]}) outside the text`);
    }
    if (problems.length) fail(problems.join("; "));
    else records.push(r);
  }
  return errors.length ? { ok: false, errors } : { ok: true, records };
}
