import fc from "fast-check";
import { ALLOWED_REFUSAL_WRITES, CACHE_TABLES, checkAnswer, type FailureKind } from "./check-answer";
import { documentedStatuses } from "./documented-statuses";
import { FuzzDictionary } from "./fuzz-dictionary";
import { ACTORS, FuzzServer, type WireRequest } from "./fuzz-server";
import { FOUND_FAILURES } from "./found-failures";
import { RequestGenerator, VARIANT_WEIGHTS, VARIANTS, type GeneratedRequest, type Variant } from "./generate-request";
import { seedFuzzData } from "./seed-fuzz-data";

// `snippet-lab fuzz-api`: thousands of generated requests across every operation of API_OPERATIONS against the real
// route handlers (fuzz-server.ts), each held to three invariants — never a 5xx, never a status the operation does not
// document, never a row stored (or removed) by a refused request — and to the error shape every error promises
// (`{error: {code, message}}`, the code matching the status). Distinct failures are grouped with one example each.

export type FuzzFailure = { kind: FailureKind; operationId: string; status: number; count: number; message: string; example: string };

export type OperationFigures = { requests: number; statuses: Record<string, number>; ms: number };

export type FuzzReport = {
  seed: number;
  requests: number;
  seconds: number;
  statuses: Record<string, number>;
  /** Requests per variant; `regression`: the requests found failing before (found-failures.ts), sent first. */
  variants: Record<Variant | "regression", number>;
  operations: Record<string, OperationFigures>;
  failures: FuzzFailure[];
  /** Times an actor had to be signed in again (or given back its role) after a user or sign-in request. */
  healed: number;
  /** What the run leaves out or allows, and why. */
  notes: string[];
};

export type RunApiFuzzOptions = {
  runs: number;
  seed: number;
  /** Only these operations (default: all). */
  operations?: readonly string[];
  /** A request still unanswered after this long is a failure (default 30 s). */
  requestTimeoutMs?: number;
  log?: (message: string) => void;
};

/** Requests after which the actors may need healing (signed out, disabled, demoted, new password). */
const HEAL_AFTER = new Set(["login", "logout", "updateUser", "resetPassword"]);

export const FUZZ_NOTES: readonly string[] = [
  "jobs are queued, never run (SNIPPET_LAB_JOBS_IN_SERVER=0): no background sweeps, scoring or judge runs",
  "the LLM judge is a closed port on 127.0.0.1 (100 ms timeout, no retries): judge routes answer 503 at once",
  "URL results are loopback, private or non-http addresses only: the fetcher's SSRF guard refuses them without a connection",
  ...Object.entries(ALLOWED_REFUSAL_WRITES).map(([op, a]) => `${op}: ${a.why}`),
  `a refused request may fill the computation caches (${CACHE_TABLES.join(", ")}); every other table must keep its row count`,
];

const CUID = /\bc[a-z0-9]{20,30}\b/g;
const normalize = (m: string) =>
  m
    .replace(CUID, "<id>")
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\d+/g, "N")
    .slice(0, 160);

function describe(w: WireRequest, url: string, variant: Variant | "regression", note: string): string {
  const body =
    w.body === undefined
      ? ""
      : typeof w.body === "string"
        ? ` body=${JSON.stringify(w.body.slice(0, 300))}${w.body.length > 300 ? `…(${w.body.length} chars)` : ""}`
        : ` body=<${w.body.byteLength} bytes>`;
  return `${variant}${note ? ` (${note})` : ""} as ${w.caller}: ${url.slice(0, 300)}${w.contentType ? ` [${w.contentType}]` : ""}${body}`;
}

class Timeout extends Error {}

async function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Timeout(`no answer in ${ms} ms`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

export async function runApiFuzz(options: RunApiFuzzOptions): Promise<FuzzReport> {
  const log = options.log ?? (() => {});
  const timeoutMs = options.requestTimeoutMs ?? 30_000;
  const started = performance.now();
  const server = new FuzzServer();
  log("starting the server (temp database, route handlers, one session per role)…");
  await server.start();
  try {
    const seed = await seedFuzzData(server);
    const dict = new FuzzDictionary(server.probe);
    dict.emails = [...ACTORS.map((a) => server.actors[a].email), "nobody@fuzz.test", "ADMIN@FUZZ.TEST "];
    dict.refresh();
    const generator = new RequestGenerator(server, dict, server.probe, seed.templates);
    const documented = documentedStatuses(server.operations.values());
    const operationIds = [...server.operations.keys()].filter((id) => !options.operations || options.operations.includes(id));
    if (operationIds.length === 0) throw new Error("no operation to fuzz");

    const variantArb = fc.oneof(...VARIANTS.map((v) => ({ weight: VARIANT_WEIGHTS[v], arbitrary: fc.constant(v) })));
    const plan = fc.sample(fc.record({ operationId: fc.constantFrom(...operationIds), variant: variantArb, seed: fc.integer() }), {
      seed: options.seed,
      numRuns: options.runs,
    });

    const report: FuzzReport = {
      seed: options.seed,
      requests: 0,
      seconds: 0,
      statuses: {},
      variants: Object.fromEntries([...VARIANTS, "regression"].map((v) => [v, 0])) as Record<Variant | "regression", number>,
      operations: {},
      failures: [],
      healed: 0,
      notes: [...FUZZ_NOTES],
    };
    const failures = new Map<string, FuzzFailure>();
    const fail = (kind: FailureKind, operationId: string, status: number, message: string, example: string) => {
      const key = `${kind}|${operationId}|${status}|${normalize(message)}`;
      const seen = failures.get(key);
      if (seen) seen.count++;
      else failures.set(key, { kind, operationId, status, count: 1, message: message.slice(0, 400), example });
    };
    log(`fuzzing ${operationIds.length} operations with ${options.runs} requests (seed ${options.seed}) after the found failures…`);

    // The requests found failing before, then the drawn ones.
    const regressions = FOUND_FAILURES.map((f) => ({ wire: f.request({ server, seed }), variant: "regression" as const, note: f.what })).filter((r) =>
      operationIds.includes(r.wire.operationId),
    );
    const steps: (Omit<GeneratedRequest, "variant"> & { variant: Variant | "regression" })[] = regressions;
    for (const [i, step] of [...steps, ...plan].entries()) {
      if (i % 25 === 0) dict.refresh();
      const { wire, variant, note } = "wire" in step ? step : generator.generate(server.operation(step.operationId), step.variant, step.seed);
      const op = server.operation(wire.operationId);
      const request = server.toRequest(wire);
      const example = describe(wire, request.url, variant, note);
      await server.settle();
      const before = server.probe.countRows();
      const t = performance.now();
      let status = 0;
      let text = "";
      try {
        const res = await within(server.send(wire), timeoutMs);
        status = res.status;
        text = await within(res.text(), timeoutMs);
      } catch (e) {
        const message = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
        fail(e instanceof Timeout ? "timeout" : "threw", op.operationId, status, message, example);
        continue;
      } finally {
        const figures = (report.operations[op.operationId] ??= { requests: 0, statuses: {}, ms: 0 });
        figures.requests++;
        figures.ms += performance.now() - t;
        figures.statuses[status] = (figures.statuses[status] ?? 0) + 1;
        report.statuses[status] = (report.statuses[status] ?? 0) + 1;
        report.variants[variant]++;
        report.requests++;
      }

      // A refused request must not have written anything, in the background either.
      if (status >= 400) await server.settle();
      const after = status >= 400 ? server.probe.countRows() : before;
      if (status >= 200 && status < 300 && text.startsWith("{")) {
        try {
          dict.remember(JSON.parse(text));
        } catch {
          // Not JSON after all (a CSV or a file): nothing to follow.
        }
      }
      for (const p of checkAnswer({ operation: op, documented: documented.get(op.operationId)!, status, text, before, after })) {
        fail(p.kind, op.operationId, status, p.message, example);
      }
      if (HEAL_AFTER.has(op.operationId)) report.healed += await server.healActors();
      if ((i + 1) % 500 === 0) log(`  ${i + 1} requests, ${failures.size} distinct failures, ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    report.failures = [...failures.values()].sort((a, b) => a.operationId.localeCompare(b.operationId) || b.count - a.count);
    report.seconds = (performance.now() - started) / 1000;
    return report;
  } finally {
    await server.close();
  }
}
