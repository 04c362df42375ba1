import { acceptSuggestions } from "@/lib/server/db/annotations/accept-suggestions";
import { assertPairView } from "@/lib/server/db/annotations/assert-pair-view";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * POST {ids, version, category?} → 200 AcceptSuggestionsResult (the save result plus accepted: suggestion id →
 * span id, skipped). Same version contract as PUT annotation (409 CONFLICT with the server's spans). 403 where blind
 * annotation hides predictions from the caller: accepting would hand them the suggestions' spans.
 */
export const POST = defineRoute(OPERATIONS.acceptSuggestions, async ({ params: { id }, user, readBody }) => {
  const body = await readBody();
  await assertPairView({ pairId: id, user, see: "predictions" });
  return acceptSuggestions({
    pairId: id,
    annotatorId: user.id,
    baseVersion: body.version,
    suggestionIds: body.ids,
    ...(body.category ? { category: body.category } : {}),
  });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
