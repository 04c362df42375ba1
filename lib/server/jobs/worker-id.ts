import "server-only";
import { randomBytes } from "node:crypto";
import os from "node:os";

/** "<host>:<pid>:<random>": names the process holding a running job (shown in logs, compared on every write). */
export function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
}
