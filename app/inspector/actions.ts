"use server";

import type { DemoPair } from "@/components/inspector/types";
import { zId } from "@/lib/schemas/ids";
import { requireUser } from "@/lib/server/auth/require-user";
import { listDemoPairs } from "@/lib/server/db/list-demo-pairs";

/**
 * Loads one demo pair's results for the inspector form (the page lists only summaries). A server action is a public
 * endpoint of its own: it checks the session like the page does (signed out → the login page) and validates its input.
 */
export async function loadDemoPair(rawId: string): Promise<DemoPair | null> {
  await requireUser({ next: "/inspector" });
  const parsed = zId.safeParse(rawId);
  if (!parsed.success) return null;
  const id = parsed.data;
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
