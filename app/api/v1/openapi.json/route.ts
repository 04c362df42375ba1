import { handleRoute } from "@/lib/server/http/handle-route";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { getOpenApiDocument } from "@/lib/server/openapi/build-openapi-document";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/openapi.json – this API as an OpenAPI 3.1 document (public)
/**
 * GET → the OpenAPI document generated from the handlers' zod schemas (lib/server/openapi), for client generators.
 * Public like /api-docs, which renders it: it describes the API and holds no data.
 */
export const GET = handleRoute(() => getOpenApiDocument());

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
