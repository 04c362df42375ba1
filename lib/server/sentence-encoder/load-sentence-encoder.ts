import "server-only";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { z } from "zod";
import { AppError } from "../../errors";
import { createSentencePieceTokenizer, type SentencePieceTokenizer } from "../../sentence-encoder/sentence-piece";
import { getEnv } from "../env";
import { InferenceWorker } from "../model/inference-worker";
import { sessionLayout } from "../model/load-model";
import { modelsDir } from "../model/models-dir";
import { processCache } from "../process-cache";

const zEncoderMeta = z.object({
  format: z.literal("snippet-lab-sentence-encoder-v1"),
  dim: z.number().int().positive(),
  maxTokens: z.number().int().positive(),
  files: z.object({ model: z.string(), vocab: z.string() }),
  /**
   * Texts per session run. 1 for a graph that quantizes its activations per run
   * (models/training/quantize_encoder_activations.py): batched, a text's vector would depend on its batch-mates.
   */
  textsPerRun: z.number().int().positive().optional(),
});

/** At most this many texts per session run (batchByLength). */
const BATCH = 64;
/** A batch's pieces, padding included, may be at most this many times its texts' own (batchByLength). */
const MAX_PADDING = 1.1;
/**
 * Vectors of this many recent texts are kept, every encoder together (2 KB each: about 100 MB). A research view needs
 * them only the first time: the unit similarities they give are stored (stored-result-similarity.ts).
 */
const CACHE_TEXTS = 50_000;

export interface SentenceEncoder {
  dim: number;
  tokenizer: SentencePieceTokenizer;
  /** A hash of the weights and vocabulary (16 hex digits): stored scores blended with the encoder carry it. */
  fingerprint: string;
  /** Unit-length vectors of `texts`, in order ([texts.length × dim]). */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/**
 * A sentence encoder's folder under models/: `sentence-encoder` by default, the release's weights
 * (models/training/port_sentence_encoder.py writes it; tune_sentence_encoder.py's output goes elsewhere).
 */
export function sentenceEncoderDir(name = "sentence-encoder"): string {
  return path.join(/*turbopackIgnore: true*/ modelsDir(), name);
}

const cache = new Map<string, Promise<SentenceEncoder>>();

/**
 * Recent texts' vectors, keyed by the encoder's fingerprint and the text's sha256: the same sentence in another pair,
 * request or dataset is encoded once, whichever session layout or folder loaded the same weights. Least recently used
 * go first.
 */
const recent = processCache<string, Float32Array>("sentence-vectors", { maxEntries: CACHE_TEXTS, refreshOnRead: true });

/** What every encoder of this process has done: embed calls, texts asked for, texts encoded (not in memory), time. */
const usage = { calls: 0, texts: 0, encoded: 0, ms: 0 };

/** A copy of the encoders' usage so far (benchmarks print the encoder's share of a request from two of them). */
export function sentenceEncoderUsage(): Readonly<typeof usage> {
  return { ...usage };
}

const textKey = (fingerprint: string, text: string) => `${fingerprint}:${createHash("sha256").update(text).digest("base64")}`;

const fingerprints = new Map<string, { stamp: string; fingerprint: string; checkedAt: number }>();
/** A folder's files are looked at again after this long (a key per result set would stat them thousands of times). */
const RECHECK_MS = 1000;

/**
 * The fingerprint of an encoder's folder (16 hex digits of the sha256 of its weights and vocabulary, as the loaded
 * encoder's `fingerprint`) without starting its sessions: keys of stored similarities are checked with it before any
 * text needs encoding. Read again when a file's size or time changes; undefined when the folder has no encoder.
 */
export function sentenceEncoderFingerprint(dir = sentenceEncoderDir()): string | undefined {
  const known = fingerprints.get(dir);
  const now = Date.now();
  if (known && now - known.checkedAt < RECHECK_MS) return known.fingerprint;
  try {
    const { modelPath, vocabPath } = readEncoderFiles(dir);
    const stamp = [modelPath, vocabPath]
      .map((f) => statSync(/*turbopackIgnore: true*/ f))
      .map((st) => `${st.size}:${st.mtimeMs}`)
      .join("|");
    const fingerprint =
      known?.stamp === stamp
        ? known.fingerprint
        : createHash("sha256")
            .update(readFileSync(/*turbopackIgnore: true*/ modelPath))
            .update(readFileSync(/*turbopackIgnore: true*/ vocabPath))
            .digest("hex")
            .slice(0, 16);
    fingerprints.set(dir, { stamp, fingerprint, checkedAt: now });
    return fingerprint;
  } catch {
    fingerprints.delete(dir);
    return undefined;
  }
}

/*
 * Every file access here takes a path known only at run time (SNIPPET_LAB_MODELS_DIR, a name in encoder.json): the
 * `turbopackIgnore` comments keep `next build` from tracing the whole project for them (its "Dynamic filesystem access"
 * warning). Nothing is bundled either way: the server reads models/ from disk when it starts an encoder.
 */
function readEncoderFiles(dir: string) {
  const metaFile = path.join(dir, "encoder.json");
  if (!existsSync(/*turbopackIgnore: true*/ metaFile)) throw new AppError("UNAVAILABLE", `no sentence encoder in ${dir} (encoder.json missing)`);
  const meta = zEncoderMeta.safeParse(JSON.parse(readFileSync(/*turbopackIgnore: true*/ metaFile, "utf8")));
  if (!meta.success) throw new AppError("UNPROCESSABLE", `${metaFile} is invalid: ${meta.error.message}`);
  return { meta: meta.data, modelPath: path.join(dir, meta.data.files.model), vocabPath: path.join(dir, meta.data.files.vocab) };
}

/**
 * The shipped sentence encoder, started once per process, its sessions laid out as the token model's
 * (`sessionLayout`: on the CPU one single-threaded session per core, at most 4); UNAVAILABLE when missing.
 */
export function loadSentenceEncoder(dir = sentenceEncoderDir(), opts: { sessions?: number } = {}): Promise<SentenceEncoder> {
  const layout = sessionLayout({ provider: "cpu", sessions: opts.sessions, threads: getEnv().intraOpThreads });
  const key = `${dir}|${layout.sessions}|${layout.threads}`;
  let p = cache.get(key);
  if (!p) {
    p = createSentenceEncoder(dir, layout, () => cache.delete(key));
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return p;
}

async function createSentenceEncoder(dir: string, layout: { sessions: number; threads: number }, onExit: () => void): Promise<SentenceEncoder> {
  const { meta, modelPath, vocabPath } = readEncoderFiles(dir);
  const { dim, maxTokens } = meta;
  const perRun = meta.textsPerRun ?? BATCH;
  const vocabText = readFileSync(/*turbopackIgnore: true*/ vocabPath);
  // Seven pieces around ':' carry a null score in the release's vocabulary; its tokenizer adds them as 0, so here too.
  const vocab = z
    .array(z.tuple([z.string(), z.number().nullable()]))
    .parse(JSON.parse(vocabText.toString("utf8")))
    .map(([piece, score]) => [piece, score ?? 0] as const);
  const workers = await InferenceWorker.startAll(layout.sessions, {
    modelPath,
    io: { inputIds: "input_ids", attentionMask: "attention_mask", tokenTypeIds: null, output: "embeddings", outputKind: "pooled" },
    feedTypes: false,
    sessionOptions: { intraOpNumThreads: layout.threads, interOpNumThreads: 1, graphOptimizationLevel: "all", executionProviders: ["cpu"] },
    onExit,
  }).catch((e: unknown) => {
    throw new AppError("UNAVAILABLE", `cannot load the sentence encoder from ${modelPath}: ${(e as Error).message}`);
  });
  const tokenizer = createSentencePieceTokenizer(vocab);
  const fingerprint = sentenceEncoderFingerprint(dir);
  if (!fingerprint) throw new AppError("UNAVAILABLE", `cannot read the sentence encoder's files in ${dir}`);

  // Only the first maxTokens pieces are read (as the encoder was trained); longer text is cut before tokenizing.
  const encode = (text: string) => tokenizer.encode(text.slice(0, maxTokens * 12)).slice(0, maxTokens);

  async function embedBatch(encoded: ReadonlyArray<readonly number[]>): Promise<Float32Array[]> {
    const seq = Math.max(1, ...encoded.map((e) => e.length));
    const ids = new Int32Array(encoded.length * seq);
    const lengths = new Int32Array(encoded.length);
    encoded.forEach((e, b) => {
      ids.set(e, b * seq);
      lengths[b] = e.length;
    });
    // The least busy session: a long document's batches run side by side, one per core.
    const out = await InferenceWorker.leastBusy(workers).run({
      batch: encoded.length,
      seq,
      lengths,
      ids,
      types: new Int32Array(encoded.length * seq),
      featureCount: 0,
    });
    return encoded.map((_, b) => out.probs.slice(b * dim, (b + 1) * dim));
  }

  return {
    dim,
    tokenizer,
    fingerprint,
    async embed(texts) {
      const started = performance.now();
      const out = new Array<Float32Array>(texts.length);
      const todo: number[] = [];
      const keys = texts.map((t) => textKey(fingerprint, t));
      texts.forEach((_, i) => {
        const hit = recent.get(keys[i]!);
        if (hit) out[i] = hit;
        else todo.push(i);
      });
      usage.calls++;
      usage.texts += texts.length;
      usage.encoded += todo.length;
      // By length, in batches that pad little (batchByLength); back in the caller's order after.
      const pending = todo.map((k) => ({ k, ids: encode(texts[k]!) })).sort((a, b) => a.ids.length - b.ids.length);
      // Every batch is sent at once, each to the least busy session, which runs its batches in turn. A batch's vectors
      // do not depend on the session that reads it (same weights; one session, two, or one with two threads gave
      // bitwise the same vectors), only on the batch: int8 activations are scaled per batch, and the batches are cut
      // as before.
      await Promise.all(
        batchByLength(
          pending.map((p) => p.ids.length),
          perRun,
        ).map(async (slice) => {
          const batch = slice.map((j) => pending[j]!);
          const vecs = await embedBatch(batch.map((p) => p.ids));
          batch.forEach(({ k }, j) => {
            out[k] = vecs[j]!;
            recent.set(keys[k]!, vecs[j]!);
          });
        }),
      );
      usage.ms += performance.now() - started;
      return out;
    },
  };
}

/**
 * Consecutive slices of `lengths` (sorted ascending: token counts) for one session run each: at most `maxTexts`, and
 * a text joins a batch only while the batch padded to its length stays within MAX_PADDING of the pieces it holds.
 * One batch of sentences and the twice-as-long texts of a context reading would pad every sentence to the longest:
 * the encoder's cost follows the padded length.
 */
export function batchByLength(lengths: readonly number[], maxTexts = BATCH): number[][] {
  const out: number[][] = [];
  let batch: number[] = [];
  let pieces = 0;
  lengths.forEach((len, i) => {
    if (batch.length > 0 && (batch.length >= maxTexts || (batch.length + 1) * len > MAX_PADDING * (pieces + len))) {
      out.push(batch);
      batch = [];
      pieces = 0;
    }
    batch.push(i);
    pieces += len;
  });
  if (batch.length > 0) out.push(batch);
  return out;
}
