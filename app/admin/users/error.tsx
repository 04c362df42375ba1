"use client";

import { PageError, type PageErrorProps } from "@/components/auth/page-error";

export default function UsersError(props: Pick<PageErrorProps, "error" | "reset">) {
  return <PageError {...props} forbidden="Only admins can manage users." failure="Could not load the users." />;
}
