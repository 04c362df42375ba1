import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PairWorkspace } from "@/components/annotate/pair-workspace";
import { hasPermission } from "@/lib/auth/policy";
import { isAppError } from "@/lib/errors";
import { requireUser } from "@/lib/server/auth/require-user";
import { loadPairWorkspace } from "@/lib/server/pairs/load-pair-workspace";

export const metadata: Metadata = { title: "Pair · Snippet Lab" };
export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The queue filters of this page's URL, passed on to "Next pair" (the cursor `after` is set per page). */
function queueFilters(sp: Record<string, string | string[] | undefined>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(sp)) {
    if (k === "after" || v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) out.append(k, one);
  }
  return out;
}

export default async function PairPage({ params, searchParams }: Props) {
  const { id } = await params;
  const filters = queueFilters(await searchParams);
  const qs = filters.toString();
  const user = await requireUser({ permission: "pair:read", next: `/pairs/${encodeURIComponent(id)}${qs ? `?${qs}` : ""}` });
  const data = await loadPairWorkspace({ pairId: id, userId: user.id }).catch((e: unknown) => {
    if (isAppError(e) && e.code === "NOT_FOUND") notFound();
    throw e;
  });
  const nextHref = `/pairs/next?after=${encodeURIComponent(id)}${qs ? `&${qs}` : ""}`;
  return (
    <PairWorkspace
      key={id}
      data={data}
      nextHref={nextHref}
      permissions={{
        annotate: hasPermission(user.role, "pair:annotate"),
        review: hasPermission(user.role, "pair:review"),
        runModel: hasPermission(user.role, "model:run"),
      }}
    />
  );
}
