import "server-only";
import { cosine } from "../../embeddings/cosine";
import { encoderReadsQuery } from "../../sentence-encoder/reads-text";
import { unitParagraphs } from "../../engine/blend-similarity";
import type { SimilarityContext } from "../../engine/profile";
import type { SentenceEncoder } from "./load-sentence-encoder";

interface EncoderSimilarityOptions {
  encoder: SentenceEncoder;
  query: string;
  results: ReadonlyArray<{ doc: { text: string }; units: ReadonlyArray<{ start: number; end: number }> }>;
  /** Whether a result is blended at all (others get [] and nothing is computed for them). */
  blends: (units: number) => boolean;
  /** How a result's units are read with the unit before them in their paragraph (a tier's `context`; absent: alone). */
  contextOf?: (resultIndex: number) => UnitContext | undefined;
}

/** A tier's context reading: the `mean` or `max` of a unit's cosine alone and read with the unit before it. */
export interface UnitContext {
  context?: SimilarityContext | undefined;
}

/**
 * Each unit's raw cosine to the query under the sentence encoder (scoreResultUnits rescales it within the result
 * for the blend, and an answer gate reads the best one). Undefined when the encoder does not read the query
 * (encoderReadsQuery), so the model's scores stand alone.
 */
export async function computeEncoderSimilarity({
  encoder,
  query,
  results,
  blends,
  contextOf,
}: EncoderSimilarityOptions): Promise<number[][] | undefined> {
  if (!encoderReadsQuery(encoder.tokenizer, query)) return undefined;
  // Whitespace as the encoder was trained on it: a unit's newlines and tabs would be unknown pieces.
  const texts: string[] = [query];
  // Per blended result: how its units are read, and per unit the index of its own text and of the text it is read
  // with in context (-1: none).
  const slots = results.map((r, i) => {
    if (!blends(r.units.length)) return { context: undefined, units: [] };
    const context = contextOf?.(i)?.context;
    const paragraphOf = context ? unitParagraphs(r.doc.text, r.units) : [];
    const units = r.units.map((u, j) => {
      const own = texts.push(clean(r.doc.text.slice(u.start, u.end))) - 1;
      // The unit before it in the same paragraph: a sentence that refers back ("This basin …") is read with its referent.
      const prev = context && j > 0 && paragraphOf[j - 1] === paragraphOf[j] ? r.units[j - 1] : undefined;
      const joined = prev ? texts.push(clean(r.doc.text.slice(prev.start, u.end))) - 1 : -1;
      return { own, joined };
    });
    return { context, units };
  });
  const vecs = await encoder.embed(texts);
  const q = vecs[0]!;
  return slots.map(({ context, units }) =>
    units.map(({ own, joined }) => {
      const alone = cosine(q, vecs[own]!);
      if (joined < 0) return alone;
      const withBefore = cosine(q, vecs[joined]!);
      return context === "max" ? Math.max(alone, withBefore) : (alone + withBefore) / 2;
    }),
  );
}

function clean(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
