"use client";

import { PageError, type PageErrorProps } from "@/components/auth/page-error";

export default function PairError(props: Pick<PageErrorProps, "error" | "reset">) {
  return <PageError {...props} failure="Could not load this pair." />;
}
