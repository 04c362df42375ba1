import "server-only";
import type { SelectionProfile } from "../../engine/profile";
import { toFlatProfile } from "../../model/flat-profile";
import type { CompressResponse } from "../../schemas/compress";

/** What API 1.x sends instead of the grouped profile: the flat one and 1.1.0's deprecated copies of it. */
type ApiProfileFields = Pick<CompressResponse, "profile" | "fallbackFloor" | "floor" | "focusWeight" | "query">;

/**
 * The API edge of a scored result set (POST /api/v1/compress, POST /api/v1/pairs/{id}/scores): the code holds the
 * profile grouped by stage, API 1.x sends 1.1.0's flat profile and, beside it, the copies 1.1.0 deprecated, sent when
 * 1.1.0 sent them (docs/api-changelog.md: they stay until 2.0.0). `query` is the one scored.
 */
export function toCompressResponse<T extends { profile: SelectionProfile }>(o: { scored: T; query: string }): Omit<T, "profile"> & ApiProfileFields {
  const { profile, ...rest } = o.scored;
  const { units, similarity, selection } = profile;
  return {
    ...rest,
    profile: toFlatProfile(profile),
    ...(selection.fallbackFloor !== undefined ? { fallbackFloor: selection.fallbackFloor } : {}),
    ...(selection.floor !== undefined ? { floor: selection.floor } : {}),
    ...(units.focusWeight !== undefined ? { focusWeight: units.focusWeight } : {}),
    // 1.1.0 echoed the query where the browser's re-aggregation of token probabilities reads it.
    ...(units.focusWeight !== undefined || similarity !== undefined || units.searchRerank !== undefined ? { query: o.query } : {}),
  };
}
