import type { Metadata } from "next";
import { ForbiddenPage } from "@/components/auth/forbidden-page";

export const metadata: Metadata = { title: "Not allowed · Snippet Lab" };

/** Rendered with status 403 when a page's requireUser() refuses the role (forbidden() from next/navigation). */
export default function Forbidden() {
  return <ForbiddenPage />;
}
