"use client";

import { PageError, type PageErrorProps } from "@/components/auth/page-error";

export default function ReviewError(props: Pick<PageErrorProps, "error" | "reset">) {
  return <PageError {...props} failure="Could not load the review page (the pair may not exist)." />;
}
