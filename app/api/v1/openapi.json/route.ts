import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { getOpenApiDocument } from "@/lib/server/openapi/build-openapi-document";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET → the OpenAPI document generated from the handlers' zod schemas (lib/server/openapi), for client generators.
 * Public like /api-docs, which renders it: it describes the API and holds no data.
 */
export const GET = defineRoute(OPERATIONS.getOpenApiDocument, () => getOpenApiDocument());

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
