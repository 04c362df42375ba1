import "server-only";
import { AppError } from "@/lib/errors";
import type { ExportFormat } from "@/lib/schemas/datasets";
import { assertDocumentsValid } from "@/lib/spans/formats/check-documents";
import { goldAuditForRecord } from "@/lib/spans/audit/gold-audit-for-record";
import { exportGoldJsonl } from "@/lib/spans/formats/export-gold-jsonl";
import { exportJudgeLabelsJsonl } from "@/lib/spans/formats/export-judge-labels";
import { parseJudgeConfigKey } from "@/lib/schemas/judge";
import { exportLabelStudio } from "@/lib/spans/formats/export-label-studio";
import { exportProdigy } from "@/lib/spans/formats/export-prodigy";
import type { SpanDocument, TokenizerLike } from "@/lib/spans/formats/types";
import { type Db, getDb } from "../db/client";
import { getDataset } from "../db/datasets/get-dataset";
import { loadExportPage } from "../db/datasets/load-export-page";
import { listGoldAuditEvents } from "../db/audit/list-gold-audit-events";
import { loadExportTokenizer } from "./load-export-tokenizer";

export type ExportDatasetOptions = {
  datasetId: string;
  format: ExportFormat;
  /** Model whose tokenizer computes token offsets and keep labels (default model). */
  model?: string;
  /** Pairs per database page (memory bound of the stream). */
  pageSize?: number;
  /** judge-jsonl: the judge configuration ("model|promptVersion|variant") whose judgments become token labels. */
  judge?: string;
  /** gold-jsonl: each record carries its pair's gold history (`audit`, oldest first, the record's document's spans). */
  audit?: boolean;
  /** Tests: a tokenizer instead of a model's. */
  tokenizer?: TokenizerLike;
  db?: Db;
};

export type DatasetExport = { filename: string; contentType: string; body: ReadableStream<Uint8Array> };

const FILES: Record<ExportFormat, { suffix: string; contentType: string; label: string }> = {
  "gold-jsonl": { suffix: "gold.jsonl", contentType: "application/x-ndjson; charset=utf-8", label: "gold JSONL export" },
  "label-studio": { suffix: "label-studio.json", contentType: "application/json; charset=utf-8", label: "Label Studio export" },
  prodigy: { suffix: "prodigy.jsonl", contentType: "application/x-ndjson; charset=utf-8", label: "Prodigy export" },
  "judge-jsonl": { suffix: "judge-labels.jsonl", contentType: "application/x-ndjson; charset=utf-8", label: "judge token labels export" },
};

/** Pages of span documents, in pair order, until the dataset is exhausted. */
async function* pages(opts: {
  datasetId: string;
  onlyGold: boolean;
  withSuggestions: boolean;
  judge?: { model: string; promptVersion: string; variant: string };
  pageSize: number;
  /** Attach each pair's gold history to its documents (one more query per page). */
  audit?: boolean;
  db: Db;
}): AsyncGenerator<SpanDocument[]> {
  let after: string | undefined;
  for (;;) {
    const page = await loadExportPage({ ...opts, take: opts.pageSize, ...(after !== undefined ? { afterPairId: after } : {}) });
    if (page.pairs === 0) return;
    if (opts.audit) await attachAudit(page.documents, opts.db);
    yield page.documents;
    if (page.pairs < opts.pageSize || page.lastPairId === null) return;
    after = page.lastPairId;
  }
}

/** Each document gets its pair's gold history, its own spans only (goldAuditForRecord). */
async function attachAudit(documents: SpanDocument[], db: Db): Promise<void> {
  const events = await listGoldAuditEvents({ pairIds: [...new Set(documents.map((d) => d.pairId))], order: "oldest", db });
  const byPair = new Map<string, typeof events>();
  for (const e of events) byPair.set(e.pairId, [...(byPair.get(e.pairId) ?? []), e]);
  for (const d of documents) d.audit = goldAuditForRecord(byPair.get(d.pairId) ?? [], d.documentId);
}

/**
 * A dataset export as a stream, one database page at a time:
 * - gold-jsonl: pairs with gold, one line per pair × document, gold spans + token keep labels (vital gold) from the
 *   model's tokenizer (with `audit`, each record also carries its pair's gold history);
 * - label-studio: every pair, gold as ground_truth annotations, model/judge suggestions as predictions;
 * - prodigy: pairs with gold, gold spans with token indices.
 * A first pass checks every span against its text (an export never writes drifted offsets: UNPROCESSABLE before any
 * byte is sent); the second pass streams.
 */
export async function exportDataset(options: ExportDatasetOptions): Promise<DatasetExport> {
  const { datasetId, format, model, pageSize = 200, db = getDb() } = options;
  const dataset = await getDataset({ id: datasetId, db });
  const tokenizer = options.tokenizer ?? (format === "label-studio" ? undefined : loadExportTokenizer({ ...(model ? { model } : {}) }).tokenizer);
  let judge: { model: string; promptVersion: string; variant: string } | undefined;
  if (format === "judge-jsonl") {
    const key = options.judge ? parseJudgeConfigKey(options.judge) : null;
    if (!key) throw new AppError("BAD_REQUEST", "format judge-jsonl needs judge=model|promptVersion|variant (the judge configuration to export)");
    judge = key;
  }
  const scope = {
    datasetId,
    onlyGold: format !== "label-studio" && format !== "judge-jsonl",
    withSuggestions: format === "label-studio",
    ...(judge ? { judge } : {}),
    pageSize,
    db,
  };
  const file = FILES[format];

  // gold-jsonl and judge-jsonl carry each document's blocks: checked as an import of the file will check them.
  const blocks = format === "gold-jsonl" || format === "judge-jsonl";
  for await (const docs of pages(scope)) assertDocumentsValid(docs, file.label, { blocks });

  const encoder = new TextEncoder();
  // The history rides on the second pass only: the first checks spans.
  const iterator = pages({ ...scope, audit: format === "gold-jsonl" && options.audit === true });
  let tasks = 0;
  let annotations = 0;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (format === "label-studio" && !started) {
          started = true;
          controller.enqueue(encoder.encode("["));
        }
        const next = await iterator.next();
        if (next.done) {
          if (format === "label-studio") controller.enqueue(encoder.encode(tasks === 0 ? "]\n" : "\n]\n"));
          controller.close();
          return;
        }
        const docs = next.value;
        let chunk: string;
        if (format === "gold-jsonl") chunk = exportGoldJsonl({ documents: docs, tokenizer: tokenizer!, keepSources: ["gold"] });
        else if (format === "judge-jsonl") chunk = exportJudgeLabelsJsonl({ documents: docs, tokenizer: tokenizer! });
        else if (format === "prodigy") chunk = exportProdigy({ documents: docs, ...(tokenizer ? { tokenizer } : {}) });
        else {
          const out = exportLabelStudio({ documents: docs, firstTaskId: tasks + 1, firstAnnotationId: annotations + 1 });
          chunk = out.map((t, i) => `${tasks + i === 0 ? "\n" : ",\n"}${JSON.stringify(t)}`).join("");
          tasks += out.length;
          annotations += out.reduce((n, t) => n + t.annotations.length, 0);
        }
        controller.enqueue(encoder.encode(chunk));
      } catch (e) {
        controller.error(e);
      }
    },
    async cancel() {
      await iterator.return(undefined);
    },
  });
  const slug = dataset.name.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") || "dataset";
  return { filename: `${slug}-${file.suffix}`, contentType: file.contentType, body };
}
