import { requireUser } from "@/lib/server/auth/require-user";

/**
 * Checks the session before anything under /pairs streams: the queue and the workspace render inside loading.tsx
 * boundaries (app/pairs/(queue), app/pairs/[id]/(workspace)), where a redirect could no longer be a real 307. The
 * pages check again (and the review page its own permission, outside any boundary, so it answers a real 403).
 */
export default async function PairsLayout({ children }: { children: React.ReactNode }) {
  await requireUser({ permission: "pair:read" });
  return children;
}
