import "server-only";
import { DATASET_LIMITS, type ImportRecordError } from "@/lib/schemas/datasets";
import { isSpanCategory } from "@/lib/spans/categories";
import { checkSpanInText } from "@/lib/spans/schemas";
import { findBlockProblems } from "@/lib/text/find-block-problems";
import type { ImportPairPlan } from "../db/datasets/write-imported-pairs";

/** Stop collecting after this many problems (the import is refused either way). */
export const MAX_REPORTED_ERRORS = 1000;

/**
 * Last check before anything is written, whatever the source format: query and documents present, externalIds unique
 * within the file, every document's blocks tiling its text, every gold span and suggestion inside its document's text
 * and matching it. Returns every problem
 * (up to MAX_REPORTED_ERRORS); the record is the externalId when there is one, else the pair's index.
 */
export function validateImportPlans(plans: readonly ImportPairPlan[]): ImportRecordError[] {
  const errors: ImportRecordError[] = [];
  if (plans.length === 0) return [{ record: "file", message: "no records to import" }];
  if (plans.length > DATASET_LIMITS.maxImportPairs) {
    return [{ record: "file", message: `${plans.length} pairs; at most ${DATASET_LIMITS.maxImportPairs} per import (split the file)` }];
  }
  const ids = new Map<string, number>();
  for (const [i, p] of plans.entries()) {
    if (errors.length >= MAX_REPORTED_ERRORS) {
      errors.push({ record: "file", message: `stopped after ${MAX_REPORTED_ERRORS} errors` });
      break;
    }
    const record = p.externalId ?? i;
    const add = (field: string, message: string) => errors.push({ record, field, message });
    if (p.externalId !== undefined) {
      const prev = ids.get(p.externalId);
      if (prev !== undefined) add("externalId", `duplicate id ${JSON.stringify(p.externalId)} (also record ${prev})`);
      else ids.set(p.externalId, i);
    }
    if (!p.query.trim()) add("query", "the query is empty");
    else if (p.query.length > DATASET_LIMITS.maxQueryChars)
      add("query", `the query has ${p.query.length} characters; at most ${DATASET_LIMITS.maxQueryChars}`);
    if (p.documents.length === 0) add("documents", "no documents");
    if (p.documents.length > DATASET_LIMITS.maxResults)
      add("documents", `${p.documents.length} documents; at most ${DATASET_LIMITS.maxResults} per pair`);
    p.documents.forEach((d, j) => {
      if (!d.text.trim()) add(`documents[${j}]`, "the document has no text (empty, or HTML without readable content)");
      // Stored blocks are what the workspace, scoring and exports read: never ones that do not fit the text.
      else for (const problem of findBlockProblems(d.blocks, d.text)) add(`documents[${j}]`, problem);
    });
    const checkSpans = (list: readonly { documentIndex: number; start: number; end: number; text: string; category: string }[], kind: string) =>
      list.forEach((s, k) => {
        const field = `${kind}[${k}]`;
        const doc = p.documents[s.documentIndex];
        if (!doc) return add(field, `document ${s.documentIndex} does not exist`);
        if (!isSpanCategory(s.category)) return add(field, `unknown category ${JSON.stringify(s.category)}`);
        const problem = checkSpanInText(s, doc.text);
        if (problem) add(field, `document ${s.documentIndex}: ${problem}`);
      });
    checkSpans(p.gold, "gold");
    checkSpans(p.suggestions, "suggestions");
  }
  return errors;
}
