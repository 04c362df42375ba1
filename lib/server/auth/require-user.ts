import "server-only";
import { headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { hasPermission, type Permission } from "../../auth/policy";
import { safeNextPath } from "../../auth/safe-next-path";
import { REQUEST_PATH_HEADER } from "../../http/request-path";
import { getCurrentUser } from "./get-current-user";
import type { SessionUser } from "@/lib/schemas/users";

export type RequireUserOptions = {
  /** Omit to only require a signed-in user. */
  permission?: Permission;
  /** This page's path (and query), to come back to after signing in. Defaults to the requested URL (proxy.ts). */
  next?: string;
};

/**
 * The page/layout guard: redirects to /login?next=… when signed out; calls forbidden() (403, app/forbidden.tsx, no
 * error logged) when the role lacks `permission`.
 *
 * The status code is only real when this runs before the response starts streaming, i.e. outside any loading.tsx or
 * <Suspense> boundary: call it in the page of a segment without loading.tsx, or in a layout above it
 * (app/pairs/layout.tsx). Inside a boundary the redirect / forbidden UI still happen, with status 200.
 *
 *   const user = await requireUser({ permission: "pair:review", next: "/review" });
 */
export async function requireUser({ permission, next }: RequireUserOptions = {}): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (!user) {
    const target = next ?? (await headers()).get(REQUEST_PATH_HEADER) ?? "/";
    redirect(`/login?next=${encodeURIComponent(safeNextPath(target))}`);
  }
  if (permission && !hasPermission(user.role, permission)) forbidden();
  return user;
}
