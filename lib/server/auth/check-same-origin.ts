import "server-only";
import { AppError } from "../../errors";
import { getEnv } from "../env";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF guard on top of SameSite=Lax: a state-changing request that carries an Origin header must come from this
 * host (X-Forwarded-Host, else Host), or from a host listed in SNIPPET_LAB_ALLOWED_ORIGINS (for a reverse proxy
 * that rewrites Host without setting X-Forwarded-Host). Requests without Origin (curl, scripts) pass; they still
 * need a valid session cookie.
 */
export function checkSameOrigin(req: Request): void {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return;
  const origin = req.headers.get("origin");
  if (origin === null) return;
  const host = (req.headers.get("x-forwarded-host")?.split(",")[0]?.trim() || req.headers.get("host") || new URL(req.url).host).toLowerCase();
  let originHost: string | null = null;
  try {
    originHost = origin === "null" ? null : new URL(origin).host.toLowerCase();
  } catch {
    originHost = null;
  }
  if (originHost !== null && (originHost === host || getEnv().allowedOrigins.includes(originHost))) return;
  throw new AppError("FORBIDDEN", "Cross-origin request refused: send it from the Snippet Lab pages.");
}
