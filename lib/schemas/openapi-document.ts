// GET /api/v1/openapi.json: the OpenAPI 3.1 document's outline (lib/server/openapi/build-openapi-document.ts builds
// it; its parts are JSON Schema and OpenAPI objects, described by the OpenAPI specification, not repeated here).
// Client-safe (zod only).
import { z } from "zod";

const objects = z.record(z.string(), z.unknown());

export const openApiDocumentSchema = z.strictObject({
  openapi: z.literal("3.1.0"),
  info: z.strictObject({
    title: z.string(),
    version: z.string().describe("The API's own semantic version (API_VERSION), also sent in every /api response's version header."),
    description: z.string(),
  }),
  tags: z.array(z.strictObject({ name: z.string(), description: z.string() })),
  paths: objects.describe("Path → method → OpenAPI operation object."),
  components: z.strictObject({ schemas: objects, responses: objects, securitySchemes: objects }),
});
