/**
 * What makes a decoded string unfit to store as a document's text: binary data (NUL characters, or more than a
 * trace of control characters) or an unpaired UTF-16 surrogate (JSON can carry "\ud800"; it cannot be stored or
 * encoded as UTF-8 without turning into U+FFFD). Client-safe: the forms and the request schemas use it too.
 */
export type TextProblem =
  { reason: "binary"; message: string; controlChars: number; nulAt?: number } | { reason: "unpaired-surrogate"; message: string; at: number };

export const BINARY_MESSAGE = "looks like binary data, not text";

// C0 controls except tab, LF, VT, FF, CR and ESC (terminal colour codes in logs), DEL, and the C1 controls.
const CONTROL = /[\u0000-\u0008\u000e-\u001a\u001c-\u001f\u007f-\u009f]/;
const CONTROL_G = new RegExp(CONTROL.source, "g");
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** More control characters than this share (and more than 2) is binary data decoded by mistake. */
export const MAX_CONTROL_SHARE = 0.01;

export function findTextProblem(text: string, opts: { nulIsBinary?: boolean } = {}): TextProblem | null {
  const wellFormed = (text as { isWellFormed?: () => boolean }).isWellFormed?.() ?? !LONE_SURROGATE.test(text);
  if (!wellFormed) {
    const at = text.search(LONE_SURROGATE);
    const unit = text.charCodeAt(at).toString(16).toUpperCase();
    return { reason: "unpaired-surrogate", message: `contains an unpaired surrogate (U+${unit}) at character ${at}`, at };
  }
  if (!CONTROL.test(text)) return null;
  const nulAt = text.indexOf("\u0000");
  const controlChars = text.match(CONTROL_G)?.length ?? 0;
  if ((opts.nulIsBinary && nulAt >= 0) || controlChars > Math.max(2, text.length * MAX_CONTROL_SHARE)) {
    return { reason: "binary", message: BINARY_MESSAGE, controlChars, ...(nulAt >= 0 ? { nulAt } : {}) };
  }
  return null;
}
