import { readFile } from "node:fs/promises";
import { z } from "zod";
import { AppError } from "../errors";
import { jsonlRecords } from "./jsonl-records";
import { formatZodError, throwIfRecordErrors } from "./record-errors";
import type { RecordError } from "./types";

/*
 * FEVER claim–evidence pairs (RTE layout), one per line: {"id", "claim", "evidence", "label": "entailment"|"not_entailment"}.
 * The evidence is one or more Wikipedia sentences in FEVER's tokenized form ("Soul Food ( -LRB- ... ) , a film .").
 */
const lineSchema = z.object({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  claim: z.string().min(1, "claim is empty"),
  evidence: z.string().min(1, "evidence is empty"),
  label: z.string(),
});

export interface FeverPair {
  id: string;
  claim: string;
  /** The evidence split into sentences, still tokenized (they are compared as strings). */
  sentences: string[];
  entailed: boolean;
}

/** FEVER's tokenized sentences end with " ." (or " ?", " !"); a sentence starts after the space that follows. */
export function splitFeverSentences(evidence: string): string[] {
  return evidence
    .split(/(?<= [.!?]) (?=\S)/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** FEVER's (PTB-style) tokenized text as ordinary prose: brackets, quotes and spacing around punctuation restored. */
export function detokenizeFever(text: string): string {
  return (
    text
      .replace(/-LRB-/g, "(")
      .replace(/-RRB-/g, ")")
      .replace(/-LSB-/g, "[")
      .replace(/-RSB-/g, "]")
      .replace(/-LCB-/g, "{")
      .replace(/-RCB-/g, "}")
      .replace(/ -- /g, " – ")
      .replace(/([([{]) /g, "$1")
      .replace(/ ([)\]}])/g, "$1")
      .replace(/ ([.,;:!?%])(?=\s|$)/g, "$1")
      .replace(/ ('s|'re|'ve|'ll|'d|'m|n't)\b/gi, "$1")
      // Quotes last: "`` Love or Lust , ''" → "\"Love or Lust,\"" once the comma has moved.
      .replace(/``\s*/g, '"')
      .replace(/\s*''/g, '"')
      .replace(/\s{2,}/g, " ")
      .trim()
  );
}

export function parseFeverPairs(text: string, source = "FEVER pairs"): FeverPair[] {
  const errors: RecordError[] = [];
  const pairs: FeverPair[] = [];
  for (const { record, json } of jsonlRecords(text, errors)) {
    const parsed = lineSchema.safeParse(json);
    if (!parsed.success) {
      errors.push({ record, message: formatZodError(parsed.error, json) });
      continue;
    }
    const l = parsed.data;
    if (l.label !== "entailment" && l.label !== "not_entailment") {
      errors.push({ record, message: `label must be entailment or not_entailment (got "${l.label}")` });
      continue;
    }
    pairs.push({ id: l.id, claim: l.claim.trim(), sentences: splitFeverSentences(l.evidence), entailed: l.label === "entailment" });
  }
  throwIfRecordErrors(errors, source);
  return pairs;
}

export async function readFeverPairs(path: string): Promise<FeverPair[]> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (e) {
    throw new AppError("NOT_FOUND", `Cannot read ${path}: ${(e as Error).message}`);
  }
  return parseFeverPairs(text, path);
}
