#!/usr/bin/env node
// Load test for POST /api/v1/compress against an already running server (starts nothing itself).
//   node scripts/load-test.mjs [--url http://127.0.0.1:3000] [--connections 32] [--amount 320]
//                              [--results 3] [--model model] [--api-key KEY]
// Prints requests/s, latency p50/p97.5/p99 and error/non-2xx counts; exits 1 on any error or non-2xx.
// Only loopback targets are allowed. --api-key defaults to $SNIPPET_LAB_API_KEY.
import { parseArgs } from "node:util";
import autocannon from "autocannon";

const HELP = `Usage: node scripts/load-test.mjs [options]
  --url URL           server base URL (loopback only; default http://127.0.0.1:3000)
  --connections N     concurrent connections (default 32)
  --amount N          total requests (default 320)
  --results N         results per request, 2..5 (default 3)
  --model NAME        model field of the body (default "model"; "bm25"/"lead" need no model files)
  --api-key KEY       bearer key when the server sets SNIPPET_LAB_API_KEYS (default $SNIPPET_LAB_API_KEY)
  --help`;

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:3000" },
    connections: { type: "string", default: "32" },
    amount: { type: "string", default: "320" },
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
if (!(connections >= 1 && amount >= connections)) fail("--amount must be ≥ --connections ≥ 1");
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

console.log(
  `[load-test] POST ${target}: ${amount} requests, ${connections} connections, ${nResults} results ` +
    `(${(Buffer.byteLength(body) / 1024).toFixed(0)} KB body), model=${values.model}`,
);

// One request first: loads the tokenizer tables / model session (so the run measures steady state)
// and fails fast with the server's message when the target is down, the key is wrong or the model missing.
try {
  const t0 = Date.now();
  const res = await fetch(target, { method: "POST", headers, body });
  const text = await res.text();
  if (!res.ok) {
    console.error(`[load-test] warm-up request failed: HTTP ${res.status} ${text.slice(0, 500)}`);
    process.exit(1);
  }
  console.log(`[load-test] warm-up request: ${Date.now() - t0} ms`);
} catch (e) {
  console.error(`[load-test] cannot reach ${target}: ${e.cause?.message ?? e.message}`);
  process.exit(1);
}

let firstBad;
const instance = autocannon({ url: target, method: "POST", headers, body, connections, amount, timeout: 60 }, (err, result) => {
  if (err) {
    console.error(`[load-test] ${err.message}`);
    process.exit(1);
  }
  const done = result.requests.total ?? 0;
  const rps = result.duration > 0 ? done / result.duration : 0;
  const l = result.latency;
  console.log(`requests:     ${done} completed (${result.requests.sent} sent) in ${result.duration.toFixed(2)} s`);
  console.log(`requests/s:   ${rps.toFixed(1)}`);
  console.log(`latency (ms): p50 ${l.p50}  p97.5 ${l.p97_5}  p99 ${l.p99}  max ${l.max}`);
  console.log(`errors:       ${result.errors}  timeouts: ${result.timeouts}  non-2xx: ${result.non2xx}`);
  if (firstBad) console.log(`first non-2xx: ${firstBad}`);
  const bad = result.errors + result.timeouts + result.non2xx;
  process.exit(bad > 0 ? 1 : 0);
});
instance.on("response", (_client, statusCode, _bytes, _time) => {
  if (statusCode >= 300 && !firstBad) firstBad = `HTTP ${statusCode}`;
});
process.once("SIGINT", () => instance.stop());
