import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PairWorkspace } from "@/components/annotate/pair-workspace";
import type { InitialSetting } from "@/components/annotate/use-pair-scores";
import { hasPermission } from "@/lib/auth/policy";
import { isAppError } from "@/lib/errors";
import { requireUser } from "@/lib/server/auth/require-user";
import { loadPairWorkspace } from "@/lib/server/pairs/load-pair-workspace";
import { isJudgeConfigured } from "@/lib/server/judge/judge-config";

export const metadata: Metadata = { title: "Pair · Snippet Lab" };
export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** A setting's parameters (a frontier point's link): they open this pair at it and are not queue filters. */
const SETTING_PARAMS = new Set(["method", "threshold", "budget"]);

/** The queue filters of this page's URL, passed on to "Next pair" (the cursor `after` is set per page). */
function queueFilters(sp: Record<string, string | string[] | undefined>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(sp)) {
    if (k === "after" || SETTING_PARAMS.has(k) || v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) out.append(k, one);
  }
  return out;
}

/** ?method=model:x&threshold=0.3&budget=1000|unlimited → the workspace's starting setting; invalid values are ignored. */
function initialSetting(sp: Record<string, string | string[] | undefined>): InitialSetting | undefined {
  const one = (k: string) => (Array.isArray(sp[k]) ? sp[k][0] : sp[k]);
  const out: InitialSetting = {};
  const method = one("method");
  if (method && method.length <= 200) out.method = method;
  const t = Number(one("threshold"));
  if (one("threshold") !== undefined && t >= 0 && t <= 1) out.threshold = t;
  const b = one("budget");
  if (b === "unlimited") out.budget = 1_000_000;
  else if (b !== undefined && Number.isInteger(Number(b)) && Number(b) >= 1 && Number(b) <= 1_000_000) out.budget = Number(b);
  return Object.keys(out).length > 0 ? out : undefined;
}

export default async function PairPage({ params, searchParams }: Props) {
  const { id } = await params;
  const sp = await searchParams;
  const filters = queueFilters(sp);
  const setting = initialSetting(sp);
  const qs = filters.toString();
  const user = await requireUser({ permission: "pair:read", next: `/pairs/${encodeURIComponent(id)}${qs ? `?${qs}` : ""}` });
  const data = await loadPairWorkspace({ pairId: id, user }).catch((e: unknown) => {
    if (isAppError(e) && e.code === "NOT_FOUND") notFound();
    throw e;
  });
  const nextHref = `/pairs/next?after=${encodeURIComponent(id)}${qs ? `&${qs}` : ""}`;
  return (
    <PairWorkspace
      key={id}
      data={data}
      nextHref={nextHref}
      {...(setting ? { initialSetting: setting } : {})}
      permissions={{
        annotate: hasPermission(user.role, "pair:annotate"),
        review: hasPermission(user.role, "pair:review"),
        runModel: hasPermission(user.role, "model:run"),
      }}
      judgeConfigured={isJudgeConfigured()}
    />
  );
}
