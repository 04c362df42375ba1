import "server-only";
import { cosine } from "../../embeddings/cosine";
import { encoderReadsQuery } from "../../sentence-encoder/reads-text";
import type { SentenceEncoder } from "./load-sentence-encoder";

interface EncoderSimilarityOptions {
  encoder: SentenceEncoder;
  query: string;
  results: ReadonlyArray<{ doc: { text: string }; units: ReadonlyArray<{ start: number; end: number }> }>;
  /** Whether a result is blended at all (others get [] and nothing is computed for them). */
  blends: (units: number) => boolean;
}

/**
 * Each unit's raw cosine to the query under the sentence encoder (scoreResultUnits rescales it within the result
 * for the blend, and an answer gate reads the best one). Undefined when the encoder does not read the query
 * (encoderReadsQuery), so the model's scores stand alone.
 */
export async function computeEncoderSimilarity({ encoder, query, results, blends }: EncoderSimilarityOptions): Promise<number[][] | undefined> {
  if (!encoderReadsQuery(encoder.tokenizer, query)) return undefined;
  const texts: string[] = [query];
  for (const r of results) {
    if (!blends(r.units.length)) continue;
    // Whitespace as the encoder was trained on it: a unit's newlines and tabs would be unknown pieces.
    for (const u of r.units) texts.push(r.doc.text.slice(u.start, u.end).replace(/\s+/g, " ").trim());
  }
  const vecs = await encoder.embed(texts);
  const q = vecs[0]!;
  let k = 1;
  return results.map((r) => {
    if (!blends(r.units.length)) return [];
    return r.units.map(() => cosine(q, vecs[k++]!));
  });
}
