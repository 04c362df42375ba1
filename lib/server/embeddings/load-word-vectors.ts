import "server-only";
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

let cached: { dir: string; vectors: WordVectors } | undefined;

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
  cached = { dir, vectors: loaded };
  return loaded;
}
