import "server-only";
import { createHash } from "node:crypto";

export type ComputeInputHashOptions = {
  /** modelFingerprint() of the model (name + config + weights). */
  modelVersion: string;
  query: string;
  /** The document's canonical text. */
  text: string;
  /**
   * sha256 of every document text of the result set, in order: the model's relevance features (BM25 bins) are
   * computed over the whole set, so a document's probabilities depend on its neighbours too.
   */
  setHashes: readonly string[];
  /** Settings that change the model's input (e.g. SNIPPET_LAB_RELEVANCE_SCOPE). */
  settings?: Readonly<Record<string, string>>;
};

/** ModelRun.inputHash: when any input of the model changes, the cached probabilities are stale. */
export function computeInputHash(opts: ComputeInputHashOptions): string {
  return createHash("sha256")
    .update(
      JSON.stringify({
        model: opts.modelVersion,
        settings: opts.settings ?? {},
        query: opts.query,
        set: opts.setHashes,
        text: opts.text,
      }),
    )
    .digest("hex");
}
