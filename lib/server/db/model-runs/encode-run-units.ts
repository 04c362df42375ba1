// Byte layout of ModelRunUnits.scores / ModelRunUnits.categories (see prisma/schema.prisma).
import "server-only";
import { SPAN_CATEGORIES, type SpanCategory } from "@/lib/spans/categories";

export type RunUnits = {
  /** One per unit: the aggregated probability, exactly as scoreResultUnits (computeUnitScores) returned it. */
  scores: number[];
  /** The model's categories as intervals; null for a model without a category head. */
  categories: { start: number; end: number; category: SpanCategory }[] | null;
};

/** scores → Float64 LE; categories → Int32 LE (start, end, index into SPAN_CATEGORIES) triples. */
export function encodeRunUnits({ scores, categories }: RunUnits): { scores: Uint8Array<ArrayBuffer>; categories: Uint8Array<ArrayBuffer> | null } {
  const s = new DataView(new ArrayBuffer(scores.length * 8));
  scores.forEach((x, i) => s.setFloat64(i * 8, x, true));
  if (!categories) return { scores: new Uint8Array(s.buffer), categories: null };
  const c = new DataView(new ArrayBuffer(categories.length * 12));
  categories.forEach((iv, i) => {
    c.setInt32(i * 12, iv.start, true);
    c.setInt32(i * 12 + 4, iv.end, true);
    c.setInt32(i * 12 + 8, SPAN_CATEGORIES.indexOf(iv.category), true);
  });
  return { scores: new Uint8Array(s.buffer), categories: new Uint8Array(c.buffer) };
}

/** The inverse of encodeRunUnits; null when the bytes do not hold `unitCount` scores or whole valid triples. */
export function decodeRunUnits(row: { scores: Uint8Array; categories: Uint8Array | null; unitCount: number }): RunUnits | null {
  if (row.scores.byteLength !== row.unitCount * 8) return null;
  const s = new DataView(row.scores.buffer, row.scores.byteOffset, row.scores.byteLength);
  const scores = new Array<number>(row.unitCount);
  for (let i = 0; i < row.unitCount; i++) scores[i] = s.getFloat64(i * 8, true);
  if (!row.categories) return { scores, categories: null };
  if (row.categories.byteLength % 12 !== 0) return null;
  const c = new DataView(row.categories.buffer, row.categories.byteOffset, row.categories.byteLength);
  const categories: NonNullable<RunUnits["categories"]> = [];
  for (let i = 0; i < row.categories.byteLength; i += 12) {
    const category = SPAN_CATEGORIES[c.getInt32(i + 8, true)];
    if (!category) return null;
    categories.push({ start: c.getInt32(i, true), end: c.getInt32(i + 4, true), category });
  }
  return { scores, categories };
}
