"use client";

import { PageError, type PageErrorProps } from "@/components/auth/page-error";

export default function ReviewError(props: Pick<PageErrorProps, "error" | "reset">) {
  return <PageError {...props} forbidden="Only reviewers and admins can review annotations." failure="Could not load the review page (the pair may not exist)." />;
}
