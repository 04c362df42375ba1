export { htmlToCanonical } from "./html-to-canonical";
export type { HtmlToCanonicalOptions } from "./html-to-canonical";
export { textToCanonical } from "./text-to-canonical";
export { segmentSentences } from "./segment-sentences";
export type { SegmentSentencesOptions } from "./segment-sentences";
export type { Block, BlockKind, BlockRole, CanonicalDoc, Sentence } from "./types";
