import "server-only";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { AppError } from "../../errors";
import { createSentencePieceTokenizer, type SentencePieceTokenizer } from "../../sentence-encoder/sentence-piece";
import { getEnv } from "../env";
import { InferenceWorker } from "../model/inference-worker";
import { sessionLayout } from "../model/load-model";
import { modelsDir } from "../model/models-dir";

const zEncoderMeta = z.object({
  format: z.literal("snippet-lab-sentence-encoder-v1"),
  dim: z.number().int().positive(),
  maxTokens: z.number().int().positive(),
  files: z.object({ model: z.string(), vocab: z.string() }),
});

/** At most this many texts per session run (batchByLength). */
const BATCH = 64;
/** A batch's pieces, padding included, may be at most this many times its texts' own (batchByLength). */
const MAX_PADDING = 1.1;
/** Vectors of this many recent texts are kept (2 KB each: about 40 MB). */
const CACHE_TEXTS = 20_000;

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
  return path.join(modelsDir(), name);
}

const cache = new Map<string, Promise<SentenceEncoder>>();

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
  const metaFile = path.join(dir, "encoder.json");
  if (!existsSync(metaFile)) throw new AppError("UNAVAILABLE", `no sentence encoder in ${dir} (encoder.json missing)`);
  const meta = zEncoderMeta.safeParse(JSON.parse(readFileSync(metaFile, "utf8")));
  if (!meta.success) throw new AppError("UNPROCESSABLE", `${metaFile} is invalid: ${meta.error.message}`);
  const { dim, maxTokens, files } = meta.data;
  const vocabText = readFileSync(path.join(dir, files.vocab));
  // Seven pieces around ':' carry a null score in the release's vocabulary; its tokenizer adds them as 0, so here too.
  const vocab = z
    .array(z.tuple([z.string(), z.number().nullable()]))
    .parse(JSON.parse(vocabText.toString("utf8")))
    .map(([piece, score]) => [piece, score ?? 0] as const);
  const modelPath = path.join(dir, files.model);
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
  // The vectors of recent texts: a page is read by many queries (research sweeps, evaluation, repeated requests).
  const recent = new Map<string, Float32Array>();
  const fingerprint = createHash("sha256").update(readFileSync(modelPath)).update(vocabText).digest("hex").slice(0, 16);

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
      const out = new Array<Float32Array>(texts.length);
      const todo: number[] = [];
      texts.forEach((t, i) => {
        const hit = recent.get(t);
        if (hit) {
          // Most recently used last: Map keeps insertion order, so the first key is the one to evict.
          recent.delete(t);
          recent.set(t, hit);
          out[i] = hit;
        } else todo.push(i);
      });
      // By length, in batches that pad little (batchByLength); back in the caller's order after.
      const pending = todo.map((k) => ({ k, ids: encode(texts[k]!) })).sort((a, b) => a.ids.length - b.ids.length);
      // Every batch is sent at once, each to the least busy session, which runs its batches in turn. A batch's vectors
      // do not depend on the session that reads it (same weights; one session, two, or one with two threads gave
      // bitwise the same vectors), only on the batch: int8 activations are scaled per batch, and the batches are cut
      // as before.
      await Promise.all(
        batchByLength(pending.map((p) => p.ids.length)).map(async (slice) => {
          const batch = slice.map((j) => pending[j]!);
          const vecs = await embedBatch(batch.map((p) => p.ids));
          batch.forEach(({ k }, j) => {
            out[k] = vecs[j]!;
            recent.set(texts[k]!, vecs[j]!);
            if (recent.size > CACHE_TEXTS) recent.delete(recent.keys().next().value!);
          });
        }),
      );
      return out;
    },
  };
}

/**
 * Consecutive slices of `lengths` (sorted ascending: token counts) for one session run each: at most BATCH texts, and
 * a text joins a batch only while the batch padded to its length stays within MAX_PADDING of the pieces it holds.
 * One batch of sentences and the twice-as-long texts of a context reading would pad every sentence to the longest:
 * the encoder's cost follows the padded length.
 */
export function batchByLength(lengths: readonly number[]): number[][] {
  const out: number[][] = [];
  let batch: number[] = [];
  let pieces = 0;
  lengths.forEach((len, i) => {
    if (batch.length > 0 && (batch.length >= BATCH || (batch.length + 1) * len > MAX_PADDING * (pieces + len))) {
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
