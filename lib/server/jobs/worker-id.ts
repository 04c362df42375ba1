import "server-only";
import { randomBytes } from "node:crypto";
import { readlinkSync } from "node:fs";
import os from "node:os";

/**
 * This process's host as worker ids name it: the host name and, on Linux, the inode of the process-id namespace.
 * Containers on one host (or several machines) may share a host name while their pids mean different processes: a
 * pid is only looked up where the namespace is the same.
 */
export function localHostId(): string {
  let ns = "";
  try {
    ns = readlinkSync("/proc/self/ns/pid").replace(/\D/g, "");
  } catch {
    // Not Linux: the host name alone.
  }
  return ns ? `${os.hostname()}~${ns}` : os.hostname();
}

/** "<host>:<pid>:<random>": names the process holding a running job (shown in logs, compared on every write). */
export function newWorkerId(): string {
  return `${localHostId()}:${process.pid}:${randomBytes(4).toString("hex")}`;
}

/**
 * Whether a worker id names a process of this host (and pid namespace) that no longer exists (killed, crashed): its
 * running jobs can be resumed at once instead of after the 30 s heartbeat timeout. Workers of other hosts, or of other
 * containers with the same host name, are never judged dead here.
 */
export function isDeadLocalWorker(workerId: string): boolean {
  const [host, pidText] = workerId.split(":");
  const pid = Number(pidText);
  if (host !== localHostId() || !Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "ESRCH";
  }
}
