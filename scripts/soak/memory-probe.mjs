// Preloaded into a process the soak watches (`node --import ./scripts/soak/memory-probe.mjs …`, or through
// NODE_OPTIONS): appends process.memoryUsage() right after a full (major) garbage collection to SOAK_MEMORY_FILE, one
// JSON line {t, pid, ppid, forced, rss, heapUsed, heapTotal, external, arrayBuffers} (bytes) at most every
// SOAK_MEMORY_EVERY_MS (default 15000). heapUsed + external right after a major collection is the memory JavaScript
// still references, which RSS hides behind the allocator's and V8's free pages and native arenas (docs/soak.md,
// "Memory: leak or warm-up"). It waits for the collections V8 runs anyway: a forced one stops the process for as long
// as marking its whole heap takes (hundreds of ms for a few hundred MB on a busy machine), and a soak that forced one
// every 30 s would measure its own pauses in the p99. Only when none has run for two periods does it force one.
// Without SOAK_MEMORY_FILE it does nothing.
//
// SOAK_INJECT_LEAK_KB=N retains N kB of JavaScript arrays per HTTP request the process serves and per fetch it sends
// (diagnostics channels "http.server.request.start" and "undici:request:create"): a leak on purpose, to show that the
// soak's memory check fails when there is one.
import diagnosticsChannel from "node:diagnostics_channel";
import { appendFileSync } from "node:fs";
import { PerformanceObserver, constants } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { isMainThread } from "node:worker_threads";

// Worker threads (the model's inference, a sweep's resampling) preload this too: only the main thread samples, the
// process's figures under its pid.
const file = isMainThread ? process.env.SOAK_MEMORY_FILE : undefined;
if (file) {
  // --expose-gc on the command line is not needed: set the flag, then take `gc` from a fresh context.
  if (typeof globalThis.gc !== "function") setFlagsFromString("--expose-gc");
  const gc = typeof globalThis.gc === "function" ? globalThis.gc : runInNewContext("gc");
  const everyMs = Number(process.env.SOAK_MEMORY_EVERY_MS) || 15_000;
  let lastAt = 0;
  const sample = (forced) => {
    lastAt = Date.now();
    const m = process.memoryUsage();
    const line = {
      t: lastAt,
      pid: process.pid,
      ppid: process.ppid,
      forced,
      rss: m.rss,
      heapUsed: m.heapUsed,
      heapTotal: m.heapTotal,
      external: m.external,
      arrayBuffers: m.arrayBuffers,
    };
    try {
      appendFileSync(file, `${JSON.stringify(line)}\n`);
    } catch {
      // The soak removed its folder: nothing left to report to.
    }
  };
  // Entries arrive just after the collection (a task later): little is allocated in between.
  new PerformanceObserver((list) => {
    const major = list.getEntries().some((e) => (e.detail?.kind ?? e.kind) === constants.NODE_PERFORMANCE_GC_MAJOR);
    if (major && Date.now() - lastAt >= everyMs) sample(false);
  }).observe({ entryTypes: ["gc"] });
  const force = () => {
    if (Date.now() - lastAt < 2 * everyMs) return;
    gc();
    sample(true);
  };
  setTimeout(force, 1_000).unref();
  setInterval(force, everyMs).unref();

  const leakKb = Number(process.env.SOAK_INJECT_LEAK_KB) || 0;
  if (leakKb > 0) {
    const kept = [];
    // Doubles in a plain array: 8 bytes each on the V8 heap, as a leaked cache or list of records would be.
    const retain = () => kept.push(new Array(leakKb * 128).fill(Math.random()));
    diagnosticsChannel.subscribe("http.server.request.start", retain);
    diagnosticsChannel.subscribe("undici:request:create", retain);
  }
}
