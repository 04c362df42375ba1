import { compressRequest } from "@/lib/server/compress/compress-request";
import { handleRoute } from "@/lib/server/http/handle-route";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { compressRequestSchema } from "@/lib/schemas/compress";
import { COMPRESS_LIMITS } from "@/lib/schemas/limits";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = handleRoute(async (req) => {
  const raw = await readJsonBody(req, {
    maxBytes: COMPRESS_LIMITS.maxBodyBytes,
    hint: "per request (25 MB of result text/html, 5 MB per result)",
  });
  return compressRequest(compressRequestSchema.parse(raw));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
