import { readFile } from "node:fs/promises";
import { z } from "zod";
import { AppError } from "../errors";
import { jsonlRecords } from "./jsonl-records";
import { formatZodError, throwIfRecordErrors } from "./record-errors";
import { sentencesToExample } from "./sentences-to-example";
import type { EvalExample, ImportOptions, RecordError } from "./types";

/*
 * WiCE claim-level JSONL, one claim per line over the real web page it cites:
 *   {"label": "supported"|"partially_supported"|"not_supported", "supporting_sentences": [[i, ..], ..],
 *    "claim", "evidence": [sentence, ..], "meta": {"id", "claim_title", ..}}
 * The page is one result whose lines are the given sentences, menus and "(meta data)" lines included (the page
 * as fetched); its title is the "(meta data) TITLE:" line. Evidence is every sentence of any supporting group.
 * A claim with no supporting sentence at all (WiCE's not_supported claims mostly) is skipped: nothing in the
 * page bears on it. Claims are grouped by the Wikipedia article they come from, else the page title.
 */
const lineSchema = z.object({
  label: z.string().optional(),
  supporting_sentences: z.array(z.array(z.number().int().min(0))).default([]),
  claim: z.string().min(1, "claim is empty"),
  evidence: z.array(z.string()),
  meta: z
    .object({ id: z.union([z.string(), z.number()]).optional(), claim_title: z.string().optional() })
    .passthrough()
    .optional(),
});

const TITLE_LINE = /^\(meta data\) TITLE:\s*/;

/** The page title a WiCE page carries on its "(meta data) TITLE:" line (undefined when missing or empty). */
export function wicePageTitle(sentences: readonly string[]): string | undefined {
  const line = sentences.find((s) => TITLE_LINE.test(s));
  const title = line?.replace(TITLE_LINE, "").trim();
  return title || undefined;
}

export function parseWice(text: string, opts: ImportOptions & { source?: string; prefix?: string } = {}): EvalExample[] {
  const source = opts.source ?? "WiCE JSONL";
  const prefix = opts.prefix ? `${opts.prefix}:` : "";
  const errors: RecordError[] = [];
  const examples: EvalExample[] = [];
  const limit = opts.limit ?? Infinity;
  for (const { record, json } of jsonlRecords(text, errors)) {
    if (examples.length >= limit) break;
    const parsed = lineSchema.safeParse(json);
    if (!parsed.success) {
      errors.push({ record, message: formatZodError(parsed.error, json) });
      continue;
    }
    const l = parsed.data;
    const wanted = [...new Set(l.supporting_sentences.flat())];
    if (wanted.some((i) => i >= l.evidence.length)) {
      errors.push({ record, message: `supporting sentence out of range (${l.evidence.length} sentences)` });
      continue;
    }
    if (wanted.length === 0 || l.evidence.length === 0) continue;
    const n = record.replace(/^line /, "");
    const id = `${prefix}${l.meta?.id ?? n}`;
    const title = wicePageTitle(l.evidence);
    const group = `${prefix}${l.meta?.claim_title ?? title ?? id}`;
    // One line per block (blank lines between): a menu item stays a line of its own, as on the page.
    const ex = sentencesToExample({
      id,
      query: l.claim,
      sentences: l.evidence,
      answerSentences: wanted,
      group,
      resultId: id,
      separator: "\n\n",
      // A supporting "sentence" that is only markup ("* ") has no text to keep: left out, not fatal.
      dropUnlocated: true,
      ...(title ? { title } : {}),
    });
    if (!ex || ex.evidence.length === 0) continue;
    examples.push({ ...ex, results: ex.results.map((r) => ({ ...r, locale: opts.locale ?? "en" })) });
  }
  throwIfRecordErrors(errors, source);
  return examples;
}

export async function readWice(path: string, opts: ImportOptions & { prefix?: string } = {}): Promise<EvalExample[]> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (e) {
    throw new AppError("NOT_FOUND", `Cannot read ${path}: ${(e as Error).message}`);
  }
  return parseWice(text, { ...opts, source: path });
}
