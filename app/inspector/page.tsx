import type { Metadata } from "next";
import { Inspector } from "@/components/inspector/inspector";
import type { DemoSummary, ModelOption } from "@/components/inspector/types";
import { listDemoPairs } from "@/lib/server/db/list-demo-pairs";
import { requireUser } from "@/lib/server/auth/require-user";
import { isJudgeConfigured } from "@/lib/server/judge/judge-config";
import { listModels } from "@/lib/server/model/list-models";
import { loadDemoPair } from "./actions";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Inspector · Snippet Lab" };
// Models and demos are read per request (the database may appear after the build).
export const dynamic = "force-dynamic";

async function loadModels(): Promise<ModelOption[]> {
  try {
    const models = await listModels();
    return models.map((m) => ({
      name: m.name,
      default: m.default,
      threshold: m.profile.selection.threshold,
      aggregation: m.profile.units.aggregation,
      description: m.description,
    }));
  } catch (e) {
    console.error("[inspector] listModels failed:", e);
    return [];
  }
}

/** null when the database is unavailable: the form still works without demos. */
async function loadDemos(): Promise<DemoSummary[] | null> {
  try {
    const pairs = await listDemoPairs();
    return pairs.map((p) => ({ id: p.id, dataset: p.dataset, query: p.query, resultCount: p.results.length }));
  } catch (e) {
    console.error("[inspector] listDemoPairs failed (showing the form without demos):", (e as Error).message);
    return null;
  }
}

export default async function InspectorPage() {
  // Any signed-in user (every page checks auth); the compress API itself stays API-key based.
  await requireUser({ next: "/inspector" });
  const [models, demos] = await Promise.all([loadModels(), loadDemos()]);
  return (
    <div className="space-y-4">
      <PageHeader
        title="Inspector"
        description="Compress a page for a query, then move the threshold, budget and aggregation: the selection updates in the browser."
      />
      <Inspector demos={demos} models={models} loadDemo={loadDemoPair} llm={isJudgeConfigured()} />
    </div>
  );
}
