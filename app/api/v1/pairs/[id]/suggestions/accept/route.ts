import { idParamsSchema } from "@/lib/schemas/ids";
import { acceptSuggestionsRequestSchema } from "@/lib/schemas/annotation";
import { withAuth } from "@/lib/server/auth/with-auth";
import { acceptSuggestions } from "@/lib/server/db/annotations/accept-suggestions";
import { BODY_LIMITS } from "@/lib/server/http/body-limits";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/pairs/{id}/suggestions/accept – copy suggestions into my annotation
/**
 * POST {ids, version, category?} → 200 AcceptSuggestionsResult (the save result plus accepted: suggestion id →
 * span id, skipped). Same version contract as PUT annotation (409 CONFLICT with the server's spans).
 */
export const POST = withAuth({ permission: "pair:annotate", params: idParamsSchema }, async (req, { params: { id } }, user) => {
  const body = acceptSuggestionsRequestSchema.parse(await readJsonBody(req, { maxBytes: BODY_LIMITS.suggestionIds }));
  return acceptSuggestions({
    pairId: id,
    annotatorId: user.id,
    baseVersion: body.version,
    suggestionIds: body.ids,
    ...(body.category ? { category: body.category } : {}),
  });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
