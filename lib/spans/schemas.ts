import { z } from "zod";
import { zSpanCategory } from "./categories";
import { splitsSurrogatePair } from "./text-edges";

/**
 * Where a span came from. Human and gold spans are stored as Span rows; model and judge output as Suggestion rows
 * (lib/schemas/enums.ts). In lib/spans they share one shape so every layer can be compared, merged and exported.
 */
export const SPAN_LAYER_SOURCES = ["human", "judge", "model", "gold"] as const;
export type SpanLayerSource = (typeof SPAN_LAYER_SOURCES)[number];
export const zSpanLayerSource = z.enum(SPAN_LAYER_SOURCES);

/** Offsets are end-exclusive UTF-16 offsets into the document's canonical text; `text` is the covered text. */
export const spanSchema = z
  .object({
    id: z.string().min(1).max(200).optional(),
    documentId: z.string().min(1).max(200),
    start: z.number().int().nonnegative(),
    end: z.number().int().positive(),
    text: z.string().min(1),
    category: zSpanCategory,
    source: zSpanLayerSource,
    author: z.string().min(1).max(320).optional(),
    score: z.number().finite().optional(),
  })
  .refine((s) => s.end > s.start, { message: "end must be greater than start", path: ["end"] })
  .refine((s) => s.text.length === s.end - s.start, { message: "text length must equal end - start", path: ["text"] });

export type Span = z.infer<typeof spanSchema>;
/** Spans in an editor, a history or a merge need a stable identity. */
export type SpanWithId = Span & { id: string };

/**
 * Why `span` does not fit `text` (the document's canonical text), or undefined when it does:
 * 0 ≤ start < end ≤ text.length, no edge inside a surrogate pair, covered text equal to text.slice(start, end).
 */
export function checkSpanInText(span: Pick<Span, "start" | "end" | "text">, text: string): string | undefined {
  const { start, end } = span;
  if (!Number.isInteger(start) || !Number.isInteger(end)) return `offsets must be integers (got ${start}, ${end})`;
  if (start < 0) return `start ${start} is negative`;
  if (end <= start) return `empty or reversed span [${start}, ${end})`;
  if (end > text.length) return `span [${start}, ${end}) ends beyond the text (${text.length} chars)`;
  if (splitsSurrogatePair(text, start) || splitsSurrogatePair(text, end)) return `span [${start}, ${end}) splits a surrogate pair`;
  const actual = text.slice(start, end);
  if (actual !== span.text) return `text mismatch at [${start}, ${end}): span has ${quote(span.text)}, document has ${quote(actual)}`;
  return undefined;
}

/** A span schema bound to one document text (zod at the boundary: shape and position in one pass). */
export function spanInTextSchema(text: string) {
  return spanSchema.superRefine((s, ctx) => {
    const problem = checkSpanInText(s, text);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["start"] });
  });
}

/** Short JSON-quoted excerpt for error messages. */
export function quote(s: string, max = 40): string {
  return JSON.stringify(s.length > max ? `${s.slice(0, max)}…` : s);
}
