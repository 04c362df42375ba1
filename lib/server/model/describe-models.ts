import "server-only";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { formatModelMethod } from "@/lib/engine/methods";
import { type ReportFigures, reportFigures } from "@/lib/eval/report-figures";
import type { ModelConfig } from "@/lib/model/model-config";
import { listModels, readModelConfig } from "./list-models";

export type BenchFigures = {
  /** Where the figures were read from (models/<name>/bench.json, or docs/results/bench-<name>.json). */
  source: string;
  batch1: { p50Ms: number; p99Ms: number };
  batch8: { p50Ms: number; p99Ms: number };
  windowsPerSec?: number;
  peakRssMb?: number;
};

/** A model's figures in one evaluation report, and the report's file. */
export type EvalFigures = ReportFigures & { source: string };

export type ModelDescription = {
  name: string;
  default: boolean;
  description: string;
  /** The method name the compress API, CLI and inspector use. */
  method: string;
  window: number;
  overlap: number;
  maxQueryTokens: number;
  threshold: number;
  fallbackFloor: number | null;
  /** The calibrated selection floor (null: the engine's). */
  floor: number | null;
  aggregation: string;
  architecture: { layers: number | null; width: number | null; heads: number | null; ffn: number | null; quantization: string | null };
  /** Parameters estimated from the architecture and the vocabulary (an encoder's embeddings, layers and heads). */
  parameters: number | null;
  tokenizer: {
    type: string;
    lowercase: boolean;
    stripAccents: boolean;
    spelledWordsAsUnknown: boolean;
    traditionalAsSimplified: boolean;
    vocabSize: number | null;
    inputs: string;
  };
  categoryHead: boolean;
  training: { data: string | null; steps: number | null; minutes: number | null; devF1: number | null; teacher: string | null };
  calibration: string | null;
  license: string | null;
  modelBytes: number | null;
  card: string | null;
  bench: BenchFigures | null;
  evaluation: EvalFigures[];
};

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v : null);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

function countLines(file: string): number | null {
  try {
    return readFileSync(file, "utf8")
      .split("\n")
      .filter((l) => l.length > 0).length;
  } catch {
    return null;
  }
}

/** An encoder's parameters from its shape: embeddings (tokens, positions, types), layers (attention, FFN, norms), heads. */
export function estimateParameters(o: {
  vocab: number;
  width: number;
  layers: number;
  ffn: number;
  positions: number;
  types: number;
  categories: boolean;
}): number {
  const d = o.width;
  const embeddings = (o.vocab + o.positions + o.types) * d + 2 * d;
  const layer = 4 * (d * d + d) + 2 * d + (d * o.ffn + o.ffn) + (o.ffn * d + d) + 2 * d;
  const heads = d + 1 + (o.categories ? 6 * d + 6 : 0);
  return embeddings + o.layers * layer + heads;
}

function benchOf(name: string, dir: string, resultsDir: string): BenchFigures | null {
  for (const file of [path.join(dir, "bench.json"), path.join(resultsDir, `bench-${name}.json`)]) {
    const b = obj(readJson(file));
    const b1 = obj(b.batch1);
    const b8 = obj(b.batch8);
    if (num(b1.p50Ms) === null || num(b1.p99Ms) === null) continue;
    return {
      source: path.relative(/*turbopackIgnore: true*/ process.cwd(), file),
      batch1: { p50Ms: num(b1.p50Ms)!, p99Ms: num(b1.p99Ms)! },
      batch8: { p50Ms: num(b8.p50Ms) ?? 0, p99Ms: num(b8.p99Ms) ?? 0 },
      ...(num(b.windowsPerSec) !== null ? { windowsPerSec: num(b.windowsPerSec)! } : {}),
      ...(num(b.peakRssMb) !== null ? { peakRssMb: num(b.peakRssMb)! } : {}),
    };
  }
  return null;
}

/** The report files of a folder (JSON, not bench figures). */
function reportFiles(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".json") && !f.startsWith("bench") && f !== "config.json" && f !== "parity.json")
        .map((f) => path.join(dir, f))
    : [];
}

/**
 * Evaluation reports that have rows of this model: `snippet-lab eval --json` reports in docs/results and the model's
 * folder, and `snippet-lab eval-all` reports (one file per dev set) in each folder under docs/results — the report the
 * repository ships is docs/results/report. Earlier only docs/results itself was read, and only the `results` of
 * `eval --json`, so the shipped eval-all figures (`rows`) of snippet-lab were never found.
 */
function evaluationOf(name: string, threshold: number, dir: string, resultsDir: string): EvalFigures[] {
  const subdirs = existsSync(resultsDir)
    ? readdirSync(resultsDir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => path.join(resultsDir, d.name))
    : [];
  const method = formatModelMethod(name);
  const out: EvalFigures[] = [];
  for (const file of [resultsDir, ...subdirs, dir].flatMap(reportFiles)) {
    const fig = reportFigures({ report: readJson(file), method, threshold, fallbackName: path.basename(file, ".json") });
    if (fig) out.push({ ...fig, source: path.relative(/*turbopackIgnore: true*/ process.cwd(), file) });
  }
  return out.sort((a, b) => a.dataset.localeCompare(b.dataset) || a.source.localeCompare(b.source));
}

function describeConfig(
  name: string,
  isDefault: boolean,
  dir: string,
  config: ModelConfig,
  names: readonly string[],
  resultsDir: string,
): ModelDescription {
  const arch = obj(config.architecture);
  const training = obj(config.training);
  const data = obj(training.data);
  const calibration = obj(config.calibration);
  const vocabSize = countLines(path.join(dir, config.reader.files.vocab));
  const layers = num(arch.layers);
  const width = num(arch.d) ?? num(arch.width) ?? num(arch.hidden);
  const ffn = num(arch.ffn);
  const categoryHead = config.reader.io.categories !== undefined;
  const parameters =
    num(arch.parameters) ??
    (vocabSize && layers && width && ffn
      ? estimateParameters({
          vocab: vocabSize,
          width,
          layers,
          ffn,
          positions: num(arch.maxPositions) ?? config.reader.window,
          types: num(arch.typeVocab) ?? 2,
          categories: categoryHead,
        })
      : null);
  const sources = obj(data.sources);
  const dataText =
    str(data.description) ??
    ([
      Object.entries(sources)
        .map(([k, v]) => `${k}: ${typeof v === "string" || typeof v === "number" ? v : JSON.stringify(v)}`)
        .join(", "),
      num(data.windows) !== null ? `${num(data.windows)!.toLocaleString("en")} windows` : "",
      num(data.tokens) !== null ? `${(num(data.tokens)! / 1e6).toFixed(1)} M tokens` : "",
      str(data.license) ? `licence: ${str(data.license)}` : "",
    ]
      .filter(Boolean)
      .join(" · ") ||
      null);
  const teacher = str(training.teacher) ?? (names.includes(`${name}-teacher`) ? `${name}-teacher` : null);
  let modelBytes: number | null = null;
  try {
    modelBytes = statSync(path.join(dir, config.reader.files.model)).size;
  } catch {
    modelBytes = null;
  }
  const cardFile = path.join(dir, "MODEL_CARD.md");
  return {
    name,
    default: isDefault,
    description: config.description,
    method: formatModelMethod(name),
    window: config.reader.window,
    overlap: config.reader.overlap,
    maxQueryTokens: config.reader.maxQueryTokens,
    threshold: config.profile.selection.threshold,
    fallbackFloor: config.profile.selection.fallbackFloor ?? null,
    floor: config.profile.selection.floor ?? null,
    aggregation: config.profile.units.aggregation,
    architecture: { layers, width, heads: num(arch.heads), ffn, quantization: str(arch.quantization) },
    parameters,
    tokenizer: {
      type: config.reader.tokenizer.type,
      lowercase: config.reader.tokenizer.lowercase,
      stripAccents: config.reader.tokenizer.stripAccents,
      spelledWordsAsUnknown: config.reader.tokenizer.spelledWordsAsUnknown,
      traditionalAsSimplified: config.reader.tokenizer.traditionalAsSimplified,
      vocabSize,
      inputs: config.reader.features
        ? `features ${config.reader.features.version} (${config.reader.features.names.length})`
        : `type ids: ${config.reader.typeIds}`,
    },
    categoryHead,
    training: {
      data: dataText,
      steps: num(training.steps),
      minutes: num(training.minutes),
      devF1: num(obj(training.bestDev).f1),
      teacher: teacher === name ? null : teacher,
    },
    calibration: str(calibration.criterion),
    license: config.license ?? null,
    modelBytes,
    card: existsSync(cardFile) ? readFileSync(cardFile, "utf8") : null,
    bench: benchOf(name, dir, resultsDir),
    evaluation: evaluationOf(name, config.profile.selection.threshold, dir, resultsDir),
  };
}

/**
 * Every model in the models folder — exactly the ones the compress API, the CLI and the inspector offer (listModels) —
 * with what the models page shows: architecture, parameters, tokenizer, window, default threshold, training data,
 * model card, measured latency (`snippet-lab bench --json`, read from models/<name>/bench.json or
 * docs/results/bench-<name>.json) and evaluation figures (`snippet-lab eval --json` reports in docs/results or the
 * model's folder). A model whose files cannot be read is still listed with what is known.
 */
export async function describeModels({ resultsDir = path.join(/*turbopackIgnore: true*/ process.cwd(), "docs", "results") } = {}): Promise<
  ModelDescription[]
> {
  const models = await listModels();
  const names = models.map((m) => m.name);
  return models.map((m) => {
    const { dir, config } = readModelConfig(m.name);
    return describeConfig(m.name, m.default, dir, config, names, resultsDir);
  });
}
