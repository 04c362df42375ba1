"use server";

import type { DemoPair } from "@/components/inspector/types";
import { listDemoPairs } from "@/lib/server/db/list-demo-pairs";

/** Loads one demo pair's results for the inspector form (the page lists only summaries). */
export async function loadDemoPair(id: string): Promise<DemoPair | null> {
  const pairs = await listDemoPairs();
  const pair = pairs.find((p) => p.id === id);
  if (!pair) return null;
  return {
    id: pair.id,
    dataset: pair.dataset,
    query: pair.query,
    results: pair.results.map((r) => ({
      id: r.id,
      ...(r.title ? { title: r.title } : {}),
      ...(r.url ? { url: r.url } : {}),
      ...(typeof r.html === "string" ? { html: r.html } : { text: r.text ?? "" }),
    })),
  };
}
