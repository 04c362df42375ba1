/**
 * The client address for rate limiting: first X-Forwarded-For entry, then X-Real-IP, else "unknown". These headers
 * are only trustworthy behind a proxy that sets them; with the app exposed directly, a client can vary them, so the
 * limit then still holds per email+claimed address but is not a hard per-email cap.
 */
import "server-only";

export function getClientIp(req: Request): string {
  const forwarded = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  if (forwarded) return forwarded.slice(0, 64);
  const real = req.headers.get("x-real-ip")?.trim();
  return real ? real.slice(0, 64) : "unknown";
}
