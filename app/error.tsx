"use client";

import { PageError, type PageErrorProps } from "@/components/auth/page-error";

// Pages guard themselves with requireUser(); a refused role lands here with FORBIDDEN_DIGEST and sees a notice.
export default function RootError(props: Pick<PageErrorProps, "error" | "reset">) {
  return <PageError {...props} />;
}
