"use client";

import { PageError, type PageErrorProps } from "@/components/auth/page-error";

export default function AgreementError(props: Pick<PageErrorProps, "error" | "reset">) {
  return <PageError {...props} failure="Could not load the agreement figures." />;
}
