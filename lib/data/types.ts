import type { SpanCategory } from "../spans/categories";
import type { CanonicalDoc } from "../text/types";
/** One result of an evaluation example, before canonicalisation. */
export interface EvalResult {
  id: string;
  text?: string;
  html?: string;
  /** An already-canonical document (gold exports, synthesized pages): wins over text and html. */
  doc?: CanonicalDoc;
  title?: string;
  url?: string;
  /** BCP 47 language of the document (sentence segmentation), when known. */
  locale?: string;
}

/** Gold evidence: end-exclusive UTF-16 offsets into the CANONICAL text of result `resultId`. */
export interface EvidenceSpan {
  resultId: string;
  start: number;
  end: number;
}

/** A labeled region of a result (gold spans, silver page categories): per-category figures in `eval`. */
export interface CategorySpan extends EvidenceSpan {
  category: SpanCategory;
}

export interface EvalExample {
  id: string;
  query: string;
  results: EvalResult[];
  /** Empty for a query the results cannot answer (the right output keeps nothing). */
  evidence: EvidenceSpan[];
  /** Category of labeled text, when the source has categories. */
  categories?: CategorySpan[];
  /** Gold short answers (extractive only; HotpotQA yes/no answers are left out). */
  answers?: string[];
  /** Article or example id: train/dev splits never separate one group. */
  group: string;
}

/** A validation problem of one input record. */
export interface RecordError {
  /** Where: "line 12", "data[3].paragraphs[2].qas[1]", "[17]". */
  record: string;
  message: string;
}

export interface ImportOptions {
  /** Stop after this many examples (records after it are not read). */
  limit?: number;
  /** Locale for sentence segmentation of evidence sentences. */
  locale?: string;
}
