import "server-only";
import { isAppError } from "@/lib/errors";
import { parseHotpotQa } from "@/lib/data/read-hotpotqa";
import { parseJsonl } from "@/lib/data/read-jsonl";
import { parseSquad } from "@/lib/data/read-squad";
import type { EvalExample, RecordError } from "@/lib/data/types";
import { DATASET_LIMITS, type EvidenceMode, type ImportFormat, type ImportRecordError } from "@/lib/schemas/datasets";
import { decodeImportInput } from "@/lib/spans/formats/decode-import-input";
import { importLabelStudio } from "@/lib/spans/formats/import-label-studio";
import { parseGoldJsonl } from "@/lib/spans/formats/parse-gold-jsonl";
import type { ImportIssue, SpanDocument } from "@/lib/spans/formats/types";
import type { ImportPairPlan } from "../db/datasets/write-imported-pairs";
import { plansFromExamples } from "./plans-from-examples";
import { plansFromSpanDocuments } from "./plans-from-span-documents";

export type ParseImportFileOptions = {
  format: ImportFormat;
  /** Raw file bytes: size-checked, then decoded as strict UTF-8. */
  bytes: Uint8Array;
  evidence?: EvidenceMode;
  maxBytes?: number;
};

export type ParsedImportFile = { ok: true; plans: ImportPairPlan[]; droppedHumanSpans: number } | { ok: false; errors: ImportRecordError[] };

const LABELS: Record<ImportFormat, string> = {
  jsonl: "JSONL file",
  squad: "SQuAD file",
  hotpotqa: "HotpotQA file",
  "label-studio": "Label Studio file",
  "gold-jsonl": "gold JSONL file",
};

const fromIssues = (issues: readonly ImportIssue[]): ImportRecordError[] => issues.map((i) => ({ record: i.record, message: i.message }));

/** lib/data importers throw UNPROCESSABLE with details.errors (every bad record): turn that back into a list. */
function examplesOrErrors(parse: () => EvalExample[]): { ok: true; examples: EvalExample[] } | { ok: false; errors: ImportRecordError[] } {
  try {
    return { ok: true, examples: parse() };
  } catch (e) {
    if (!isAppError(e)) throw e;
    const list = (e.details as { errors?: RecordError[] } | undefined)?.errors;
    return {
      ok: false,
      errors: list?.length ? list.map((r) => ({ record: r.record, message: r.message })) : [{ record: "file", message: e.message }],
    };
  }
}

/**
 * Any supported file → pairs to import, or every problem found. Pure (no database): size first, strict UTF-8, then
 * the format's own all-or-nothing parser (lib/data importers, lib/spans/formats), then conversion to pair plans.
 */
export function parseImportFile({
  format,
  bytes,
  evidence = "gold",
  maxBytes = DATASET_LIMITS.maxImportBytes,
}: ParseImportFileOptions): ParsedImportFile {
  const label = LABELS[format];
  const decoded = decodeImportInput(bytes, { maxBytes, label });
  if (!decoded.ok) return { ok: false, errors: fromIssues([decoded.error]) };
  const text = decoded.text;
  if (!text.trim()) return { ok: false, errors: [{ record: "file", message: `${label} is empty` }] };

  if (format === "label-studio" || format === "gold-jsonl") {
    let documents: SpanDocument[];
    if (format === "label-studio") {
      const r = importLabelStudio({ input: text, maxBytes });
      if (!r.ok) return { ok: false, errors: fromIssues(r.errors) };
      documents = r.records;
    } else {
      const r = parseGoldJsonl({ input: text, maxBytes });
      if (!r.ok) return { ok: false, errors: fromIssues(r.errors) };
      documents = r.records.map((g) => ({
        pairId: g.pairId,
        query: g.query,
        documentId: g.documentId,
        text: g.text,
        ...(g.url !== undefined ? { url: g.url } : {}),
        ...(g.title !== undefined ? { title: g.title } : {}),
        ...(g.externalId !== undefined ? { externalId: g.externalId } : {}),
        // The page structure travels with the text (checked against it by parseGoldJsonl), stored as is.
        ...(g.blocks !== undefined ? { blocks: g.blocks } : {}),
        spans: g.spans.map((s) => ({ ...s, documentId: g.documentId })),
        ...(g.noVital ? { goldNoVital: true } : {}),
      }));
    }
    const { plans, errors, droppedHumanSpans } = plansFromSpanDocuments(documents);
    return errors.length ? { ok: false, errors } : { ok: true, plans, droppedHumanSpans };
  }

  let parsed: ReturnType<typeof examplesOrErrors>;
  if (format === "jsonl") parsed = examplesOrErrors(() => parseJsonl(text, { source: label }));
  else {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      return { ok: false, errors: [{ record: "file", message: `${label} is not valid JSON: ${(e as Error).message}` }] };
    }
    parsed = examplesOrErrors(() => (format === "squad" ? parseSquad(json, { source: label }) : parseHotpotQa(json, { source: label })));
  }
  if (!parsed.ok) return parsed;
  return {
    ok: true,
    plans: plansFromExamples({ examples: parsed.examples, evidence, evidenceModelName: `${format}-evidence` }),
    droppedHumanSpans: 0,
  };
}
