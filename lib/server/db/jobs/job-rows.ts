import "server-only";
import { type JobFailure, type JobOut, zJobKind, zJobState } from "@/lib/schemas/jobs";

/** The columns every job query selects (resultJson apart: it can be large). */
export const JOB_SELECT = {
  id: true,
  kind: true,
  scope: true,
  payloadJson: true,
  state: true,
  total: true,
  done: true,
  failed: true,
  failuresJson: true,
  checkpointJson: true,
  error: true,
  cancelRequested: true,
  workerId: true,
  heartbeatAt: true,
  attempts: true,
  createdById: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
  updatedAt: true,
  // A finished job's result is read on its own (getJobResult); only whether there is one comes along.
  resultJson: false,
} as const;

export type JobRow = {
  id: string;
  kind: string;
  scope: string | null;
  payloadJson: string;
  state: string;
  total: number;
  done: number;
  failed: number;
  failuresJson: string;
  checkpointJson: string | null;
  error: string | null;
  cancelRequested: boolean;
  workerId: string | null;
  heartbeatAt: Date | null;
  attempts: number;
  createdById: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  updatedAt: Date;
};

const parse = (json: string | null): unknown => {
  if (json === null) return null;
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
};

/** A stored job → the API's shape. */
export function toJobOut(row: JobRow, hasResult = false): JobOut {
  const failures = parse(row.failuresJson);
  return {
    id: row.id,
    kind: zJobKind.parse(row.kind),
    scope: row.scope,
    payload: parse(row.payloadJson),
    state: zJobState.parse(row.state),
    total: row.total,
    done: row.done,
    failed: row.failed,
    failures: Array.isArray(failures) ? (failures as JobFailure[]) : [],
    error: row.error,
    cancelRequested: row.cancelRequested,
    attempts: row.attempts,
    createdById: row.createdById,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    hasResult,
  };
}
