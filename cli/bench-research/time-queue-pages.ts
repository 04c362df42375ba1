// The queue's first page (/pairs) with every filter and every sort, timed as the page loads its data.
import { performance } from "node:perf_hooks";
import type { PairSort } from "../../lib/schemas/queue";
import type { Db } from "../../lib/server/db/client";
import { computePairScores } from "../../lib/server/db/annotations/compute-pair-scores";
import { listPairs, type ListPairsOptions } from "../../lib/server/db/annotations/list-pairs";
import { listQueueAnnotators } from "../../lib/server/db/annotations/list-queue-annotators";
import { listQueueFilterOptions } from "../../lib/server/db/annotations/queue-filter-options";
import type { SlowQuery } from "./open-bench-db";

export type QueueTiming = { filter: string; sort: string; firstMs: number; warmMs: number; items: number; slowest: SlowQuery | null };

/** The data of the queue page (app/pairs/(queue)/page.tsx): filter options, the page, its annotators and shown scores. */
async function loadQueuePage(db: Db, input: ListPairsOptions): Promise<number> {
  await listQueueFilterOptions({ db });
  const page = await listPairs({ ...input, db });
  const ids = page.items.map((i) => i.id);
  await listQueueAnnotators({ pairIds: ids, db });
  if ((input.sort ?? "updatedAt") === "updatedAt") await computePairScores({ db, pairIds: ids, kind: "uncertainty" });
  return page.items.length;
}

/**
 * Every filter (none, dataset, status, two statuses, annotator, category, "to do" for an annotator, all at once)
 * with every sort and direction: each combination twice (its first request, then warm); the slowest query of each.
 */
export async function timeQueuePages({
  db,
  datasetId,
  annotatorId,
  takeSlowest,
}: {
  db: Db;
  datasetId: string;
  annotatorId: string;
  takeSlowest: () => SlowQuery | null;
}): Promise<QueueTiming[]> {
  const filters: [string, ListPairsOptions][] = [
    ["none", {}],
    ["dataset", { datasetId }],
    ["status unlabeled", { status: "unlabeled" }],
    ["status in_progress+submitted", { status: ["in_progress", "submitted"] }],
    ["annotator", { annotatorId }],
    ["category vital", { category: "vital" }],
    ["to do (needsWorkBy)", { needsWorkBy: annotatorId }],
    ["dataset+status+annotator+category", { datasetId, status: ["in_progress", "submitted", "rejected"], annotatorId, category: "vital" }],
  ];
  const sorts: [PairSort, "asc" | "desc"][] = [
    ["updatedAt", "desc"],
    ["updatedAt", "asc"],
    ["uncertainty", "desc"],
    ["uncertainty", "asc"],
    ["disagreement", "desc"],
    ["disagreement", "asc"],
  ];
  const out: QueueTiming[] = [];
  for (const [sort, direction] of sorts) {
    for (const [filter, f] of filters) {
      const input = { ...f, sort, direction };
      takeSlowest();
      const t0 = performance.now();
      const items = await loadQueuePage(db, input);
      const firstMs = performance.now() - t0;
      const t1 = performance.now();
      await loadQueuePage(db, input);
      const warmMs = performance.now() - t1;
      out.push({ filter, sort: `${sort} ${direction}`, firstMs: Math.round(firstMs), warmMs: Math.round(warmMs), items, slowest: takeSlowest() });
      console.error(`  queue ${sort} ${direction}, ${filter}: ${Math.round(firstMs)} / ${Math.round(warmMs)} ms (${items} items)`);
    }
  }
  return out;
}
