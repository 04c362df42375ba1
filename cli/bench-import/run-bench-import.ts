import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { EXPORT_FORMATS, type ExportFormat, type ImportFormat } from "../../lib/schemas/datasets";
import { createDbClient } from "../../lib/server/db/client";
import { createDataset } from "../../lib/server/db/datasets/create-dataset";
import { migrateDatabase } from "../../lib/server/db/migrate";
import { exportDataset } from "../../lib/server/export/export-dataset";
import { importDatasetFile } from "../../lib/server/import/import-dataset-file";
import { generateJsonl, type GeneratedFileStats, paragraphsForSize } from "./generate-jsonl";

export type BenchImportOptions = {
  /** Pairs to generate (ignored with `file`). */
  pairs: number;
  /** Grow the generated file to about this many MB by lengthening documents. */
  sizeMb?: number;
  seed: number;
  /** A real file to import instead of a generated one. */
  file?: string;
  format: ImportFormat;
  /** Keep the temporary folder (database + generated file). */
  keep: boolean;
  /** Progress lines (default: none). */
  log?: (message: string) => void;
};

export type BenchExportFigures = { format: ExportFormat; seconds: number; bytes: number; lines: number };

export type BenchImportResult = {
  file: { path: string; format: ImportFormat; bytes: number; generated: GeneratedFileStats | null };
  import: { pairs: number; documents: number; goldSpans: number; suggestions: number; skipped: number; seconds: number; pairsPerSec: number };
  exports: BenchExportFigures[];
  databaseBytes: number;
  /** process.resourceUsage().maxRSS after each phase: the phase where it jumps is where the peak came from. */
  maxRssMb: { beforeImport: number; afterImport: number; afterExports: number };
  peakRssMb: number;
  /** The temporary folder when kept, else null (removed). */
  keptDir: string | null;
};

const maxRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);
const seconds = (fromMs: number) => Math.round((performance.now() - fromMs) / 10) / 100;

/** Reads the stream to the end as the HTTP response would, counting bytes and lines without keeping them. */
async function drain(body: ReadableStream<Uint8Array>): Promise<{ bytes: number; lines: number }> {
  let bytes = 0;
  let lines = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes, lines };
    bytes += value.byteLength;
    for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines++;
  }
}

/** The benchmark itself: temp database → (generate) → import → three exports → figures. Cleans up unless `keep`. */
export async function runBenchImport(options: BenchImportOptions): Promise<BenchImportResult> {
  const log = options.log ?? (() => {});
  const dir = mkdtempSync(path.join(tmpdir(), "snippet-lab-bench-import-"));
  const url = `file:${path.join(dir, "bench.db")}`;
  const db = createDbClient({ url });
  try {
    await migrateDatabase({ url, migrationsDir: path.resolve(import.meta.dirname, "../../prisma/migrations") });

    let file = options.file;
    let generated: GeneratedFileStats | null = null;
    if (!file) {
      file = path.join(dir, "bench.jsonl");
      const paragraphsPerDocument = options.sizeMb
        ? paragraphsForSize({ dir, pairs: options.pairs, seed: options.seed, targetBytes: options.sizeMb * 1024 * 1024 })
        : 3;
      log(`generating ${options.pairs} pairs (${paragraphsPerDocument} paragraphs per document, seed ${options.seed})…`);
      generated = generateJsonl({ path: file, pairs: options.pairs, seed: options.seed, paragraphsPerDocument });
    }
    const format = options.file ? options.format : "jsonl";
    const fileBytes = statSync(file).size;
    const dataset = await createDataset({ name: "bench-import", db });

    const beforeImport = maxRssMb();
    log(`importing ${(fileBytes / 1024 / 1024).toFixed(1)} MB…`);
    // The route holds the whole upload as bytes too (readImportRequest); a Buffer is a Uint8Array, so no copy.
    let t = performance.now();
    const bytes = readFileSync(file);
    const summary = await importDatasetFile({ datasetId: dataset.id, format, bytes, db });
    const importSeconds = seconds(t);
    const afterImport = maxRssMb();

    const exports: BenchExportFigures[] = [];
    // Judge token labels need a judgment to export, which an import does not make.
    for (const exportFormat of EXPORT_FORMATS.filter((f) => f !== "judge-jsonl")) {
      log(`exporting ${exportFormat}…`);
      t = performance.now();
      const out = await exportDataset({ datasetId: dataset.id, format: exportFormat, db });
      const { bytes: size, lines } = await drain(out.body);
      exports.push({ format: exportFormat, seconds: seconds(t), bytes: size, lines });
    }
    const afterExports = maxRssMb();

    return {
      file: { path: options.file ?? file, format, bytes: fileBytes, generated },
      import: {
        pairs: summary.pairs,
        documents: summary.documents,
        goldSpans: summary.goldSpans,
        suggestions: summary.suggestions,
        skipped: summary.skipped,
        seconds: importSeconds,
        pairsPerSec: Math.round(summary.pairs / Math.max(importSeconds, 0.01)),
      },
      exports,
      databaseBytes: statSync(path.join(dir, "bench.db")).size,
      maxRssMb: { beforeImport, afterImport, afterExports },
      peakRssMb: maxRssMb(),
      keptDir: options.keep ? dir : null,
    };
  } finally {
    await db.$disconnect();
    if (!options.keep) rmSync(dir, { recursive: true, force: true });
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const num = (n: number) => n.toLocaleString("en-US");

export function formatBenchTable(r: BenchImportResult): string {
  const g = r.file.generated;
  const rows: [string, string][] = [
    [
      "file",
      `${mb(r.file.bytes)}  ${r.file.format}${g ? `, ${num(g.records)} records (${num(g.htmlDocuments)} HTML documents, ${g.paragraphsPerDocument} paragraphs/doc)` : `, ${r.file.path}`}`,
    ],
    [
      "imported",
      `${num(r.import.pairs)} pairs, ${num(r.import.documents)} documents, ${num(r.import.goldSpans)} gold spans${r.import.suggestions ? `, ${num(r.import.suggestions)} suggestions` : ""}${r.import.skipped ? `, ${num(r.import.skipped)} skipped` : ""}`,
    ],
    ["import", `${r.import.seconds.toFixed(2)} s  ${num(r.import.pairsPerSec)} pairs/s  (database ${mb(r.databaseBytes)})`],
    ...r.exports.map((e): [string, string] => [`export ${e.format}`, `${e.seconds.toFixed(2)} s  ${mb(e.bytes)}  ${num(e.lines)} lines`]),
    [
      "peak RSS",
      `${num(r.peakRssMb)} MB  (max before import ${num(r.maxRssMb.beforeImport)}, after import ${num(r.maxRssMb.afterImport)}, after exports ${num(r.maxRssMb.afterExports)})`,
    ],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`).join("\n");
}
