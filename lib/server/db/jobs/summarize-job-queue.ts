import "server-only";
import type { JobKind } from "@/lib/schemas/jobs";
import { type Db, getDb } from "../client";

/** The live jobs of one kind and state: how many, and the longest one has waited (queued) or been silent (running). */
export interface JobQueueGroup {
  kind: JobKind;
  state: "queued" | "running";
  count: number;
  /** queued: the earliest time one of them was queued (created or resumed); running: the stalest heartbeat (null: none yet). */
  oldestAt: Date | null;
}

/** The job queue's depth per kind: queued and running jobs (GET /api/v1/metrics reads it at each scrape). */
export async function summarizeJobQueue({ db = getDb() }: { db?: Db } = {}): Promise<JobQueueGroup[]> {
  // One indexed group-by ([state, createdAt]). A queued job's updatedAt is when it was queued: nothing else writes a
  // queued job but its resume (requeueJob) or its claim, which makes it running.
  const rows = await db.job.groupBy({
    by: ["kind", "state"],
    where: { state: { in: ["queued", "running"] } },
    _count: { _all: true },
    _min: { updatedAt: true, heartbeatAt: true },
  });
  return rows.map((r) => ({
    kind: r.kind as JobKind,
    state: r.state as "queued" | "running",
    count: r._count._all,
    oldestAt: r.state === "queued" ? r._min.updatedAt : r._min.heartbeatAt,
  }));
}
