import { unstable_rethrow } from "next/navigation";
import { getCurrentUser } from "@/lib/server/auth/get-current-user";
import { ForbiddenNotice } from "./forbidden-notice";

/** The body of every forbidden.tsx: requireUser() called forbidden(), so the response is a 403. */
export async function ForbiddenPage({ message }: { message?: string }) {
  const user = await getCurrentUser().catch((e: unknown) => {
    unstable_rethrow(e);
    return null;
  });
  return <ForbiddenNotice {...(message ? { message } : {})} signedInAs={user ? { email: user.email, role: user.role } : null} />;
}
