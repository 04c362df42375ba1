// The soak's figures (scripts/soak.mjs): requests and errors per minute, latency percentiles, RSS growth per process
// and the goals. Pure: tests/soak.test.ts checks it.

/** The nearest-rank percentile `p` (0..100) of ascending numbers; null when empty. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function emptyBucket() {
  return { requests: 0, killed: 0, other: 0, latencies: [], compress: [] };
}

/**
 * Requests and errors of a run, by minute. `killed`: a request in flight on (or sent to) an app instance the soak
 * killed, retried on the other instance; `other`: any other failure (a 5xx, a status the client did not expect, a
 * timeout, a refused connection to a live instance, a conflict no retry explains): the goal is none.
 */
export class SoakStats {
  constructor(t0) {
    this.t0 = t0;
    this.buckets = [];
    this.byKind = {};
    this.failures = [];
    this.notes = { reconciled: 0, staleKeepAlive: 0 };
  }

  /**
   * Not errors, counted: "reconciled", a retried write whose 409 showed its first try had committed; "staleKeepAlive",
   * a request retried because the idle keep-alive connection it went out on had just been closed by the server.
   */
  note({ kind, what }) {
    this.notes[what]++;
    const k = this.kind(kind);
    k[what] = (k[what] ?? 0) + 1;
  }

  bucket(at) {
    const i = Math.max(0, Math.floor((at - this.t0) / 60_000));
    while (this.buckets.length <= i) this.buckets.push(emptyBucket());
    return this.buckets[i];
  }

  kind(kind) {
    this.byKind[kind] ??= { requests: 0, killed: 0, other: 0, statuses: {} };
    return this.byKind[kind];
  }

  /** One HTTP exchange that got a response (any status). */
  request({ at, ms, kind, status }) {
    const b = this.bucket(at);
    b.requests++;
    b.latencies.push(ms);
    if (kind === "compress") b.compress.push(ms);
    const k = this.kind(kind);
    k.requests++;
    k.statuses[status] = (k.statuses[status] ?? 0) + 1;
  }

  /** A failure: `cls` "killed" or "other"; `what` says which (the first 50 "other" ones are kept). */
  error({ at, kind, cls, what }) {
    this.bucket(at)[cls]++;
    this.kind(kind)[cls]++;
    if (cls === "other" && this.failures.length < 50) this.failures.push({ atS: Math.round((at - this.t0) / 1000), kind, what });
  }

  totals() {
    const all = this.buckets.flatMap((b) => b.latencies).sort((a, b) => a - b);
    const compress = this.buckets.flatMap((b) => b.compress).sort((a, b) => a - b);
    return {
      requests: this.buckets.reduce((n, b) => n + b.requests, 0),
      killed: this.buckets.reduce((n, b) => n + b.killed, 0),
      other: this.buckets.reduce((n, b) => n + b.other, 0),
      p50Ms: round(percentile(all, 50)),
      p99Ms: round(percentile(all, 99)),
      compressRequests: compress.length,
      compressP50Ms: round(percentile(compress, 50)),
      compressP99Ms: round(percentile(compress, 99)),
    };
  }

  /** One row per minute: requests, errors, p50/p99 of every request and of compress alone (ms). */
  minutes() {
    return this.buckets.map((b, i) => {
      const all = [...b.latencies].sort((x, y) => x - y);
      const compress = [...b.compress].sort((x, y) => x - y);
      return {
        minute: i + 1,
        requests: b.requests,
        killed: b.killed,
        other: b.other,
        p50Ms: round(percentile(all, 50)),
        p99Ms: round(percentile(all, 99)),
        compressP50Ms: round(percentile(compress, 50)),
        compressP99Ms: round(percentile(compress, 99)),
      };
    });
  }
}

const round = (x) => (x === null ? null : Math.round(x));

/** Runs shorter than this many minutes print the memory figures without a verdict: they are mostly warm-up. */
export const MIN_JUDGED_MINUTES = 10;
/** Live JavaScript memory may grow by this much whatever the percentage: small heaps wobble by a few MB. */
export const LIVE_SLACK_BYTES = 4 * 1024 * 1024;
/** RSS may grow by this much whatever the percentage: V8's young generation alone may still grow by 32 MB. */
export const RSS_SLACK_KB = 32 * 1024;

const minimum = (xs) => Math.min(...xs);

/**
 * Growth of one measure of one process incarnation from the window right after the warm-up to the last window,
 * allowed max(maxGrowth × start, minSlack). `pick` reduces a window's samples ([{t, v}]) to one number. "n/a" for an
 * incarnation the soak killed, one too short-lived for the warm-up and two windows, or a window without samples;
 * "info" (figures, no verdict) when `judge` is false.
 */
function growthVerdict({ samples, startedAt, endedAt, killed, warmupMs, windowMs, maxGrowth, minSlack, pick, judge }) {
  const none = { start: null, end: null, growth: null, allowed: null };
  if (killed) return { ...none, verdict: "n/a", note: "killed by the soak" };
  const from = startedAt + warmupMs;
  if (endedAt - from < 2 * windowMs)
    return { ...none, verdict: "n/a", note: `lived ${Math.round((endedAt - startedAt) / 1000)} s: too short to judge` };
  const startSamples = samples.filter((s) => s.t >= from && s.t < from + windowMs).map((s) => s.v);
  const endSamples = samples.filter((s) => s.t >= endedAt - windowMs && s.t <= endedAt).map((s) => s.v);
  if (startSamples.length === 0 || endSamples.length === 0) return { ...none, verdict: "n/a", note: "no samples in a window" };
  const start = pick(startSamples);
  const end = pick(endSamples);
  const allowed = Math.max(maxGrowth * start, minSlack);
  const out = { start, end, growth: (end - start) / start, allowed };
  if (!judge) return { ...out, verdict: "info", note: `not judged: runs under ${MIN_JUDGED_MINUTES} minutes are mostly warm-up` };
  return { ...out, verdict: end - start <= allowed ? "PASS" : "FAIL", note: "" };
}

/**
 * RSS growth of one incarnation: the lowest sample of the window after the warm-up against the lowest of the last
 * window (a leak lifts the floor; a burst of work, a heap not yet collected or an allocator's free pages only lift
 * peaks), allowed max(maxGrowth × start, minSlackKb). samples: [{t, kb}] (t in ms); maxGrowth 0.1 for ≤ 10%.
 */
export function rssVerdict({ samples, maxGrowth = 0.1, minSlackKb = RSS_SLACK_KB, judge = true, ...o }) {
  const v = growthVerdict({ ...o, samples: samples.map((s) => ({ t: s.t, v: s.kb })), maxGrowth, minSlack: minSlackKb, pick: minimum, judge });
  return {
    firstKb: samples[0]?.kb ?? null,
    lastKb: samples.at(-1)?.kb ?? null,
    startKb: v.start,
    endKb: v.end,
    growth: v.growth,
    allowedKb: v.allowed,
    verdict: v.verdict,
    note: v.note,
  };
}

/**
 * Growth of the live JavaScript memory of one incarnation (heapUsed + external right after a major collection, sampled
 * by memory-probe.mjs): the lowest sample of the window after the warm-up against the lowest of the last window (a
 * collection V8 runs while the program works leaves some garbage of the last moments unmarked, which only adds),
 * allowed max(maxGrowth × start, minSlackBytes). samples: [{t, bytes}].
 */
export function memoryVerdict({ samples, maxGrowth = 0.1, minSlackBytes = LIVE_SLACK_BYTES, judge = true, ...o }) {
  const v = growthVerdict({ ...o, samples: samples.map((s) => ({ t: s.t, v: s.bytes })), maxGrowth, minSlack: minSlackBytes, pick: minimum, judge });
  return { startBytes: v.start, endBytes: v.end, growth: v.growth, allowedBytes: v.allowed, verdict: v.verdict, note: v.note };
}

/** One verdict from an incarnation's RSS and live-memory verdicts: FAIL if either fails, PASS if either passes. */
export function combineVerdicts(...verdicts) {
  for (const v of ["FAIL", "PASS", "info"]) if (verdicts.includes(v)) return v;
  return "n/a";
}

/**
 * The warm-up and window lengths for a run of `durationMs`: both 1/6 of the run, within [20 s, 5 min] and
 * [15 s, 5 min]. The warm-up lets every process load what it loads on first use (a worker loads the model with its
 * first scoring job, an app instance compiles each page on its first request) and fill the caches its steady load
 * fills; long windows (a 30-minute run compares minutes 5–10 with minutes 25–30) hold enough samples that one busy
 * minute does not move them.
 */
export function memoryWindows(durationMs) {
  const clamp = (x, lo, hi) => Math.min(hi, Math.max(lo, x));
  return { warmupMs: clamp(durationMs / 6, 20_000, 300_000), windowMs: clamp(durationMs / 6, 15_000, 300_000) };
}

/** The goals of the soak and whether each is met; `passed` when all are. */
export function evaluateGoals({ totals, rss, rows, jobs, kills, acked }) {
  const rssFailed = rss.filter((r) => r.verdict === "FAIL").map((r) => r.name);
  const goals = [
    { goal: "no errors but the killed instance's in-flight requests", value: `${totals.other} other`, pass: totals.other === 0 },
    {
      goal: "memory growth after the warm-up ≤ 10% per process (live JS memory after GC, or 4 MB; RSS floor, or 32 MB)",
      value: rssFailed.length ? `over: ${rssFailed.join(", ")}` : rss.some((r) => r.verdict === "PASS") ? "all within" : "not judged in this run",
      pass: rssFailed.length === 0,
    },
    { goal: "no acknowledged write lost", value: `${rows.lost} lost of ${rows.checked}`, pass: rows.lost === 0 && rows.checked > 0 },
    {
      goal: "every job finished",
      value: `${jobs.done} done, ${jobs.failed} failed, ${jobs.unfinished} unfinished`,
      pass: jobs.failed === 0 && jobs.unfinished === 0 && jobs.done > 0,
    },
    { goal: "kills and restarts done", value: `${kills.done} of ${kills.planned}`, pass: kills.done === kills.planned },
    {
      goal: "work acknowledged",
      value: `${acked.saves} saves, ${acked.submits} submits, ${acked.golds} gold`,
      pass: acked.saves > 0 && acked.golds > 0,
    },
  ];
  return { goals, passed: goals.every((g) => g.pass) };
}

const mb = (kb) => (kb === null || kb === undefined ? "-" : `${(kb / 1024).toFixed(0)} MB`);
/** Bytes as MB with one decimal (live memory: a judge server holds a few MB). */
const mib = (bytes) => (bytes === null || bytes === undefined ? "-" : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
const ms = (x) => (x === null ? "-" : `${x} ms`);

/** The line printed every minute. */
export function formatMinuteLine({ row, minutes, acked, jobs, rss }) {
  return (
    `[soak] minute ${row.minute}/${minutes}${row.minute > minutes ? " (draining)" : ""}: ${row.requests} requests, errors ${row.killed} killed-in-flight / ${row.other} other; ` +
    `p50 ${ms(row.p50Ms)}, p99 ${ms(row.p99Ms)} (compress p50 ${ms(row.compressP50Ms)}, p99 ${ms(row.compressP99Ms)}); ` +
    `acked ${acked.saves} saves, ${acked.submits} submits, ${acked.reviews} reviews, ${acked.golds} gold; jobs ${jobs.done} done, ${jobs.live} live; ` +
    `RSS ${rss.map((r) => `${r.name} ${mb(r.kb)}${r.liveBytes ? ` (live ${mib(r.liveBytes)})` : ""}`).join(", ")}`
  );
}

/** The closing report, as lines. */
export function formatSummary(report) {
  const { totals, minutes, rss, rows, jobs, kills, goals } = report;
  const lines = [];
  lines.push(
    `[soak] ===== summary: ${report.minutesRun} minutes on PostgreSQL, 2 app instances, 2 workers (build made for ${report.config.build}${report.config.build === "sqlite" ? ", PostgreSQL client swapped in" : ""}) =====`,
  );
  lines.push(
    `[soak] requests: ${totals.requests}; errors: ${totals.killed} in flight on the killed instance (retried), ${totals.other} other; ` +
      `p50 ${ms(totals.p50Ms)}, p99 ${ms(totals.p99Ms)}; compress ${totals.compressRequests} requests, p50 ${ms(totals.compressP50Ms)}, p99 ${ms(totals.compressP99Ms)}`,
  );
  lines.push(
    `[soak] retried writes recognised as committed (409 reconciled): ${report.notes.reconciled}; requests retried on a fresh connection after a stale keep-alive one: ${report.notes.staleKeepAlive}`,
  );
  lines.push("[soak] minute | requests | killed | other | p50 ms | p99 ms | compress p50 | compress p99");
  for (const m of minutes) {
    lines.push(
      `[soak] ${String(m.minute).padStart(6)} | ${String(m.requests).padStart(8)} | ${String(m.killed).padStart(6)} | ${String(m.other).padStart(5)} | ` +
        `${String(m.p50Ms ?? "-").padStart(6)} | ${String(m.p99Ms ?? "-").padStart(6)} | ${String(m.compressP50Ms ?? "-").padStart(12)} | ${String(m.compressP99Ms ?? "-").padStart(12)}`,
    );
  }
  for (const k of kills.events) {
    lines.push(`[soak] kill at ${k.atS} s: ${k.name} (pid ${k.pid}, ${k.inFlight} requests in flight), ready again after ${k.readyAfterS ?? "-"} s`);
  }
  const w = report.memoryWindows;
  lines.push(
    `[soak] memory per process, the window after the warm-up (${w.warmupS}–${w.warmupS + w.windowS} s of each life) against the last ${w.windowS} s: ` +
      "live = lowest heapUsed + external after a major GC (goal: growth ≤ 10% or 4 MB), RSS = lowest sample (goal: growth ≤ 10% or 32 MB)",
  );
  const pct = (g) => (g === null ? "" : ` ${g >= 0 ? "+" : ""}${(100 * g).toFixed(1)}%`);
  for (const r of rss) {
    const live =
      r.live.startBytes === null ? "live -" : `live ${mib(r.live.startBytes)} → ${mib(r.live.endBytes)}${pct(r.live.growth)} ${r.live.verdict}`;
    const res =
      r.rss.startKb === null
        ? `RSS first ${mb(r.rss.firstKb)}, last ${mb(r.rss.lastKb)}`
        : `RSS ${mb(r.rss.startKb)} → ${mb(r.rss.endKb)}${pct(r.rss.growth)} ${r.rss.verdict}`;
    const note = r.rss.note || r.live.note;
    lines.push(`[soak]   ${r.name.padEnd(12)} pid ${String(r.pid).padEnd(8)} ${live}; ${res}: ${r.verdict}${note ? ` (${note})` : ""}`);
  }
  lines.push(
    `[soak] rows: ${rows.checked} acknowledged writes checked in the database, ${rows.lost} lost, ${rows.extra} stored but never acknowledged ` +
      `(${rows.detail.map((d) => `${d.what}: ${d.checked} checked, ${d.lost} lost`).join("; ")})`,
  );
  lines.push(
    `[soak] jobs: ${jobs.started} started, ${jobs.done} done, ${jobs.failed} failed, ${jobs.unfinished} unfinished, ${jobs.resumed} resumed after a kill`,
  );
  for (const f of report.failures.slice(0, 20)) lines.push(`[soak] other error at ${f.atS} s (${f.kind}): ${f.what}`);
  for (const g of goals.goals) lines.push(`[soak] ${g.pass ? "PASS" : "FAIL"}  ${g.goal}: ${g.value}`);
  lines.push(`[soak] ${goals.passed ? "PASSED" : "FAILED"}`);
  return lines;
}
