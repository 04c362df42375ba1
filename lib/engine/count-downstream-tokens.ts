import { AppError } from "../errors";
// The default encoding is imported eagerly (it is what almost every call uses and
// countDownstreamTokens must stay synchronous); others load on demand via loadDownstreamEncoding.
import { countTokens as countO200k } from "gpt-tokenizer/encoding/o200k_base";

import { DEFAULT_DOWNSTREAM_ENCODING, DOWNSTREAM_ENCODINGS, type DownstreamEncoding } from "./downstream-encodings";

type CountFn = (text: string, options?: { disallowedSpecial?: Set<string> }) => number;

// Page text may contain "<|endoftext|>" etc.; count it as plain text instead of throwing.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

const counters = new Map<string, CountFn>([["o200k_base", countO200k as CountFn]]);
const pending = new Map<string, Promise<CountFn>>();

export function isDownstreamEncoding(name: string): name is DownstreamEncoding {
  return (DOWNSTREAM_ENCODINGS as readonly string[]).includes(name);
}

// Literal import specifiers so bundlers can split each encoding into its own chunk.
async function importCounter(name: DownstreamEncoding): Promise<CountFn> {
  switch (name) {
    case "o200k_base":
      return countO200k as CountFn;
    case "o200k_harmony":
      return (await import("gpt-tokenizer/encoding/o200k_harmony")).countTokens as CountFn;
    case "cl100k_base":
      return (await import("gpt-tokenizer/encoding/cl100k_base")).countTokens as CountFn;
    case "p50k_base":
      return (await import("gpt-tokenizer/encoding/p50k_base")).countTokens as CountFn;
    case "r50k_base":
      return (await import("gpt-tokenizer/encoding/r50k_base")).countTokens as CountFn;
  }
}

/** Loads (once) a downstream encoding so countDownstreamTokens can use it synchronously. */
export async function loadDownstreamEncoding(name: string = DEFAULT_DOWNSTREAM_ENCODING): Promise<void> {
  if (counters.has(name)) return;
  if (!isDownstreamEncoding(name)) {
    throw new AppError("BAD_REQUEST", `Unknown downstream encoding "${name}" (known: ${DOWNSTREAM_ENCODINGS.join(", ")})`);
  }
  let p = pending.get(name);
  if (!p) {
    p = importCounter(name);
    pending.set(name, p);
  }
  counters.set(name, await p);
}

/**
 * Downstream-LLM token count of `text` (gpt-tokenizer, default o200k_base).
 * Non-default encodings must be loaded first with `await loadDownstreamEncoding(name)`.
 * For big pages call it per unit (BPE cost is superlinear in the length of whitespace-free runs,
 * and per-unit counts are what the budget packing needs anyway).
 */
export function countDownstreamTokens(text: string, encoding: string = DEFAULT_DOWNSTREAM_ENCODING): number {
  if (text.length === 0) return 0;
  const count = counters.get(encoding);
  if (!count) {
    if (!isDownstreamEncoding(encoding)) {
      throw new AppError("BAD_REQUEST", `Unknown downstream encoding "${encoding}" (known: ${DOWNSTREAM_ENCODINGS.join(", ")})`);
    }
    throw new AppError("INTERNAL", `Downstream encoding "${encoding}" is not loaded: await loadDownstreamEncoding("${encoding}") first`);
  }
  return count(text, PLAIN_TEXT);
}
