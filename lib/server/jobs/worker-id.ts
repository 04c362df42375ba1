import "server-only";
import { randomBytes } from "node:crypto";
import os from "node:os";

/** "<host>:<pid>:<random>": names the process holding a running job (shown in logs, compared on every write). */
export function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
}

/**
 * Whether a worker id names a process of this host that no longer exists (killed, crashed): its running jobs can be
 * resumed at once instead of after the 30 s heartbeat timeout. Workers of other hosts are never judged dead here.
 */
export function isDeadLocalWorker(workerId: string): boolean {
  const [host, pidText] = workerId.split(":");
  const pid = Number(pidText);
  if (host !== os.hostname() || !Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "ESRCH";
  }
}
