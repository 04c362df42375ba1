/**
 * The per-token input features of the "features-v2" models: what the canonical text and the result set already
 * know (lexical relevance in the set, page structure, the other results' titles) handed to the encoder as small
 * categorical values, each embedded and summed with the token embedding. Value 0 of every feature is reserved for
 * query and special tokens; context tokens use 1..size-1.
 *
 * The order is the column order of the feature matrix in training data and in the ONNX input: append only.
 */
export const FEATURE_SPEC = [
  /** Token matches the query: 1 no, 2 exact (rare term in the set), 3 exact (common term), 4 stem / single CJK char, 5 inside another result's title. */
  { name: "tokenMatch", size: 6 },
  /** Unit BM25 over the whole result set, min-max normalised: 1 no query term, 2..8 by score. */
  { name: "unitLexical", size: 9 },
  /** Rank of the unit's BM25 in the set: 1 no match, 2 first, 3 second, 4 third, 5 4-5, 6 6-10, 7 11-20, 8 later. */
  { name: "unitRank", size: 9 },
  /** IDF-weighted share of the query's terms the unit contains: 1 none, 2..6 by fifths. */
  { name: "unitCoverage", size: 7 },
  /** Unit index in its result: 1 first, 2 second, 3 third, 4 4th-10th, 5 later. */
  { name: "unitPosition", size: 6 },
  /** 2 when the unit is the first of its block, else 1. */
  { name: "unitFirstInBlock", size: 3 },
  /** Terms in the unit: 1 1-3, 2 4-8, 3 9-20, 4 21-40, 5 more. */
  { name: "unitLength", size: 6 },
  /** The unit names another result's title: 1 no, 2 yes, 3 the title of a relevant result (bridge entity). */
  { name: "unitBridge", size: 4 },
  /** Rank of the result in the set (BM25 of its whole text): 1 single result, 2 first, 3 second, 4 third, 5 fourth, 6 5th-10th, 7 later. */
  { name: "resultRank", size: 8 },
  /** The result's title against the query: 1 no title, 2 no shared term, 3 some, 4 most title terms in the query. */
  { name: "resultTitle", size: 5 },
  /** Another result names this result's title: 1 no title / single result, 2 no, 3 yes, 4 in a top-ranked unit. */
  { name: "resultBridgeIn", size: 5 },
  /** Block role: 1 main, 2 navigation, 3 header, 4 footer, 5 aside, 6 form, 7 comment. */
  { name: "blockRole", size: 8 },
  /** Block kind: 1 h1-h2, 2 h3-h6, 3 paragraph, 4 list item, 5 table row, 6 code, 7 quote. */
  { name: "blockKind", size: 8 },
  /** Terms in the block: 1 0-2, 2 3-6, 3 7-15, 4 16-30, 5 31-60, 6 more. */
  { name: "blockLength", size: 7 },
  /** Share of the block's text inside links: 1 none/unknown, 2 ≤ .25, 3 ≤ .5, 4 ≤ .8, 5 more. */
  { name: "blockLinks", size: 6 },
  /** Where the block starts in its result, by tenths of the text: 1..10. */
  { name: "blockPosition", size: 11 },
  /** 2 when the same block text occurred earlier in this result or an earlier one, else 1. */
  { name: "blockDuplicate", size: 3 },
] as const;

export type FeatureName = (typeof FEATURE_SPEC)[number]["name"];
export const FEATURE_COUNT = FEATURE_SPEC.length;
export const FEATURE_VERSION = "v2";
export const FEATURE_INDEX: Record<FeatureName, number> = Object.fromEntries(FEATURE_SPEC.map((f, i) => [f.name, i])) as Record<FeatureName, number>;
