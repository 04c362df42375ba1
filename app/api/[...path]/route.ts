import { AppError } from "@/lib/errors";
import { errorToResponse } from "@/lib/server/http/handle-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Any /api path no route serves: 404 in the documented JSON error shape (instead of the HTML not-found page). */
async function notFound(req: Request): Promise<Response> {
  const { pathname } = new URL(req.url);
  return errorToResponse(new AppError("NOT_FOUND", `No API route ${pathname}. See /api-docs.`));
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
