import { idParamsSchema } from "@/lib/schemas/ids";
import { listSuggestionsQuerySchema } from "@/lib/schemas/annotation";
import { withAuth } from "@/lib/server/auth/with-auth";
import { listSuggestions } from "@/lib/server/db/annotations/list-suggestions";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/pairs/{id}/suggestions – the pair's model and judge suggestions
/** GET ?source=judge|model&documentId → {suggestions: StoredSuggestion[]} in document order. */
export const GET = withAuth({ permission: "pair:read", params: idParamsSchema }, async (req, { params: { id } }) => {
  const query = listSuggestionsQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  return { suggestions: await listSuggestions({ pairId: id, ...query }) };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
