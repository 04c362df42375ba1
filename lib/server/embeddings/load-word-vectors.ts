import "server-only";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { AppError } from "../../errors";
import { buildWordVectors, type WordVectors } from "../../embeddings/word-vectors";
import { modelsDir } from "../model/models-dir";

const zEmbeddingsMeta = z.object({
  format: z.literal("snippet-lab-word-vectors-v1"),
  dim: z.number().int().positive(),
  corpusTokens: z.number().positive(),
});

/** The folder of the embedding method's vectors: `models/embeddings/` (snippet-lab train-embeddings writes it). */
export function embeddingsDir(): string {
  return path.join(modelsDir(), "embeddings");
}

let cached: { dir: string; vectors: WordVectors; fingerprint: string } | undefined;

/** The shipped word vectors, read once per process (about 4 MB); UNAVAILABLE naming the folder when missing. */
export function loadWordVectors(dir = embeddingsDir()): WordVectors {
  if (cached?.dir === dir) return cached.vectors;
  const metaFile = path.join(dir, "embeddings.json");
  if (!existsSync(metaFile)) {
    throw new AppError("UNAVAILABLE", `the embedding method needs word vectors in ${dir} (npx snippet-lab train-embeddings --data DIR)`);
  }
  const meta = zEmbeddingsMeta.safeParse(JSON.parse(readFileSync(metaFile, "utf8")));
  if (!meta.success) throw new AppError("UNPROCESSABLE", `${metaFile} is invalid: ${meta.error.message}`);
  const words: string[] = [];
  const counts: number[] = [];
  for (const line of readFileSync(path.join(dir, "words.txt"), "utf8").split("\n")) {
    if (!line) continue;
    const tab = line.lastIndexOf("\t");
    words.push(line.slice(0, tab));
    counts.push(Number(line.slice(tab + 1)));
  }
  const buf = readFileSync(path.join(dir, "vectors.i8"));
  const vectors = new Int8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  const loaded = buildWordVectors({ dim: meta.data.dim, words, counts, corpusTokens: meta.data.corpusTokens, vectors });
  const fingerprint = createHash("sha256")
    .update(buf)
    .update(readFileSync(path.join(dir, "words.txt")))
    .digest("hex")
    .slice(0, 16);
  cached = { dir, vectors: loaded, fingerprint };
  return loaded;
}

/**
 * A hash of the shipped vectors (16 hex digits), or "none" without them: stored unit scores blended with them
 * (`similarityWeight`) carry it in their key, so retrained vectors are not read through old rows.
 */
export function wordVectorsFingerprint(dir = embeddingsDir()): string {
  try {
    loadWordVectors(dir);
  } catch {
    return "none";
  }
  return cached!.fingerprint;
}
