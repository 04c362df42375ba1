import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { AppError } from "../../lib/errors";
import { DATASET_LIMITS, EXPORT_FORMATS, type ExportFormat, IMPORT_FORMATS, type ImportFormat } from "../../lib/schemas/datasets";
import { createDbClient } from "../../lib/server/db/client";
import { createDataset } from "../../lib/server/db/datasets/create-dataset";
import { migrateDatabase } from "../../lib/server/db/migrate";
import { exportDataset } from "../../lib/server/export/export-dataset";
import { importDatasetFile } from "../../lib/server/import/import-dataset-file";
import type { CliCommand } from "../types";
import { createRng } from "../../lib/data/synthesize-page";

const usage = `snippet-lab bench-import [--pairs N] [--size-mb N] [--seed N] [--file PATH --format F] [--json OUT] [--keep]

Import and export throughput of the dataset pipeline, through the same server functions as the routes
(importDatasetFile, exportDataset), on a temporary migrated SQLite database in the OS temp folder.
Generates a synthetic JSONL file (English, Italian, Ukrainian and Chinese paragraphs; text, HTML and
result-set records; evidence as offsets and quotes), imports it, exports gold-jsonl, label-studio and
prodigy, and prints file size, imported counts, import seconds and pairs/s, each export's seconds and
size, and peak RSS.

  --pairs N      pairs to generate (default 5000; at most ${DATASET_LIMITS.maxImportPairs})
  --size-mb N    grow the generated file to about N MB with longer documents (same number of pairs);
                 the upload limit is ${DATASET_LIMITS.maxImportBytes / 1024 / 1024} MB
  --seed N       generator seed (default 1): same seed and options, same file
  --file PATH    import this file instead of generating one
  --format F     format of --file: ${IMPORT_FORMATS.join(", ")} (default jsonl)
  --json OUT     also write the figures as JSON
  --keep         keep the temporary folder (database and generated file) and print its path`;

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

export type GeneratedFileStats = { records: number; documents: number; evidence: number; htmlDocuments: number; paragraphsPerDocument: number };

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

// --- Synthetic data -------------------------------------------------------------------------------------------

type Lang = "en" | "it" | "uk" | "zh";
const LANGS: readonly Lang[] = ["en", "it", "uk", "zh"];

/** Word pools per language: subject + verb phrase + object + tail makes a sentence; varied enough to tokenize realistically. */
const POOLS: Record<
  Lang,
  { subjects: string[]; verbs: string[]; objects: string[]; tails: string[]; questions: string[]; titles: string[]; end: string; sep: string }
> = {
  en: {
    subjects: [
      "The city museum",
      "The old stone bridge",
      "The public library",
      "The northern harbour",
      "The central station",
      "The botanical garden",
      "The town council",
      "The river ferry",
    ],
    verbs: [
      "opens at",
      "was rebuilt in",
      "is closed on",
      "charges visitors",
      "hosts a market on",
      "was founded in",
      "reopened after",
      "publishes its timetable for",
    ],
    objects: [
      "ten in the morning",
      "the spring of 1987",
      "public holidays",
      "twelve euros per ticket",
      "the first Sunday of the month",
      "the great flood",
      "every season",
      "school groups",
    ],
    tails: [
      "according to the official guide",
      "as the local newspaper reported",
      "unless the weather is bad",
      "for the next three years",
      "after a long renovation",
      "with free entry for children",
    ],
    questions: ["When does", "How much does", "What happened to", "Why is"],
    titles: ["Visiting the old town", "Opening hours and tickets", "A short history", "Practical information"],
    end: ".",
    sep: " ",
  },
  it: {
    subjects: [
      "Il museo civico",
      "Il vecchio ponte di pietra",
      "La biblioteca comunale",
      "Il porto settentrionale",
      "La stazione centrale",
      "L'orto botanico",
      "Il consiglio comunale",
      "Il traghetto sul fiume",
    ],
    verbs: [
      "apre alle",
      "è stato ricostruito nel",
      "resta chiuso durante",
      "costa ai visitatori",
      "ospita un mercato nel",
      "è stato fondato nel",
      "ha riaperto dopo",
      "pubblica l'orario per",
    ],
    objects: [
      "dieci del mattino",
      "la primavera del 1987",
      "i giorni festivi",
      "dodici euro a biglietto",
      "la prima domenica del mese",
      "la grande alluvione",
      "ogni stagione",
      "le gite scolastiche",
    ],
    tails: [
      "secondo la guida ufficiale",
      "come ha riportato il giornale locale",
      "a meno che il tempo non sia cattivo",
      "per i prossimi tre anni",
      "dopo un lungo restauro",
      "con ingresso gratuito per i bambini",
    ],
    questions: ["Quando", "Quanto costa", "Che cosa è successo a", "Perché"],
    titles: ["Visitare la città vecchia", "Orari e biglietti", "Una breve storia", "Informazioni pratiche"],
    end: ".",
    sep: " ",
  },
  uk: {
    subjects: [
      "Міський музей",
      "Старий кам'яний міст",
      "Публічна бібліотека",
      "Північна гавань",
      "Центральний вокзал",
      "Ботанічний сад",
      "Міська рада",
      "Річковий пором",
    ],
    verbs: [
      "відкривається о",
      "був відбудований у",
      "зачинений у",
      "коштує відвідувачам",
      "проводить ярмарок у",
      "був заснований у",
      "знову відкрився після",
      "публікує розклад на",
    ],
    objects: [
      "десятій ранку",
      "весні 1987 року",
      "святкові дні",
      "дванадцять євро за квиток",
      "першу неділю місяця",
      "великої повені",
      "кожен сезон",
      "шкільні екскурсії",
    ],
    tails: [
      "згідно з офіційним путівником",
      "як повідомила місцева газета",
      "якщо погода не погана",
      "протягом наступних трьох років",
      "після тривалої реставрації",
      "з безкоштовним входом для дітей",
    ],
    questions: ["Коли", "Скільки коштує", "Що сталося з", "Чому"],
    titles: ["Відвідування старого міста", "Години роботи та квитки", "Коротка історія", "Практична інформація"],
    end: ".",
    sep: " ",
  },
  zh: {
    subjects: ["市博物馆", "古老的石桥", "公共图书馆", "北部港口", "中央火车站", "植物园", "市议会", "渡轮"],
    verbs: ["在", "于", "在节假日", "向游客收取", "每月举办", "始建于", "重新开放于", "公布了"],
    objects: ["上午十点开门", "1987年春天重建", "闭馆", "每张门票十二欧元", "第一个星期日的集市", "大洪水之后", "每个季节的时刻表", "学校团体参观"],
    tails: ["据官方指南介绍", "据当地报纸报道", "除非天气恶劣", "在未来三年内", "经过长期修复", "儿童免费入场"],
    questions: ["什么时候", "多少钱", "发生了什么", "为什么"],
    titles: ["参观老城", "开放时间和门票", "简史", "实用信息"],
    end: "。",
    sep: "",
  },
};

type Doc = { title: string; paragraphs: string[][]; evidence: { paragraph: number; sentence: number }; lang: Lang };

function makeDoc(next: () => number, lang: Lang, paragraphs: number, tag: string): Doc {
  const p = POOLS[lang];
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const sentence = () => {
    const words = [pick(p.subjects), pick(p.verbs), pick(p.objects), pick(p.tails)];
    // A number makes sentences (and so evidence quotes) rarely repeat within a document.
    return `${words.join(p.sep)}${p.sep}${tag}-${Math.floor(next() * 1e6)}${p.end}`;
  };
  const paras = Array.from({ length: paragraphs }, () => Array.from({ length: 3 + Math.floor(next() * 4) }, sentence));
  const evidenceParagraph = Math.floor(next() * paras.length);
  return {
    title: pick(p.titles),
    paragraphs: paras,
    evidence: { paragraph: evidenceParagraph, sentence: Math.floor(next() * paras[evidenceParagraph]!.length) },
    lang,
  };
}

/** Markdown-ish text (heading, paragraphs, one bullet list) and the raw UTF-16 offsets of the evidence sentence. */
function docToText(d: Doc): { text: string; start: number; end: number } {
  const sep = POOLS[d.lang].sep || "";
  let text = `# ${d.title}\n\n`;
  let start = -1;
  let end = -1;
  d.paragraphs.forEach((para, i) => {
    if (i > 0) text += "\n\n";
    // Every third paragraph is a bullet list: the importer must map offsets past dropped "- " markers.
    const asList = i % 3 === 2;
    para.forEach((s, j) => {
      if (j > 0) text += asList ? "\n" : sep || "";
      if (asList) text += "- ";
      if (i === d.evidence.paragraph && j === d.evidence.sentence) start = text.length;
      text += s;
      if (i === d.evidence.paragraph && j === d.evidence.sentence) end = text.length;
    });
  });
  return { text, start, end };
}

/** A page with boilerplate around the article; evidence is given as a quote (HTML offsets are canonical-only). */
function docToHtml(d: Doc): { html: string; quote: string } {
  const body = d.paragraphs.map((p) => `<p>${p.join(POOLS[d.lang].sep)}</p>`).join("\n");
  const html =
    `<!doctype html><html lang="${d.lang}"><head><meta charset="utf-8"><title>${d.title}</title><style>p{margin:0}</style></head>` +
    `<body><nav><a href="/">Home</a> <a href="/visit">Visit</a></nav><main><article><h1>${d.title}</h1>\n${body}\n</article></main>` +
    `<footer>© Example</footer><script>void 0</script></body></html>`;
  return { html, quote: d.paragraphs[d.evidence.paragraph]![d.evidence.sentence]! };
}

function queryFor(next: () => number, d: Doc): string {
  const p = POOLS[d.lang];
  const subject = d.paragraphs[d.evidence.paragraph]![d.evidence.sentence]!;
  const head = p.subjects.find((s) => subject.startsWith(s)) ?? p.subjects[0]!;
  const q = p.questions[Math.floor(next() * p.questions.length)]!;
  return d.lang === "zh" ? `${head}${q}？` : `${q} ${head.charAt(0).toLowerCase()}${head.slice(1)}?`;
}

export type GenerateJsonlOptions = { path: string; pairs: number; seed: number; paragraphsPerDocument: number };

/**
 * Writes the synthetic JSONL file line by line (never the whole file in memory, so generation does not inflate the
 * peak RSS being measured). Record mix per 10: 6 text, 2 HTML, 2 result sets (text + HTML, evidence in both).
 */
export function generateJsonl({ path: file, pairs, seed, paragraphsPerDocument }: GenerateJsonlOptions): GeneratedFileStats {
  const next = createRng(seed);
  const fd = openSync(file, "w");
  const stats: GeneratedFileStats = { records: 0, documents: 0, evidence: 0, htmlDocuments: 0, paragraphsPerDocument };
  const paragraphs = () => Math.max(1, paragraphsPerDocument + Math.floor(next() * 3) - 1);
  try {
    let buffer = "";
    for (let i = 0; i < pairs; i++) {
      const lang = LANGS[i % LANGS.length]!;
      const kind = i % 10;
      const id = `bench-${seed}-${i}`;
      let record: Record<string, unknown>;
      if (kind < 6) {
        const d = makeDoc(next, lang, paragraphs(), `t${i}`);
        const { text, start, end } = docToText(d);
        record = {
          id,
          query: queryFor(next, d),
          title: d.title,
          url: `https://example.org/${lang}/${i}`,
          text,
          evidence: [{ start, end }],
          group: `g${i % 97}`,
        };
        stats.documents += 1;
        stats.evidence += 1;
      } else if (kind < 8) {
        const d = makeDoc(next, lang, paragraphs(), `h${i}`);
        const { html, quote } = docToHtml(d);
        record = { id, query: queryFor(next, d), url: `https://example.org/${lang}/${i}.html`, html, evidence: [{ text: quote }] };
        stats.documents += 1;
        stats.htmlDocuments += 1;
        stats.evidence += 1;
      } else {
        const a = makeDoc(next, lang, paragraphs(), `a${i}`);
        const b = makeDoc(next, LANGS[(i + 1) % LANGS.length]!, paragraphs(), `b${i}`);
        const { html, quote } = docToHtml(a);
        const t = docToText(b);
        record = {
          id,
          query: queryFor(next, a),
          results: [
            { id: "page", url: `https://example.org/${lang}/${i}/page.html`, html, evidence: [{ text: quote }] },
            { id: "note", title: b.title, text: t.text, evidence: [{ start: t.start, end: t.end }] },
          ],
        };
        stats.documents += 2;
        stats.htmlDocuments += 1;
        stats.evidence += 2;
      }
      buffer += JSON.stringify(record) + "\n";
      stats.records += 1;
      if (buffer.length > 1 << 20) {
        writeSync(fd, buffer);
        buffer = "";
      }
    }
    writeSync(fd, buffer);
  } finally {
    closeSync(fd);
  }
  return stats;
}

/** Paragraphs per document so that `pairs` records come to about `targetBytes`: two samples give a linear fit. */
export function paragraphsForSize({ dir, pairs, seed, targetBytes }: { dir: string; pairs: number; seed: number; targetBytes: number }): number {
  const sampleRecords = Math.min(pairs, 200);
  const perRecord = (paragraphsPerDocument: number) => {
    const sample = path.join(dir, "sample.jsonl");
    generateJsonl({ path: sample, pairs: sampleRecords, seed, paragraphsPerDocument });
    const size = statSync(sample).size / sampleRecords;
    rmSync(sample);
    return size;
  };
  // A record is a fixed part (ids, query, page boilerplate) plus a per-paragraph part; scaling by paragraphs alone
  // would undershoot large targets.
  const [lo, hi] = [2, 8];
  const sLo = perRecord(lo);
  const perParagraph = (perRecord(hi) - sLo) / (hi - lo);
  const fixed = sLo - lo * perParagraph;
  return Math.max(1, Math.round((targetBytes / pairs - fixed) / perParagraph));
}

// --- Benchmark ------------------------------------------------------------------------------------------------

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

// --- CLI ------------------------------------------------------------------------------------------------------

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

function positiveInt(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new AppError("BAD_REQUEST", `--${name} must be a positive integer, got ${JSON.stringify(value)}`);
  return n;
}

export const command: CliCommand = {
  name: "bench-import",
  summary: "import/export throughput and peak memory on a temporary database (synthetic multilingual JSONL or a file)",
  usage,
  async run(argv) {
    const { values } = parseArgs({
      args: argv,
      options: {
        pairs: { type: "string", default: "5000" },
        "size-mb": { type: "string" },
        seed: { type: "string", default: "1" },
        file: { type: "string" },
        format: { type: "string" },
        json: { type: "string" },
        keep: { type: "boolean", default: false },
        help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) {
      console.log(usage);
      return 0;
    }
    const pairs = positiveInt("pairs", values.pairs);
    if (pairs > DATASET_LIMITS.maxImportPairs)
      throw new AppError("BAD_REQUEST", `--pairs is at most ${DATASET_LIMITS.maxImportPairs} (one import's limit)`);
    const sizeMb = values["size-mb"] !== undefined ? Number(values["size-mb"]) : undefined;
    if (sizeMb !== undefined && !(sizeMb > 0)) throw new AppError("BAD_REQUEST", `--size-mb must be a positive number`);
    const format = (values.format ?? "jsonl") as ImportFormat;
    if (!IMPORT_FORMATS.includes(format)) throw new AppError("BAD_REQUEST", `--format must be one of ${IMPORT_FORMATS.join(", ")}`);
    if (values.format && !values.file) throw new AppError("BAD_REQUEST", "--format goes with --file (generated files are jsonl)");
    if (values.file && sizeMb !== undefined) throw new AppError("BAD_REQUEST", "--size-mb only applies to generated files, not --file");

    const result = await runBenchImport({
      pairs,
      ...(sizeMb !== undefined ? { sizeMb } : {}),
      seed: positiveInt("seed", values.seed),
      ...(values.file ? { file: path.resolve(values.file) } : {}),
      format,
      keep: values.keep,
      log: (m) => console.error(m),
    });
    console.log(`bench-import (node ${process.version})`);
    console.log(formatBenchTable(result));
    if (result.keptDir) console.log(`  kept ${result.keptDir}`);
    if (values.json) {
      mkdirSync(path.dirname(path.resolve(values.json)), { recursive: true });
      writeFileSync(values.json, JSON.stringify(result, null, 2) + "\n");
    }
    return 0;
  },
};
