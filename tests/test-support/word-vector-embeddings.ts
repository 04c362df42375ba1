// LangChain Embeddings from the project's own word vectors (models/embeddings/, the `embedding` method's): the
// smooth-inverse-frequency weighted mean of a text's word rows, unit length. For the RAG tests (tests/rag-client.test.ts,
// e2e/rag-client.spec.ts): a real, deterministic, multilingual retriever without a model download. Read here with
// node:fs because lib/server/embeddings (the server's loader) is server-only.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Embeddings } from "@langchain/core/embeddings";
import { embeddingTerms } from "../../lib/embeddings/embedding-terms";
import { buildWordVectors, type WordVectors } from "../../lib/embeddings/word-vectors";

const EMBEDDINGS_DIR = path.join(import.meta.dirname, "../../models/embeddings");

/** The shipped vectors (about 4 MB). */
export function readShippedWordVectors(dir = EMBEDDINGS_DIR): WordVectors {
  const meta = JSON.parse(readFileSync(path.join(dir, "embeddings.json"), "utf8")) as { dim: number; corpusTokens: number };
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
  return buildWordVectors({ dim: meta.dim, words, counts, corpusTokens: meta.corpusTokens, vectors });
}

export class WordVectorEmbeddings extends Embeddings {
  private readonly vectors: WordVectors;

  constructor(vectors: WordVectors = readShippedWordVectors()) {
    super({});
    this.vectors = vectors;
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    return texts.map((t) => this.embed(t));
  }

  async embedQuery(text: string): Promise<number[]> {
    return this.embed(text);
  }

  /** Unit-length SIF-weighted mean of the known words' rows; words not in the table are left out. */
  embed(text: string): number[] {
    const { dim, index, vectors, weights } = this.vectors;
    const sum = new Float64Array(dim);
    for (const word of embeddingTerms(text)) {
      const row = index.get(word);
      if (row === undefined) continue;
      const w = weights[row]!;
      for (let k = 0; k < dim; k++) sum[k]! += (w * vectors[row * dim + k]!) / 127;
    }
    const norm = Math.hypot(...sum);
    // A text without a known word still gets a valid vector (cosine with anything: ~0).
    return norm > 0 ? Array.from(sum, (x) => x / norm) : Array.from(sum, (_, k) => (k === 0 ? 1 : 0));
  }
}
