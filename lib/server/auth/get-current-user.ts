import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { isHttpsRequest } from "@/lib/http/security-headers";
import { getEnv } from "../env";
import { getSessionUser } from "./get-session-user";
import { SESSION_COOKIE, sessionCookieAttributes } from "./session-cookie";
import type { SessionUser } from "@/lib/schemas/users";

/**
 * The signed-in user of the current request (server components, server actions), or null. Memoized per request, so
 * the layout and the page share one lookup.
 */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => {
  const store = await cookies();
  const token = store.get(SESSION_COOKIE)?.value;
  const lookup = await getSessionUser({ token });
  if (!lookup || !token) return null;
  if (lookup.extended) {
    const h = await headers();
    const secure = isHttpsRequest(h, `http://${h.get("host") ?? "localhost"}/`, { trustProxy: getEnv().trustProxy });
    try {
      store.set(SESSION_COOKIE, token, sessionCookieAttributes({ expiresAt: lookup.expiresAt, secure }));
    } catch {
      // Server components cannot set cookies; the next route handler or server action re-sends it.
    }
  }
  return lookup.user;
});
