import { isAsciiCompatible, findMetaCharset, resolveCharset } from "./charset";
import { decodeWindows1252 } from "./decode-windows-1252";
import { findInvalidUtf8, scanUtf8 } from "./find-invalid-utf8";
import { BINARY_MESSAGE, findTextProblem } from "./find-text-problem";

export type TextKind = "text" | "html";

export interface DecodeTextOptions {
  /** How messages name the input: a file name or a URL. */
  name: string;
  /** "html" also reads a `<meta charset>` declaration (used only when the bytes are not valid UTF-8). */
  kind?: TextKind;
  /** Charset declared by the transport: an HTTP `Content-Type` header, a multipart part's or a File's type. */
  charset?: string;
}

export type DecodeSource = "bom" | "utf-8" | "declared" | "sniffed";

export type DecodedText = {
  ok: true;
  text: string;
  /** WHATWG encoding name: "utf-8", "windows-1252", "koi8-u", "gb18030", … */
  encoding: string;
  source: DecodeSource;
  /** Where a declared encoding came from. */
  declaredBy?: "content-type" | "meta";
};

export type DecodeFailureReason = "binary" | "invalid-utf-8" | "invalid-declared" | "unknown-encoding" | "unpaired-surrogate";

export type DecodeFailure = {
  ok: false;
  reason: DecodeFailureReason;
  /** `${name}: ${problem}`, ready to show. */
  message: string;
  /** The problem without the name. */
  problem: string;
  byteOffset?: number;
  encoding?: string;
};

const hex = (b: number) => `0x${b.toString(16).toUpperCase().padStart(2, "0")}`;
const SAVE_AS_UTF8 = "save it as UTF-8";

/**
 * Bytes of an uploaded or fetched text/HTML document → text, never garbled: a failure names the input and says why.
 *
 * 1. A byte order mark (UTF-8, UTF-16LE, UTF-16BE) decides, strictly.
 * 2. A declared charset that is not ASCII-compatible (UTF-16, ISO-2022-JP) is used as declared.
 * 3. NUL bytes: binary.
 * 4. Valid UTF-8 is UTF-8 (even when a legacy charset is declared: valid multi-byte UTF-8 is never meant as
 *    windows-1252, and a stale declaration is the usual cause).
 * 5. Otherwise a declared charset — the transport's (`charset`), then an HTML `<meta charset>` — decoded strictly
 *    (`fatal: true`); bytes that are invalid in it are refused, not replaced.
 * 6. Otherwise, when the bytes look like damaged UTF-8 (mostly well-formed multi-byte sequences, or cut off
 *    mid-character), refused with the offset.
 * 7. Otherwise a careful windows-1252 sniff: no control bytes, none of the five bytes windows-1252 leaves undefined,
 *    and non-ASCII bytes that read like accented Latin letters (isolated, a minority), not runs of them (CJK, Cyrillic).
 * 8. Otherwise refused: binary when control bytes abound, else "encoding could not be recognised".
 *
 * Every decoded text is checked again (findTextProblem): NUL characters or a high share of control characters are
 * binary. Pure and client-safe (TextDecoder only): the new-pair form and the server use the same rules.
 */
export function decodeTextBytes(bytes: Uint8Array, opts: DecodeTextOptions): DecodedText | DecodeFailure {
  const { name } = opts;
  const fail = (reason: DecodeFailureReason, problem: string, extra: { byteOffset?: number; encoding?: string } = {}): DecodeFailure => ({
    ok: false,
    reason,
    message: `${name}: ${problem}`,
    problem,
    ...extra,
  });
  const finish = (text: string, encoding: string, source: DecodeSource, declaredBy?: "content-type" | "meta"): DecodedText | DecodeFailure => {
    const problem = findTextProblem(text, { nulIsBinary: true });
    if (problem) return fail(problem.reason, problem.message, { encoding });
    return { ok: true, text, encoding, source, ...(declaredBy ? { declaredBy } : {}) };
  };
  const strict = (encoding: string, body: Uint8Array): string | null => {
    if (encoding === "windows-1252") return decodeWindows1252(body);
    try {
      return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(body);
    } catch {
      return null;
    }
  };
  const declaredAs = (encoding: string, by: "content-type" | "meta"): DecodedText | DecodeFailure => {
    const text = strict(encoding, bytes);
    if (text !== null) return finish(text, encoding, "declared", by);
    const where = by === "meta" ? "<meta charset>" : "Content-Type";
    const at = encoding === "utf-8" ? findInvalidUtf8(bytes) : -1;
    const offset = at >= 0 ? ` (byte ${hex(bytes[at]!)} at offset ${at})` : "";
    return fail("invalid-declared", `declared as ${encoding} (${where}) but is not valid ${encoding}${offset}`, {
      encoding,
      ...(at >= 0 ? { byteOffset: at } : {}),
    });
  };

  // 1. Byte order marks.
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    const body = bytes.subarray(3);
    const text = strict("utf-8", body);
    if (text !== null) return finish(text, "utf-8", "bom");
    const at = findInvalidUtf8(body) + 3;
    return fail(
      "invalid-utf-8",
      `starts with a UTF-8 byte order mark but is not valid UTF-8 (byte ${hex(bytes[at]!)} at offset ${at}); ${SAVE_AS_UTF8}`,
      {
        byteOffset: at,
        encoding: "utf-8",
      },
    );
  }
  for (const [b0, b1, encoding] of [
    [0xff, 0xfe, "utf-16le"],
    [0xfe, 0xff, "utf-16be"],
  ] as const) {
    if (bytes[0] !== b0 || bytes[1] !== b1) continue;
    const text = strict(encoding, bytes.subarray(2));
    if (text !== null) return finish(text, encoding, "bom");
    return fail(
      "invalid-declared",
      `starts with a ${encoding.toUpperCase()} byte order mark but is not valid ${encoding.toUpperCase()}; ${SAVE_AS_UTF8}`,
      { encoding },
    );
  }

  // 2. Declared encodings in which ASCII is not ASCII.
  const declared = resolveCharset(opts.charset);
  if (declared && !isAsciiCompatible(declared)) return declaredAs(declared, "content-type");

  // 3. NUL bytes never occur in text of an ASCII-compatible encoding.
  const nulAt = bytes.indexOf(0);
  if (nulAt >= 0) return fail("binary", BINARY_MESSAGE, { byteOffset: nulAt });

  // 4. Valid UTF-8.
  const scan = scanUtf8(bytes);
  if (scan.firstInvalid < 0) return finish(strict("utf-8", bytes) ?? "", "utf-8", "utf-8");

  // 5. A declaration.
  if (declared) return declaredAs(declared, "content-type");
  const meta = opts.kind === "html" ? findMetaCharset(bytes) : undefined;
  if (meta && meta !== "utf-8") return declaredAs(meta, "meta");

  // 6. Damaged UTF-8.
  const at = scan.firstInvalid;
  if (scan.truncatedAtEnd && (scan.multiByte > 0 || bytes.length - at >= 2)) {
    return fail("invalid-utf-8", `not valid UTF-8: it ends in the middle of a character (byte offset ${at}); is the file truncated?`, {
      byteOffset: at,
      encoding: "utf-8",
    });
  }
  if (scan.multiByte > 0 && scan.multiByte >= scan.invalid) {
    return fail("invalid-utf-8", `not valid UTF-8: invalid or truncated sequence at byte offset ${at} (byte ${hex(bytes[at]!)}); ${SAVE_AS_UTF8}`, {
      byteOffset: at,
      encoding: "utf-8",
    });
  }

  // 7. windows-1252, carefully.
  if (looksLikeWindows1252(bytes)) {
    const text = strict("windows-1252", bytes);
    if (text !== null) return finish(text, "windows-1252", "sniffed");
  }

  // 8. Refused.
  if (countControlBytes(bytes) > Math.max(2, bytes.length * 0.01)) return fail("binary", BINARY_MESSAGE, { byteOffset: at });
  const declare = opts.kind === "html" ? ", or declare its charset with <meta charset>" : "";
  return fail(
    "unknown-encoding",
    `not UTF-8, and its encoding could not be recognised (byte ${hex(bytes[at]!)} at offset ${at}); ${SAVE_AS_UTF8}${declare}`,
    {
      byteOffset: at,
    },
  );
}

/** C0 control bytes other than tab, LF, VT, FF, CR and ESC, and DEL. */
function countControlBytes(bytes: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if ((b < 0x20 && (b < 0x09 || (b > 0x0d && b !== 0x1b))) || b === 0x7f) n++;
  }
  return n;
}

// Bytes windows-1252 leaves undefined (WHATWG maps them to C1 controls): 0x81, 0x8D, 0x8F, 0x90, 0x9D.
const isUndefined1252 = (b: number) => b === 0x81 || b === 0x8d || b === 0x8f || b === 0x90 || b === 0x9d;

/**
 * Text in windows-1252 (Western European): no control bytes, no undefined bytes, and its non-ASCII bytes are
 * accented letters and punctuation between ASCII letters: a minority of the text, rarely three in a row. CJK
 * double-byte encodings and Cyrillic/Greek single-byte text are runs of high bytes and fail this.
 */
export function looksLikeWindows1252(bytes: Uint8Array): boolean {
  let high = 0;
  let inRuns = 0;
  let run = 0;
  let visible = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) || b === 0x7f || isUndefined1252(b)) return false;
    if (b >= 0x80) {
      high++;
      run++;
    } else {
      if (run >= 3) inRuns += run;
      run = 0;
    }
    if (b > 0x20) visible++;
  }
  if (run >= 3) inRuns += run;
  return high > 0 && inRuns * 3 <= high && high <= visible * 0.3;
}
