import { assertPairView } from "@/lib/server/db/annotations/assert-pair-view";
import { listSuggestions } from "@/lib/server/db/annotations/list-suggestions";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET ?source=judge|model&documentId → {suggestions: StoredSuggestion[]} in document order. 403 where blind annotation
 * hides predictions from the caller (the dataset's showPredictions is off and they have not submitted).
 */
export const GET = defineRoute(OPERATIONS.listSuggestions, async ({ params: { id }, query, user }) => {
  await assertPairView({ pairId: id, user, see: "predictions" });
  return { suggestions: await listSuggestions({ pairId: id, ...query }) };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
