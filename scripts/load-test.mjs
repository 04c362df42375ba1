#!/usr/bin/env node
// Load test for POST /api/v1/compress against an already running server (starts nothing itself).
//   node scripts/load-test.mjs [--url http://127.0.0.1:3000] [--connections 32] [--amount 320 | --duration 60]
//                              [--results 3] [--model model] [--api-key KEY] [--bench] [--fairness]
// Prints requests/s, windows/s, latency p50/p97.5/p99 and error/non-2xx counts; exits 1 on any error or non-2xx.
// --bench first runs `snippet-lab bench` (the model alone, batch 8) and prints the load's windows/s as a share of it;
// --fairness then runs scripts/fairness-test.mjs (a small request's p99 while a 5 MB request runs) on the same server.
// The issue-33 run: node scripts/load-test.mjs --connections 32 --duration 60 --bench --fairness
// Only loopback targets are allowed. --api-key defaults to $SNIPPET_LAB_API_KEY.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";

const HELP = `Usage: node scripts/load-test.mjs [options]
  --url URL           server base URL (loopback only; default http://127.0.0.1:3000)
  --connections N     concurrent connections (default 32)
  --amount N          total requests (default 320)
  --duration S        run for S seconds instead of a number of requests
  --bench             measure \`snippet-lab bench\`'s windows/s first (same machine) and compare
  --fairness          afterwards, run scripts/fairness-test.mjs (small requests while a 5 MB one runs)
  --results N         results per request, 2..5 (default 3)
  --model NAME        model field of the body (default "model"; "bm25"/"lead" need no model files)
  --api-key KEY       bearer key when the server sets SNIPPET_LAB_API_KEYS (default $SNIPPET_LAB_API_KEY)
  --help`;

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:3000" },
    connections: { type: "string", default: "32" },
    amount: { type: "string", default: "320" },
    duration: { type: "string" },
    bench: { type: "boolean", default: false },
    fairness: { type: "boolean", default: false },
    results: { type: "string", default: "3" },
    model: { type: "string", default: "model" },
    "api-key": { type: "string", default: process.env.SNIPPET_LAB_API_KEY ?? "" },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}

const fail = (msg) => {
  console.error(`[load-test] ${msg}`);
  process.exit(2);
};
let base;
try {
  base = new URL(values.url);
} catch {
  fail(`invalid --url ${values.url}`);
}
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);
if (!LOOPBACK.has(base.hostname)) fail(`refusing non-loopback target ${base.hostname}: use 127.0.0.1, localhost or [::1]`);
const connections = Number(values.connections);
const amount = Number(values.amount);
const nResults = Number(values.results);
const duration = values.duration === undefined ? undefined : Number(values.duration);
if (duration !== undefined && !(duration > 0)) fail("--duration must be a positive number of seconds");
if (!(connections >= 1 && (duration !== undefined || amount >= connections))) fail("--amount must be ≥ --connections ≥ 1");
if (!(nResults >= 2 && nResults <= 5)) fail("--results must be 2..5");

// A realistic result set: web pages of a few hundred to ~2,000 words, some as HTML with boilerplate.
const TOPICS = [
  ["Golden Gate Bridge", "The bridge opened to pedestrians on May 27, 1937, and its main span is 4,200 feet long."],
  ["Bay Bridge", "The San Francisco–Oakland Bay Bridge opened in November 1936, six months earlier."],
  ["Suspension bridges", "A suspension bridge hangs its deck from cables slung between towers."],
  ["Fog in San Francisco", "Summer fog forms when warm inland air draws cool marine air through the Golden Gate."],
  ["Visiting the bridge", "Pedestrians may use the east sidewalk during daylight hours; parking fills early."],
];
const FILLER = [
  "Local historians describe the early twentieth century as a period of rapid growth for the region.",
  "Ferries carried tens of thousands of commuters across the bay every day before the bridges were built.",
  "Engineers debated the design for years, weighing cost, wind loads and the risk of earthquakes.",
  "Visitors often remark on the colour, officially called International Orange, chosen for visibility in fog.",
  "The surrounding parkland offers trails, viewpoints and historic military buildings open to the public.",
  "Traffic counts have varied over the decades with tolls, transit service and changing commute patterns.",
];
function page(i) {
  const [title, answer] = TOPICS[i % TOPICS.length];
  const paras = [];
  for (let p = 0; p < 12 + 6 * i; p++) {
    const sentences = [];
    for (let s = 0; s < 5; s++) sentences.push(FILLER[(p * 5 + s + i) % FILLER.length]);
    if (p === 3) sentences.splice(2, 0, answer);
    paras.push(sentences.join(" "));
  }
  if (i % 2 === 0) {
    const body = paras.map((p) => `<p>${p}</p>`).join("\n");
    return {
      id: `r${i}`,
      title,
      url: `https://example.org/${i}`,
      html: `<html><head><title>${title}</title></head><body><nav><a href="/">Home</a> <a href="/about">About</a></nav><main><h1>${title}</h1>\n${body}</main><footer>© 2024 Example</footer></body></html>`,
    };
  }
  return { id: `r${i}`, title, url: `https://example.org/${i}`, text: `# ${title}\n\n${paras.join("\n\n")}` };
}
const body = JSON.stringify({
  query: "When did the Golden Gate Bridge open and how long is its main span?",
  results: Array.from({ length: nResults }, (_, i) => page(i)),
  preset: "low",
  model: values.model,
});

const target = new URL("/api/v1/compress", base).toString();
const headers = { "content-type": "application/json" };
if (values["api-key"]) headers.authorization = `Bearer ${values["api-key"]}`;

const root = fileURLToPath(new URL("..", import.meta.url));
const forward = [`--url=${base.origin}`, `--model=${values.model}`, ...(values["api-key"] ? [`--api-key=${values["api-key"]}`] : [])];

// The model alone on this machine (no HTTP, no tokenizer): the ceiling the server's windows/s is compared with.
let benchWindowsPerSec;
if (values.bench) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "load-test-bench-"));
  const modelArgs = values.model.startsWith("model:") ? ["--model", values.model.slice("model:".length)] : [];
  console.log("[load-test] snippet-lab bench (the model alone, batch 8)…");
  const r = spawnSync(
    process.execPath,
    [path.join(root, "bin/snippet-lab.mjs"), "bench", "--runs", "40", "--json", path.join(dir, "bench.json"), ...modelArgs],
    {
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  if (r.status !== 0) fail("snippet-lab bench failed");
  benchWindowsPerSec = JSON.parse(readFileSync(path.join(dir, "bench.json"), "utf8")).windowsPerSec;
  rmSync(dir, { recursive: true, force: true });
  console.log(`[load-test] snippet-lab bench: ${benchWindowsPerSec} windows/s`);
}

console.log(
  `[load-test] POST ${target}: ${duration !== undefined ? `${duration} s` : `${amount} requests`}, ${connections} connections, ${nResults} results ` +
    `(${(Buffer.byteLength(body) / 1024).toFixed(0)} KB body), model=${values.model}`,
);

// One request first: loads the tokenizer tables / model session (so the run measures steady state)
// and fails fast with the server's message when the target is down, the key is wrong or the model missing.
// Its `timings.windows` is the model windows of one request (the body never changes).
let windowsPerRequest;
try {
  const t0 = Date.now();
  const res = await fetch(target, { method: "POST", headers, body });
  const text = await res.text();
  if (!res.ok) {
    console.error(`[load-test] warm-up request failed: HTTP ${res.status} ${text.slice(0, 500)}`);
    process.exit(1);
  }
  windowsPerRequest = JSON.parse(text).timings?.windows;
  console.log(`[load-test] warm-up request: ${Date.now() - t0} ms${windowsPerRequest ? `, ${windowsPerRequest} model windows` : ""}`);
} catch (e) {
  console.error(`[load-test] cannot reach ${target}: ${e.cause?.message ?? e.message}`);
  process.exit(1);
}

/** What both modes report: completed requests, failures, latencies (ms) and the seconds they took. */
function report({ done, sent, errors, timeouts, non2xx, firstBad, seconds, latency }) {
  console.log(`requests:     ${done} completed (${sent} sent) in ${seconds.toFixed(2)} s`);
  console.log(`requests/s:   ${(seconds > 0 ? done / seconds : 0).toFixed(1)}`);
  console.log(`latency (ms): p50 ${latency.p50}  p97.5 ${latency.p97_5}  p99 ${latency.p99}  max ${latency.max}`);
  console.log(`errors:       ${errors}  timeouts: ${timeouts}  non-2xx: ${non2xx}`);
  if (firstBad) console.log(`first non-2xx: ${firstBad}`);
  const bad = errors + timeouts + non2xx;
  if (windowsPerRequest) {
    const wps = ((done - non2xx) * windowsPerRequest) / seconds;
    const share = benchWindowsPerSec ? ` = ${((100 * wps) / benchWindowsPerSec).toFixed(0)}% of snippet-lab bench's ${benchWindowsPerSec}` : "";
    console.log(
      `[figure] compress, ${connections} clients, ${seconds.toFixed(0)} s: ${wps.toFixed(1)} windows/s${share}; ${bad} errors; p99 ${latency.p99} ms`,
    );
  }
  let code = bad > 0 ? 1 : 0;
  if (values.fairness) {
    const f = spawnSync(process.execPath, [path.join(root, "scripts/fairness-test.mjs"), ...forward], { stdio: "inherit" });
    if (f.status !== 0) code = 1;
  }
  process.exit(code);
}

if (duration !== undefined) {
  // Closed loop for a time: each client sends its next request when its last one answers, none after the deadline,
  // and the clock stops when the last answer arrives. Requests still in flight at the deadline are counted, not cut
  // off: the batcher serves concurrent requests together, so all 32 tend to finish at once.
  // node:http with keep-alive rather than fetch: the client shares the server's cores, and fetch's streams cost it
  // several times more CPU per request. It asks for gzip as fetch does (the server compresses as for any client) and
  // only counts the bytes.
  const transport = base.protocol === "https:" ? https : http;
  const agent = new transport.Agent({ keepAlive: true, maxSockets: connections });
  const post = () =>
    new Promise((resolve, reject) => {
      const req = transport.request(
        target,
        { method: "POST", agent, headers: { ...headers, "accept-encoding": "gzip, deflate", "content-length": Buffer.byteLength(body) } },
        (res) => {
          res.on("data", () => {});
          res.on("end", () => resolve(res.statusCode ?? 0));
          res.on("error", reject);
        },
      );
      req.setTimeout(60_000, () => req.destroy(Object.assign(new Error("timeout"), { name: "TimeoutError" })));
      req.on("error", reject);
      req.end(body);
    });
  const latencies = [];
  const out = { done: 0, sent: 0, errors: 0, timeouts: 0, non2xx: 0, firstBad: undefined };
  const t0 = performance.now();
  const deadline = t0 + duration * 1000;
  const client = async () => {
    while (performance.now() < deadline) {
      out.sent++;
      const started = performance.now();
      try {
        const status = await post();
        out.done++;
        latencies.push(performance.now() - started);
        if (status < 200 || status >= 300) {
          out.non2xx++;
          out.firstBad ??= `HTTP ${status}`;
        }
      } catch (e) {
        if (e.name === "TimeoutError") out.timeouts++;
        else out.errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const at = (p) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]) : 0);
  report({ ...out, seconds: (performance.now() - t0) / 1000, latency: { p50: at(50), p97_5: at(97.5), p99: at(99), max: at(100) } });
} else {
  let firstBad;
  const instance = autocannon({ url: target, method: "POST", headers, body, connections, amount, timeout: 60 }, (err, result) => {
    if (err) {
      console.error(`[load-test] ${err.message}`);
      process.exit(1);
    }
    report({ ...result, done: result.requests.total ?? 0, sent: result.requests.sent, firstBad, seconds: result.duration });
  });
  instance.on("response", (_client, statusCode, _bytes, _time) => {
    if (statusCode >= 300 && !firstBad) firstBad = `HTTP ${statusCode}`;
  });
  process.once("SIGINT", () => instance.stop());
}
