"use client";

import { PageError, type PageErrorProps } from "@/components/auth/page-error";

// Unexpected failures only: a refused role gets app/forbidden.tsx (403) through requireUser() → forbidden().
export default function RootError(props: Pick<PageErrorProps, "error" | "reset">) {
  return <PageError {...props} />;
}
