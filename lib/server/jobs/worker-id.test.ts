import { spawnSync } from "node:child_process";
import os from "node:os";
import { describe, expect, it } from "vitest";
import { isDeadLocalWorker, localHostId, newWorkerId } from "./worker-id";

describe("worker ids", () => {
  it("judge a worker dead only when its process is gone on this host and pid namespace", () => {
    const exited = spawnSync(process.execPath, ["-e", ""]).pid!;
    const host = localHostId();
    expect(newWorkerId().startsWith(`${host}:${process.pid}:`)).toBe(true);
    expect(isDeadLocalWorker(`${host}:${exited}:x`)).toBe(true);
    expect(isDeadLocalWorker(`${host}:${process.pid}:x`)).toBe(false);
    expect(isDeadLocalWorker(`${host}:${process.ppid}:x`)).toBe(false);
    // Another machine, or a container with the same host name and its own pids: never judged from here.
    expect(isDeadLocalWorker(`another-host:${exited}:x`)).toBe(false);
    if (host !== os.hostname()) expect(isDeadLocalWorker(`${os.hostname()}~1:${exited}:x`)).toBe(false);
  });
});
