import "server-only";
import type { JobKind, JobState } from "@/lib/schemas/jobs";
import { type Db, getDb } from "../client";
import { JOB_SELECT, type JobRow } from "./job-rows";

export type ListJobsOptions = {
  kind?: JobKind;
  scope?: string;
  /** Scopes starting with this (a judge run's jobs: "judge-run:<runId>:"). */
  scopePrefix?: string;
  state?: JobState | JobState[];
  limit?: number;
  db?: Db;
};

/** Jobs, newest first, with whether each has a result. */
export async function listJobs({ kind, scope, scopePrefix, state, limit = 20, db = getDb() }: ListJobsOptions = {}): Promise<
  (JobRow & { hasResult: boolean })[]
> {
  const where = {
    ...(kind ? { kind } : {}),
    ...(scope ? { scope } : scopePrefix ? { scope: { startsWith: scopePrefix } } : {}),
    ...(state ? { state: Array.isArray(state) ? { in: state } : state } : {}),
  };
  const rows = await db.job.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit, select: JOB_SELECT });
  if (rows.length === 0) return [];
  const withResult = new Set(
    (await db.job.findMany({ where: { id: { in: rows.map((r) => r.id) }, resultJson: { not: null } }, select: { id: true } })).map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, hasResult: withResult.has(r.id) }));
}

/** The latest finished job with a result of a kind and scope (a dataset's last sweep), or null. */
export async function findLatestJobWithResult({ kind, scope, db = getDb() }: { kind: JobKind; scope: string; db?: Db }): Promise<JobRow | null> {
  return db.job.findFirst({
    where: { kind, scope, state: "done", resultJson: { not: null } },
    orderBy: [{ finishedAt: "desc" }, { id: "desc" }],
    select: JOB_SELECT,
  });
}
