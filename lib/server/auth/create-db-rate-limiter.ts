import "server-only";
import { createHash } from "node:crypto";
import { type Db, getDb } from "../db/client";
import { type CreateRateLimiterOptions, type RateLimiter, secondsUntilRetry } from "./create-rate-limiter";

export type CreateDbRateLimiterOptions = Omit<CreateRateLimiterOptions, "maxKeys"> & {
  /** Default: the process's client, looked up on each call. */
  db?: Db;
};

const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");

/**
 * The sliding-window failure counter of createRateLimiter, kept in the SignInFailure table: every app instance (and a
 * restarted one) counts the same failures, so N instances behind a proxy do not allow N times the attempts. Keys are
 * stored hashed; rows older than the window are deleted when a failure is recorded.
 */
export function createDbRateLimiter({ maxFailures, windowMs, db }: CreateDbRateLimiterOptions): RateLimiter {
  const client = () => db ?? getDb();
  return {
    async retryAfter(key, now = Date.now()) {
      const rows = await client().signInFailure.findMany({
        where: { key: hashKey(key), at: { gt: new Date(now - windowMs) } },
        orderBy: { at: "desc" },
        take: maxFailures,
        select: { at: true },
      });
      return secondsUntilRetry(
        rows.map((r) => r.at.getTime()),
        { maxFailures, windowMs, now },
      );
    },
    async fail(key, now = Date.now()) {
      const at = new Date(now);
      await client().signInFailure.create({ data: { key: hashKey(key), at } });
      await client().signInFailure.deleteMany({ where: { at: { lt: new Date(now - windowMs) } } });
    },
    async reset(key) {
      await client().signInFailure.deleteMany({ where: { key: hashKey(key) } });
    },
  };
}
