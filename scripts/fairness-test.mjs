#!/usr/bin/env node
// Does one huge request stall everyone else? Against an already running server (starts nothing itself):
//   node scripts/fairness-test.mjs [--url http://127.0.0.1:3000] [--big-mb 4.9] [--small 40] [--delay-ms 3000]
// Posts one large text (default 4.9 MB) to /api/v1/compress, waits --delay-ms, then sends small one-sentence
// requests one after another while the large one is in flight. Prints the small requests' latency (p50/p99, only
// those that finished while the large one was still running count) and the large request's time and `timings`.
// Only loopback targets are allowed. --api-key defaults to $SNIPPET_LAB_API_KEY.
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:3000" },
    "big-mb": { type: "string", default: "4.9" },
    small: { type: "string", default: "40" },
    "delay-ms": { type: "string", default: "3000" },
    model: { type: "string", default: "model" },
    "api-key": { type: "string", default: process.env.SNIPPET_LAB_API_KEY ?? "" },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log("Usage: node scripts/fairness-test.mjs [--url URL] [--big-mb 4.9] [--small 40] [--delay-ms 3000] [--model model] [--api-key KEY]");
  process.exit(0);
}
const base = new URL(values.url);
if (!["127.0.0.1", "localhost", "[::1]", "::1"].includes(base.hostname)) {
  console.error(`[fairness-test] refusing non-loopback target ${base.hostname}`);
  process.exit(2);
}
const headers = { "content-type": "application/json", ...(values["api-key"] ? { authorization: `Bearer ${values["api-key"]}` } : {}) };
const endpoint = new URL("/api/v1/compress", base);

const SENTENCES = [
  "Harbour traffic rose steadily through the autumn as new ferry routes opened.",
  "The council published its budget for road repairs on Tuesday.",
  "Local schools reported higher attendance after the holiday break.",
  "A new library branch will open in the northern district next spring.",
  "Weather stations recorded the wettest November in thirty years.",
];
function bigText(mb) {
  const parts = [];
  let size = 0;
  for (let i = 0; size < mb * 1_000_000; i++) {
    const s = `${SENTENCES[i % SENTENCES.length]} Paragraph ${i}.`;
    parts.push(i % 6 === 5 ? `${s}\n\n` : `${s} `);
    size += s.length + 1;
  }
  return parts.join("");
}

async function post(body) {
  const t0 = performance.now();
  const res = await fetch(endpoint, { method: "POST", headers, body: JSON.stringify(body) });
  const json = await res.json().catch(() => ({}));
  return { status: res.status, ms: performance.now() - t0, json };
}

const big = bigText(Number(values["big-mb"]));
console.log(`[fairness-test] large request: ${(big.length / 1e6).toFixed(1)} MB of text`);
let bigDone = false;
const bigPromise = post({
  query: "When does the new library branch open?",
  preset: "low",
  model: values.model,
  results: [{ id: "big", text: big }],
}).then((r) => {
  bigDone = true;
  return r;
});
await new Promise((r) => setTimeout(r, Number(values["delay-ms"])));
const small = [];
for (let i = 0; i < Number(values.small) && !bigDone; i++) {
  const r = await post({
    query: "When is the museum open on Sundays?",
    model: values.model,
    results: [{ id: "a", text: `The museum opens at 10 am on Sundays (${i}). Tickets cost 12 euros.` }],
  });
  if (r.status !== 200) {
    console.error(`[fairness-test] small request failed: ${r.status} ${JSON.stringify(r.json).slice(0, 200)}`);
    process.exit(1);
  }
  if (!bigDone) small.push(r.ms);
}
const b = await bigPromise;
if (b.status !== 200) {
  console.error(`[fairness-test] large request failed: ${b.status} ${JSON.stringify(b.json).slice(0, 300)}`);
  process.exit(1);
}
const pct = (xs, p) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};
console.log(`[fairness-test] large request: ${(b.ms / 1000).toFixed(1)} s, timings ${JSON.stringify(b.json.timings)}`);
console.log(
  `[fairness-test] small requests while it ran: ${small.length}, p50 ${pct(small, 50).toFixed(0)} ms, p99 ${pct(small, 99).toFixed(0)} ms, max ${Math.max(...small).toFixed(0)} ms`,
);
console.log(
  `[figure] a small request's p99 while a ${(big.length / 1e6).toFixed(1)} MB request runs: ${pct(small, 99).toFixed(0)} ms (${small.length} requests)`,
);
