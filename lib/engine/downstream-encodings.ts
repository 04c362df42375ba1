// Client-safe list (no tokenizer import): schemas and forms validate names with it.
export const DOWNSTREAM_ENCODINGS = ["o200k_base", "o200k_harmony", "cl100k_base", "p50k_base", "r50k_base"] as const;
export type DownstreamEncoding = (typeof DOWNSTREAM_ENCODINGS)[number];
export const DEFAULT_DOWNSTREAM_ENCODING: DownstreamEncoding = "o200k_base";
