import "server-only";
import { blendsSimilarity, similarityBlendFor } from "../../engine/blend-similarity";
import { queryNamesTitle } from "../../engine/focus-terms";
import { countSimilarityParts } from "../../features/split-sections";
import type { CanonicalDoc, Sentence } from "../../text/types";
import { computeEmbeddingUnitScores } from "../../embeddings/embedding-unit-scores";
import type { WordVectors } from "../../embeddings/word-vectors";
import type { SimilarityStage } from "../../engine/profile";
import { DEFAULT_ENCODER } from "../../engine/profile-key";
import { computeEncoderSimilarity } from "../sentence-encoder/compute-encoder-similarity";
import { loadSentenceEncoder, sentenceEncoderDir, type SentenceEncoder } from "../sentence-encoder/load-sentence-encoder";
import { loadWordVectors } from "./load-word-vectors";

const warned = new Set<string>();

function warnOnce(source: string, e: unknown): undefined {
  if (!warned.has(source)) console.warn(`[similarity] ${source} unavailable, model scores without its similarity: ${(e as Error).message}`);
  warned.add(source);
  return undefined;
}

function vectorsOrWarn(): WordVectors | undefined {
  try {
    return loadWordVectors();
  } catch (e) {
    return warnOnce("word vectors", e);
  }
}

async function encoderOrWarn(name: string): Promise<SentenceEncoder | undefined> {
  return loadSentenceEncoder(sentenceEncoderDir(name)).catch((e: unknown) => warnOnce(`sentence encoder ${name}`, e));
}

/**
 * Each result's query–unit similarity (the sentence encoder's raw cosines, or the word vectors' coverage; empty for a
 * result too long to be blended) for a profile's similarity stage, from its `source`; undefined without a stage or a
 * weight, when the source is missing (logged once: the model's scores then stand alone), or when the sentence encoder
 * does not read the query. Which encoder reads a result, and how, is its tier's (similarityBlendFor).
 */
export async function computeResultSimilarity(
  similarity: SimilarityStage | undefined,
  query: string,
  results: ReadonlyArray<{ doc: CanonicalDoc; units: readonly Sentence[]; title?: string | undefined }>,
  parts = countSimilarityParts(query, results),
  /** Set when a source (an encoder, the word vectors) could not be loaded: the answer is not to be stored. */
  outcome?: { missingSource?: boolean },
): Promise<number[][] | undefined> {
  if (!similarity?.weight) return undefined;
  // A long result is not blended (blendsSimilarity): nothing to compute, and no `similarity` in its units.
  const blends = (units: number) => blendsSimilarity(units, similarity.maxUnits);
  if (similarity.source === "sentence-encoder") {
    // A passage or a document tier may read another encoder: each encoder embeds only the results it blends.
    const tierOf = (r: { units: readonly unknown[]; title?: string | undefined }) =>
      similarityBlendFor(similarity, r.units.length, parts, queryNamesTitle(query, r.title));
    const nameOf = (r: { units: readonly unknown[]; title?: string | undefined }) => tierOf(r)?.encoder ?? DEFAULT_ENCODER;
    const names = [...new Set(results.filter((r) => blends(r.units.length)).map(nameOf))];
    if (names.length === 0) return results.map(() => []);
    const out: number[][] = results.map(() => []);
    let read = false;
    // Each encoder has its own worker: the tiers are embedded at the same time.
    await Promise.all(
      names.map(async (name) => {
        const encoder = await encoderOrWarn(name);
        if (!encoder) {
          if (outcome) outcome.missingSource = true;
          return;
        }
        const mine = results.map((r) => blends(r.units.length) && nameOf(r) === name);
        const picked = results.filter((_, i) => mine[i]);
        const contextOf = (i: number) => {
          const context = tierOf(picked[i]!)?.context;
          return context ? { context } : undefined;
        };
        const sims = await computeEncoderSimilarity({ encoder, query, results: picked, blends: () => true, contextOf });
        if (!sims) return;
        read = true;
        let k = 0;
        mine.forEach((m, i) => {
          if (m) out[i] = sims[k++]!;
        });
      }),
    );
    return read ? out : undefined;
  }
  const vectors = vectorsOrWarn();
  if (!vectors) {
    if (outcome) outcome.missingSource = true;
    return undefined;
  }
  return results.map((r) =>
    blends(r.units.length) ? computeEmbeddingUnitScores({ query, docs: [{ text: r.doc.text, units: r.units }], vectors })[0]! : [],
  );
}
