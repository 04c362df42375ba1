import { formatOverLimit, utf8Length } from "../../schemas/limits";
import { isAppError } from "../../errors";
import { decodeUtf8Strict } from "./decode-utf8-strict";
import { DEFAULT_MAX_IMPORT_BYTES, type ImportIssue } from "./types";

/** Size check first (before decoding or parsing anything), then strict UTF-8 decoding. */
export function decodeImportInput(
  input: string | Uint8Array,
  opts: { maxBytes?: number; label?: string },
): { ok: true; text: string } | { ok: false; error: ImportIssue } {
  const max = opts.maxBytes ?? DEFAULT_MAX_IMPORT_BYTES;
  const size = typeof input === "string" ? utf8Length(input) : input.byteLength;
  if (size > max) {
    const f = formatOverLimit(size, max);
    return {
      ok: false,
      error: { index: null, record: "file", message: `${opts.label ?? "file"} is ${f.size}; the limit is ${f.max}` },
    };
  }
  if (typeof input === "string") return { ok: true, text: input.charCodeAt(0) === 0xfeff ? input.slice(1) : input };
  try {
    return { ok: true, text: decodeUtf8Strict(input, { label: opts.label }) };
  } catch (e) {
    if (!isAppError(e)) throw e;
    return { ok: false, error: { index: null, record: "file", message: e.message } };
  }
}
