import { readFile } from "node:fs/promises";
import { z } from "zod";
import { AppError } from "../errors";
import { jsonlRecords } from "./jsonl-records";
import { formatZodError, throwIfRecordErrors } from "./record-errors";
import { sentencesToExample } from "./sentences-to-example";
import { hash } from "./split-by-group";
import { createRng } from "./synthesize-page";
import { stripCitationMarkers } from "./strip-citation-markers";
import type { EvalExample, EvidenceSpan, ImportOptions, RecordError } from "./types";

/*
 * SciFact-layout claims (SciFact, Citation-Integrity): a claims JSONL and a corpus JSONL.
 *   claims: {"id", "claim", "evidence": {"<doc_id>": [{"sentences": [i, ..], "label": "SUPPORT"|"REFUTE"|"CONTRADICT"}]},
 *            "cited_doc_ids": [doc_id, ..]}
 *   corpus: {"doc_id", "title", "abstract": [sentence, ..]}
 * One example per claim: the claim (citation markers removed) is the query, each cited abstract one result (its
 * sentences joined into one paragraph), and every sentence that supports OR refutes the claim is evidence: it is
 * what a reader needs to judge the claim. A claim with no evidence sentence is kept with evidence [] (a cited
 * abstract that does not bear on it); callers decide whether they want those.
 */
const idSchema = z.union([z.string().min(1), z.number()]).transform(String);
const claimSchema = z.object({
  id: idSchema,
  claim: z.string().min(1, "claim is empty"),
  evidence: z.record(z.string(), z.array(z.object({ sentences: z.array(z.number().int().min(0)), label: z.string().optional() }))).default({}),
  cited_doc_ids: z.array(idSchema).default([]),
});
const docSchema = z.object({ doc_id: idSchema, title: z.string().optional(), abstract: z.array(z.string()) });

export interface SciFactDoc {
  id: string;
  title?: string;
  sentences: string[];
}

export interface ParseSciFactOptions extends ImportOptions {
  claims: string;
  corpus: string;
  /** Prefix of example ids and groups (e.g. "citint"). */
  prefix?: string;
  source?: string;
  /**
   * Put each document's sentences in an order of their own (seeded by the document id): for corpora whose sentence
   * lists are not real abstracts but the evidence first and other sentences after (Citation-Integrity), where the
   * given order would tell where the evidence is.
   */
  shuffleSentences?: boolean;
}

/** A fixed permutation of 0..n-1 from a document id: order[k] is the original index of the k-th sentence. */
export function sentenceOrder(docId: string, n: number): number[] {
  const rng = createRng(hash(docId, 31));
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

export function parseSciFactCorpus(text: string, source = "SciFact corpus"): Map<string, SciFactDoc> {
  const errors: RecordError[] = [];
  const docs = new Map<string, SciFactDoc>();
  for (const { record, json } of jsonlRecords(text, errors)) {
    const parsed = docSchema.safeParse(json);
    if (!parsed.success) errors.push({ record, message: formatZodError(parsed.error, json) });
    else
      docs.set(parsed.data.doc_id, {
        id: parsed.data.doc_id,
        sentences: parsed.data.abstract,
        ...(parsed.data.title?.trim() ? { title: parsed.data.title.trim() } : {}),
      });
  }
  throwIfRecordErrors(errors, source);
  return docs;
}

export function parseSciFactClaims(opts: ParseSciFactOptions): EvalExample[] {
  const source = opts.source ?? "SciFact claims";
  const docs = parseSciFactCorpus(opts.corpus, `${source} (corpus)`);
  const prefix = opts.prefix ? `${opts.prefix}:` : "";
  const errors: RecordError[] = [];
  const examples: EvalExample[] = [];
  const limit = opts.limit ?? Infinity;
  for (const { record, json } of jsonlRecords(opts.claims, errors)) {
    if (examples.length >= limit) break;
    const parsed = claimSchema.safeParse(json);
    if (!parsed.success) {
      errors.push({ record, message: formatZodError(parsed.error, json) });
      continue;
    }
    const c = parsed.data;
    // Evidence documents count as cited even when cited_doc_ids leaves them out.
    const docIds = [...new Set([...c.cited_doc_ids, ...Object.keys(c.evidence)])];
    const missing = docIds.filter((d) => !docs.has(d));
    if (missing.length > 0) {
      errors.push({ record, message: `cited document(s) ${missing.join(", ")} not in the corpus` });
      continue;
    }
    const query = stripCitationMarkers(c.claim);
    if (!query) {
      errors.push({ record, message: "claim is empty once citation markers are removed" });
      continue;
    }
    const results: EvalExample["results"] = [];
    const evidence: EvidenceSpan[] = [];
    let bad = false;
    for (const d of docIds) {
      const doc = docs.get(d)!;
      const wanted = (c.evidence[d] ?? []).flatMap((e) => e.sentences);
      if (wanted.some((i) => i >= doc.sentences.length)) {
        errors.push({ record, message: `evidence sentence out of range for document ${d} (${doc.sentences.length} sentences)` });
        bad = true;
        break;
      }
      if (doc.sentences.length === 0) continue;
      const order = opts.shuffleSentences ? sentenceOrder(d, doc.sentences.length) : doc.sentences.map((_, i) => i);
      const ex = sentencesToExample({
        id: c.id,
        query,
        sentences: order.map((i) => doc.sentences[i]!),
        answerSentences: order.flatMap((i, k) => (wanted.includes(i) ? [k] : [])),
        group: d,
        resultId: `${prefix}${d}`,
        ...(doc.title ? { title: doc.title } : {}),
      });
      if (!ex) {
        errors.push({ record, message: `an evidence sentence of document ${d} is empty or could not be located` });
        bad = true;
        break;
      }
      results.push(...ex.results.map((r) => (opts.locale ? { ...r, locale: opts.locale } : r)));
      evidence.push(...ex.evidence);
    }
    if (bad || results.length === 0) continue;
    // Grouped by the cited documents: a claim and its abstracts never straddle splits.
    examples.push({ id: `${prefix}${c.id}`, query, results, evidence, group: `${prefix}${[...docIds].sort().join("+")}` });
  }
  throwIfRecordErrors(errors, source);
  return examples;
}

async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (e) {
    throw new AppError("NOT_FOUND", `Cannot read ${path}: ${(e as Error).message}`);
  }
}

export async function readSciFactClaims(
  claimsPath: string,
  corpusPath: string,
  opts: ImportOptions & Pick<ParseSciFactOptions, "prefix" | "shuffleSentences"> = {},
): Promise<EvalExample[]> {
  const [claims, corpus] = await Promise.all([readText(claimsPath), readText(corpusPath)]);
  return parseSciFactClaims({ ...opts, claims, corpus, source: claimsPath });
}
