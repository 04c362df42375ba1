import "server-only";
import { loadOptionalModule } from "../db/load-optional-module";

type PgClient = {
  connect(): Promise<void>;
  query(sql: string, params?: unknown[]): Promise<unknown>;
  end(): Promise<void>;
};

/** The part of a pg-boss instance this needs. */
export type StartablePgBoss = {
  start(): Promise<unknown>;
  stop(o?: { graceful?: boolean; timeout?: number }): Promise<void>;
  getQueue(name: string): Promise<unknown>;
  createQueue(name: string, o?: Record<string, unknown>): Promise<void>;
};

export type StartPgBossOptions = {
  boss: StartablePgBoss;
  url: string;
  queue: string;
  queueOptions: Record<string, unknown>;
};

// Arbitrary constant, beside the migrator's 727_274_001.
const START_LOCK_KEY = 727_274_002;

/**
 * Starts pg-boss and creates its queue unless it exists, one process at a time. pg-boss 10 does not serialize
 * creating queues (ours, and its own cron queue in start()): processes starting together on a fresh database (N
 * workers from systemd, a compose file, a deployment) deadlock — one waits on the other's uncommitted queue row while
 * the other's new partition needs a lock on the queue table — and PostgreSQL aborts one with "deadlock detected". A
 * session advisory lock around both makes the others wait, then find the schema and queues made. A failed start stops
 * the instance: its pool and timers would otherwise keep a worker process alive, doing nothing.
 */
export async function startPgBoss({ boss, url, queue, queueOptions }: StartPgBossOptions): Promise<void> {
  const pg = loadOptionalModule<{ Client: new (o: { connectionString: string; application_name?: string }) => PgClient }>(
    "pg",
    "Background jobs on PostgreSQL",
  );
  const client = new pg.Client({ connectionString: url, application_name: "snippet-lab-jobs" });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [START_LOCK_KEY]);
    await boss.start();
    if (!(await boss.getQueue(queue))) await boss.createQueue(queue, queueOptions);
  } catch (e) {
    await boss.stop({ graceful: false }).catch(() => {});
    throw e;
  } finally {
    // Ending the session releases the lock too; unlocking first lets the next process go without waiting for that.
    await client.query("SELECT pg_advisory_unlock($1)", [START_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
