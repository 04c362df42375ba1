import { hideBlindJudgeQuotes } from "@/lib/server/judge/hide-blind-judge-quotes";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { readJudgeRun } from "@/lib/server/judge/judge-runs-api";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET → {run: JudgeRunSummary}; 404 when unknown. pair:read; the judge's quotes on pairs whose predictions blind
 * annotation hides from the caller are left out.
 */
export const GET = defineRoute(OPERATIONS.getJudgeRun, async ({ params: { id }, user }) => {
  // One run in, one run out.
  const [run] = await hideBlindJudgeQuotes({ runs: [await readJudgeRun({ id })], viewer: user });
  return { run: run! };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
