import "server-only";
import type { Prisma } from "./generated/client";
import { type Db, getDb } from "./client";

export type RunInTransactionOptions = {
  db?: Db;
  /** Milliseconds; Prisma's default (5 s) is short for imports. */
  timeout?: number;
};

/**
 * Runs `fn` in an interactive transaction, or directly in the caller's transaction when `db` already is one,
 * so data-access functions compose (e.g. seeding many pairs atomically).
 */
export async function runInTransaction<T>(
  fn: (tx: Prisma.TransactionClient) => Promise<T>,
  { db = getDb(), timeout = 30_000 }: RunInTransactionOptions = {},
): Promise<T> {
  if ("$transaction" in db) return db.$transaction(fn, { timeout, maxWait: timeout });
  return fn(db);
}
