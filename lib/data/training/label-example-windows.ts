import { computeTokenFeatures, type SectionMode } from "../../features/compute-token-features";
import { FEATURE_COUNT } from "../../features/feature-spec";
import { segmentSentences } from "../../text/segment-sentences";
import { buildWindows } from "../../tokenizer/build-windows";
import type { WordPieceTokenizer } from "../../tokenizer/wordpiece";
import { CAT, CAT_DROP_UNKNOWN, CAT_UNKNOWN } from "./categories";
import type { TrainingExample } from "./types";

/** One model window with its labels, as training data stores it. */
export interface TrainingWindow {
  inputIds: Int32Array;
  /** [positions × FEATURE_COUNT]. */
  features: Uint8Array;
  /** Per position: 1 keep (vital), 0 drop, -1 ignored (query, special tokens, unlabeled text). */
  keep: Int8Array;
  /** Per position: category id (CAT), -1 ignored. */
  category: Int8Array;
  /**
   * Per position: the sentence unit (as serving cuts them) the token starts in, counted from the window's first unit,
   * -1 outside the context. What a unit-level (listwise) loss groups tokens by.
   */
  unit: Int16Array;
}

export interface LabelExampleWindowsOptions {
  example: TrainingExample;
  tokenizer: WordPieceTokenizer;
  maxLength: number;
  overlap?: number;
  maxQueryTokens?: number;
  /** Section mode of the features (computeTokenFeatures `sections`), as the model will be served. */
  sections?: SectionMode;
}

/**
 * Tokenizes a training example exactly as serving does (canonical text → sentences → WordPiece → set-level
 * features → overlapping windows) and attaches each context token's labels: the category of the character it
 * starts at, keep = vital.
 */
export function labelExampleWindows(opts: LabelExampleWindowsOptions): TrainingWindow[] {
  const { example, tokenizer } = opts;
  const queryEncoding = tokenizer.encode(example.query);
  const encodings = example.docs.map((d) => tokenizer.encode(d.doc.text));
  // Sentences as serving cuts them (the API has no locale: the default one), so the features match.
  const results = example.docs.map((d) => {
    const r: { doc: typeof d.doc; units: ReturnType<typeof segmentSentences>; title?: string } = {
      doc: d.doc,
      units: segmentSentences(d.doc),
    };
    if (d.title) r.title = d.title;
    return r;
  });
  const features = computeTokenFeatures({ query: example.query, results, encodings, queryEncoding, sections: opts.sections ?? false });
  const out: TrainingWindow[] = [];
  example.docs.forEach((d, i) => {
    const enc = encodings[i]!;
    if (enc.ids.length === 0) return;
    const windows = buildWindows({
      query: queryEncoding,
      context: enc,
      special: tokenizer.special,
      maxLength: opts.maxLength,
      overlap: opts.overlap,
      maxQueryTokens: opts.maxQueryTokens,
      matchFeature: false,
      features: features[i],
      featureCount: FEATURE_COUNT,
    });
    const tokenUnits = unitOfTokens(enc.starts, results[i]!.units);
    for (const w of windows) {
      const L = w.inputIds.length;
      const keep = new Int8Array(L).fill(-1);
      const category = new Int8Array(L).fill(-1);
      const unit = new Int16Array(L).fill(-1);
      let firstUnit = -1;
      w.contextIndex.forEach((t, p) => {
        if (t < 0) return;
        const u = tokenUnits[t]!;
        if (u >= 0) {
          if (firstUnit < 0) firstUnit = u;
          unit[p] = Math.min(32_767, u - firstUnit);
        }
        const cat = d.categories[enc.starts[t]!] ?? CAT_UNKNOWN;
        if (cat === CAT_UNKNOWN) return;
        if (cat === CAT_DROP_UNKNOWN) {
          keep[p] = 0;
          return;
        }
        category[p] = cat;
        keep[p] = cat === CAT.vital ? 1 : 0;
      });
      out.push({ inputIds: Int32Array.from(w.inputIds), features: w.features!, keep, category, unit });
    }
  });
  return out;
}

/** For each token (by its start offset), the index of the unit it starts in; -1 between units. Both sorted. */
function unitOfTokens(starts: ArrayLike<number>, units: ReadonlyArray<{ start: number; end: number }>): Int32Array {
  const out = new Int32Array(starts.length).fill(-1);
  let u = 0;
  for (let t = 0; t < starts.length; t++) {
    const at = starts[t]!;
    while (u < units.length && units[u]!.end <= at) u++;
    if (u < units.length && units[u]!.start <= at) out[t] = u;
  }
  return out;
}
