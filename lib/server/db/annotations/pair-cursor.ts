import "server-only";
import { AppError } from "@/lib/errors";
import type { PairSort } from "../../../schemas/queue";

/** Position in a sorted pair list: the sort key value of the last item seen and its id (tie-breaker). */
export type PairCursor = {
  sort: PairSort;
  direction: "asc" | "desc";
  /** updatedAt: ISO timestamp; score sorts: the score, or null for unscored pairs. */
  value: string | number | null;
  id: string;
};

/** Opaque, URL-safe cursor string. */
export function encodePairCursor(c: PairCursor): string {
  return Buffer.from(JSON.stringify([c.sort, c.direction, c.value, c.id])).toString("base64url");
}

/** Parses a cursor and checks it belongs to the requested order (UNPROCESSABLE otherwise). */
export function decodePairCursor(s: string, expected: { sort: PairSort; direction: "asc" | "desc" }): PairCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(s, "base64url").toString("utf8"));
  } catch {
    parsed = null;
  }
  if (Array.isArray(parsed) && parsed.length === 4) {
    const [sort, direction, value, id] = parsed as unknown[];
    const valueOk =
      sort === "updatedAt" ? typeof value === "string" && !Number.isNaN(Date.parse(value)) : value === null || typeof value === "number";
    if (sort === expected.sort && direction === expected.direction && valueOk && typeof id === "string" && id) {
      return { sort: expected.sort, direction: expected.direction, value: value as string | number | null, id };
    }
  }
  throw new AppError("UNPROCESSABLE", "Invalid cursor for this sort order", { cursor: s });
}
