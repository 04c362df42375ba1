import "server-only";
import { blendsSimilarity, similarityBlendFor } from "../../engine/blend-similarity";
import { queryNamesTitle } from "../../engine/focus-terms";
import { countSimilarityParts } from "../../features/split-sections";
import type { CanonicalDoc, Sentence } from "../../text/types";
import { computeEmbeddingUnitScores } from "../../embeddings/embedding-unit-scores";
import type { WordVectors } from "../../embeddings/word-vectors";
import type { SelectionProfile, SimilarityFeedback } from "../../schemas/selection-profile";
import { computeEncoderSimilarity } from "../sentence-encoder/compute-encoder-similarity";
import { loadSentenceEncoder, sentenceEncoderDir, sentenceEncoderFingerprint, type SentenceEncoder } from "../sentence-encoder/load-sentence-encoder";
import { loadWordVectors, wordVectorsFingerprint } from "./load-word-vectors";

const warned = new Set<string>();

function warnOnce(source: string, e: unknown): undefined {
  if (!warned.has(source)) console.warn(`[similarity] ${source} unavailable, model scores without similarityWeight: ${(e as Error).message}`);
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

async function encoderOrWarn(name: string | undefined): Promise<SentenceEncoder | undefined> {
  return loadSentenceEncoder(sentenceEncoderDir(name)).catch((e: unknown) => warnOnce(`sentence encoder ${name ?? ""}`.trim(), e));
}

type SimilarityProfile = Pick<
  SelectionProfile,
  | "similarityWeight"
  | "similaritySource"
  | "similarityEncoder"
  | "similarityBlend"
  | "similarityMaxUnits"
  | "similarityPassage"
  | "similarityDocument"
>;

/**
 * Each result's query–unit similarity (the sentence encoder's raw cosines, or the word vectors' coverage; empty for a
 * result too long to be blended) for a profile with a `similarityWeight`, from its `similaritySource` (word vectors
 * or the sentence encoder); undefined for any other profile, when the source is missing (logged once: the model's
 * scores then stand alone), or when the sentence encoder does not read the query.
 */
export async function computeResultSimilarity(
  profile: SimilarityProfile,
  query: string,
  results: ReadonlyArray<{ doc: CanonicalDoc; units: readonly Sentence[]; title?: string | undefined }>,
  parts = countSimilarityParts(query, results),
  /** Set when a source (an encoder, the word vectors) could not be loaded: the answer is not to be stored. */
  outcome?: { missingSource?: boolean },
): Promise<number[][] | undefined> {
  if (!profile.similarityWeight) return undefined;
  // A long result is not blended (blendsSimilarity): nothing to compute, and no `similarity` in its units.
  const blends = (units: number) => blendsSimilarity(units, profile.similarityMaxUnits);
  if (profile.similaritySource === "sentence-encoder") {
    // A passage (similarityPassage) or a document (similarityDocument) may read another encoder: each encoder embeds
    // only the results it blends.
    const tierOf = (r: { units: readonly unknown[]; title?: string | undefined }) => {
      const how = similarityBlendFor(profile, r.units.length, parts, queryNamesTitle(query, r.title));
      return how?.passage ? profile.similarityPassage : how?.document ? profile.similarityDocument : undefined;
    };
    const nameOf = (r: { units: readonly unknown[]; title?: string | undefined }) => tierOf(r)?.encoder ?? profile.similarityEncoder;
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
        const contextOf = (i: number) => tierOf(picked[i]!);
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

/** A tier's `context` in the keys of stored scores (none when it reads units alone, as every key before it did). */
const contextKey = (tier: { context?: string | undefined; contextUnits?: string | undefined; feedback?: SimilarityFeedback | undefined }) =>
  `${tier.context ? ` context ${tier.context}${tier.contextUnits && tier.contextUnits !== "all" ? ` ${tier.contextUnits}` : ""}` : ""}${tier.feedback ? ` feedback ${tier.feedback.top}x${tier.feedback.weight}` : ""}`;

/**
 * What a profile's similarity was computed from, for keys of stored unit scores: the source's fingerprint (word
 * vectors or sentence encoder), so scores blended with retrained weights are not read through old rows.
 */
export async function similarityFingerprint(profile: SimilarityProfile): Promise<string> {
  // The word vectors' key without the newer settings is the one stored rows were written under.
  const passage = profile.similarityPassage;
  const document = profile.similarityDocument;
  const settings = `${profile.similarityBlend && profile.similarityBlend !== "mix" ? ` ${profile.similarityBlend}` : ""}${profile.similarityMaxUnits ? ` max ${profile.similarityMaxUnits}` : ""}${passage ? ` passage ${passage.maxUnits}${passage.maxResults ? `x${passage.maxResults}` : ""} ${passage.blend} ${passage.weight}${passage.gate ? ` gate ${passage.gate.cosine}x${passage.gate.scale}${passage.gate.paragraphs ? ` paragraphs ${passage.gate.paragraphs.others}x${passage.gate.paragraphs.cosine}` : ""}` : ""}${contextKey(passage)}` : ""}`;
  if (profile.similaritySource === "sentence-encoder") {
    // From the files (the loaded encoder's fingerprint is the same hash): no session starts for a key.
    const fingerprintOf = (name: string | undefined) => sentenceEncoderFingerprint(sentenceEncoderDir(name)) ?? "none";
    const own = fingerprintOf(profile.similarityEncoder);
    const other = passage?.encoder && passage.encoder !== profile.similarityEncoder ? ` ${fingerprintOf(passage.encoder)}` : "";
    const documentKey = document
      ? ` document ${document.blend} ${document.weight}${contextKey(document)}${document.encoder && document.encoder !== profile.similarityEncoder ? ` ${fingerprintOf(document.encoder)}` : ""}`
      : "";
    return `encoder ${own}${settings}${other}${documentKey}`;
  }
  return `${wordVectorsFingerprint()}${settings}`;
}
