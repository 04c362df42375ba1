import "server-only";
import { redirect } from "next/navigation";
import { AppError, isAppError } from "../../errors";
import { assertPermission, FORBIDDEN_DIGEST, type Permission } from "../../auth/policy";
import { safeNextPath } from "../../auth/safe-next-path";
import { getCurrentUser } from "./get-current-user";
import type { SessionUser } from "./types";

export type RequireUserOptions = {
  /** Omit to only require a signed-in user. */
  permission?: Permission;
  /** This page's path (and query), to come back to after signing in. Defaults to "/". */
  next?: string;
};

/**
 * The page/server-action guard: redirects to /login?next=… when signed out; throws AppError FORBIDDEN (digest
 * FORBIDDEN_DIGEST, so an error boundary can tell it apart in production) when the role lacks `permission`.
 *
 *   const user = await requireUser({ permission: "pair:review", next: "/review" });
 */
export async function requireUser({ permission, next }: RequireUserOptions = {}): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (!user) redirect(`/login?next=${encodeURIComponent(safeNextPath(next))}`);
  if (permission) {
    try {
      assertPermission(user, permission);
    } catch (e) {
      if (isAppError(e)) throw Object.assign(new AppError(e.code, e.message, e.details), { digest: FORBIDDEN_DIGEST });
      throw e;
    }
  }
  return user;
}
