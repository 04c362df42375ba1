import "server-only";
import type { z } from "zod";
import type { JobFailure, JobKind } from "@/lib/schemas/jobs";
import type { Db } from "../db/client";
import type { JudgeConfig } from "../env";

/**
 * What jobs use besides their payload, passed explicitly by whoever starts the runner or a job (never written into
 * the environment): the CLI passes the judge settings its flags made, tests a fake scorer. Unset: the environment's judge
 * settings (SNIPPET_LAB_JUDGE_*) and the real scoring of a pair.
 */
export type JobServices = {
  /** The LLM judge's settings (judge-run jobs). */
  judge?: JudgeConfig;
  /** Scores one stored pair, filling its ModelRun cache (score-pairs jobs); default scorePair. */
  scorePair?: (o: { pairId: string; model?: string; db: Db }) => Promise<unknown>;
};

/** What a job's handler gets: its payload, where a resumed job stopped, and progress, failure and cancel reporting. */
export interface JobContext<P> {
  jobId: string;
  payload: P;
  /** The user who started it (null: a script, or the user is gone). */
  createdById: string | null;
  /** 1 on the first run; more when the job is resumed. */
  attempt: number;
  db: Db;
  /** The runner's services (configuration and collaborators). */
  services: JobServices;
  /** The last checkpoint saved by an earlier run of this job (resume from it), or null. */
  checkpoint: unknown;
  /** Counters carried over from an earlier run. */
  readonly counts: { total: number; done: number; failed: number };
  setTotal(total: number): void;
  /** Starts the counters (and failures) over: a resumed job that redoes its work from the start. */
  resetCounts(): void;
  /** One item done (or failed, with the reason listed among the first failures). */
  itemDone(failure?: JobFailure): void;
  /** Where to resume from if this run is cut off. */
  saveCheckpoint(value: unknown): void;
  /**
   * Saves the progress when it is due (at most every PROGRESS_MS), renews the heartbeat, and throws JobCancelled when
   * a cancel was asked (or the job was taken over). Call it between items.
   */
  checkpointed(): Promise<void>;
  /** Aborted when a cancel is seen: long steps may pass it on. */
  signal: AbortSignal;
}

/** A job kind: its payload schema, its scope (one live job per scope) and what it does. */
export interface JobHandler<P = unknown> {
  kind: JobKind;
  payloadSchema: z.ZodType<P>;
  /** Jobs of one kind and scope never run twice at once (a second start returns the live one). */
  scopeOf(payload: P): string | null;
  /** Refuses a job that cannot run, before it is queued (an unknown dataset: NOT_FOUND; nothing to do: UNPROCESSABLE). */
  check?(payload: P, o: { db: Db; services: JobServices }): Promise<void>;
  /**
   * The payloads of the jobs to queue for one start (after check): several jobs that share one piece of work (a judge
   * run's workers), with what they share set up first. Default: the payload itself.
   */
  plan?(payload: P, o: { db: Db; createdById: string | null; services: JobServices }): Promise<P[]>;
  /** Does the work; what it returns is stored as the job's result (JSON). */
  run(ctx: JobContext<P>): Promise<unknown>;
}

/** Thrown by checkpointed() when a cancel was asked: the job ends as cancelled. */
export class JobCancelled extends Error {
  constructor(readonly reason: "cancelled" | "taken-over" = "cancelled") {
    super(reason === "cancelled" ? "the job was cancelled" : "another worker took the job over");
    this.name = "JobCancelled";
  }
}
