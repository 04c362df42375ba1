// The soak's simulated users (scripts/soak.mjs), each a bounded loop that stops when the run ends: annotators saving
// and submitting, reviewers accepting and adjudicating, compress clients with the API key, an admin keeping the pair
// pool stocked, and a researcher running sweeps and judge runs. Every write the server acknowledges (2xx, or a 409
// that shows a retried write had committed) goes into the ledger, which soak-verify.mjs checks against the database.
import { annotatorSpans, goldFromAnnotation, makePairRecords, pairSentences, sameSpans, spanKey, toJsonl } from "./soak-corpus.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Waits about `thinkMs` (between half and one and a half times it), or less when the run ends. */
async function think(ctx) {
  const ms = ctx.thinkMs * (0.5 + Math.random());
  const until = Math.min(Date.now() + ms, ctx.endsAt);
  if (until > Date.now()) await sleep(until - Date.now());
}

/** The pairs to annotate: each gets two annotators, then one reviewer once both submitted. */
export class PairBoard {
  constructor() {
    this.pairs = [];
    this.known = new Set();
    this.reviewQueue = [];
  }

  add(pair) {
    if (this.known.has(pair.id)) return;
    this.known.add(pair.id);
    this.pairs.push({ ...pair, claims: [], submitted: new Set(), index: this.pairs.length });
  }

  /** Places left for annotators. */
  openSlots() {
    return this.pairs.reduce((n, p) => n + 2 - p.claims.length, 0);
  }

  claimForAnnotator(annotator) {
    const pair = this.pairs.find((p) => p.claims.length < 2 && !p.claims.includes(annotator));
    if (pair) pair.claims.push(annotator);
    return pair ?? null;
  }

  markSubmitted(pair, annotator) {
    pair.submitted.add(annotator);
    if (pair.submitted.size === 2) this.reviewQueue.push(pair);
  }

  claimForReview() {
    return this.reviewQueue.shift() ?? null;
  }
}

/** What the server acknowledged: the final state of each annotation and each pair's gold. */
export function createLedger() {
  return {
    annotations: new Map(),
    gold: new Map(),
    counts: { saves: 0, submits: 0, reviews: 0, golds: 0, imports: 0, pairs: 0 },
    offsetWarnings: 0,
  };
}

async function annotatePair({ ctx, user, annotator, pair }) {
  const { client, ledger } = ctx;
  const slot = pair.claims.indexOf(annotator);
  await client.call({ kind: "queue", path: `/api/v1/pairs?datasetId=${ctx.datasetId}&limit=20`, user });
  if (ctx.pages) await client.call({ kind: "page", path: `/pairs/${pair.id}`, user });
  const current = await client.call({ kind: "read", path: `/api/v1/pairs/${pair.id}/annotation`, user });
  if (!current.ok) return;
  let version = current.json.annotation?.version ?? 0;
  let entry = null;
  const ids = new Map();
  for (let step = 1; step <= 3; step++) {
    await think(ctx);
    if (!ctx.running()) return;
    const spans = annotatorSpans({ sentences: pair.sentences, slot, step, ids });
    const base = version;
    const r = await client.call({
      kind: "save",
      method: "PUT",
      path: `/api/v1/pairs/${pair.id}/annotation`,
      json: { version: base, spans },
      user,
      reconcile: (d) =>
        d.reason === "version" && d.version === base + 1 && sameSpans(d.spans ?? [], spans)
          ? { annotationId: d.annotationId, version: d.version, spans: d.spans }
          : null,
    });
    if (!r.ok) return;
    if (!sameSpans(r.json.spans, spans) && ledger.offsetWarnings++ === 0) {
      console.warn(`[soak] the server stored other offsets than the annotator sent (pair ${pair.id}); the soak's spans should be whole sentences`);
    }
    version = r.json.version;
    for (const s of r.json.spans) ids.set(spanKey(s), s.id);
    entry = ledger.annotations.get(r.json.annotationId) ?? { annotationId: r.json.annotationId, pairId: pair.id, annotatorId: user.id };
    Object.assign(entry, { version, spanIds: r.json.spans.map((s) => s.id), submitted: false, accepted: false });
    ledger.annotations.set(entry.annotationId, entry);
    ledger.counts.saves++;
  }
  await think(ctx);
  if (!ctx.running()) return;
  const base = version;
  const sub = await client.call({
    kind: "submit",
    method: "POST",
    path: `/api/v1/pairs/${pair.id}/annotation/submit`,
    json: { version: base },
    user,
    reconcile: (d) =>
      d.status === "submitted" && d.version === base + 1 ? { annotationId: d.annotationId, version: d.version, status: "submitted" } : null,
  });
  if (!sub.ok) return;
  entry.version = sub.json.version;
  entry.submitted = true;
  ledger.counts.submits++;
  ctx.board.markSubmitted(pair, annotator);
}

/** An annotator: takes the next pair that needs one, saves three times, submits. */
export async function runAnnotator({ ctx, user, annotator }) {
  while (ctx.running()) {
    const pair = ctx.board.claimForAnnotator(annotator);
    if (!pair) {
      await sleep(500);
      continue;
    }
    await annotatePair({ ctx, user, annotator, pair });
  }
}

async function putGold({ ctx, user, pair, spans, version }) {
  const r = await ctx.client.call({
    kind: "gold",
    method: "PUT",
    path: `/api/v1/pairs/${pair.id}/gold`,
    json: { spans, version, comment: "soak" },
    user,
    reconcile: (d) => (d.version === version + 1 && sameSpans(d.spans ?? [], spans) ? { version: d.version, spans: d.spans } : null),
  });
  if (!r.ok) return null;
  ctx.ledger.gold.set(pair.id, { pairId: pair.id, reviewerId: user.id, version: r.json.version, spanIds: r.json.spans.map((s) => s.id) });
  ctx.ledger.counts.golds++;
  return r.json;
}

async function reviewPair({ ctx, user, pair }) {
  const { client, ledger } = ctx;
  if (ctx.pages) await client.call({ kind: "page", path: `/pairs/${pair.id}/review`, user });
  const data = await client.call({ kind: "read", path: `/api/v1/pairs/${pair.id}/annotations`, user });
  if (!data.ok) return;
  for (const a of data.json.annotations.filter((x) => x.status === "submitted")) {
    await think(ctx);
    if (!ctx.running()) return;
    const r = await client.call({
      kind: "review",
      method: "POST",
      path: `/api/v1/annotations/${a.id}/review`,
      json: { decision: "accept", version: a.version },
      user,
      reconcile: (d) =>
        d.status === "accepted" && d.version === a.version + 1 ? { annotationId: a.id, version: d.version, status: "accepted" } : null,
    });
    if (!r.ok) return;
    const entry = ledger.annotations.get(a.id);
    if (entry) Object.assign(entry, { version: r.json.version, accepted: true });
    ledger.counts.reviews++;
  }
  await think(ctx);
  if (!ctx.running()) return;
  const source = data.json.annotations.find((a) => a.spans.length > 0);
  if (!source) return;
  const gold = await client.call({ kind: "read", path: `/api/v1/pairs/${pair.id}/gold`, user });
  if (!gold.ok) return;
  const first = await putGold({ ctx, user, pair, spans: goldFromAnnotation(source.spans), version: gold.json.version });
  // Every third pair gets a second gold version: the reviewer drops a span (ids keep the rest).
  if (!first || pair.index % 3 !== 0 || first.spans.length < 2) return;
  await think(ctx);
  if (!ctx.running()) return;
  const spans = first.spans.slice(0, -1).map(({ id, documentId, start, end, text, category }) => ({ id, documentId, start, end, text, category }));
  await putGold({ ctx, user, pair, spans, version: first.version });
}

/** A reviewer: accepts both submissions of a pair, then writes its gold. */
export async function runReviewer({ ctx, user }) {
  while (ctx.running()) {
    const pair = ctx.board.claimForReview();
    if (!pair) {
      await sleep(500);
      continue;
    }
    await reviewPair({ ctx, user, pair });
  }
}

/** One compress client: a closed loop of small requests with the API key. */
export async function runCompressClient({ ctx, index }) {
  for (let i = index; ctx.running(); i++) {
    await ctx.client.call({
      kind: "compress",
      method: "POST",
      path: "/api/v1/compress",
      body: ctx.compressBodies[i % ctx.compressBodies.length],
      apiKey: ctx.apiKey,
      timeoutMs: 60_000,
    });
    if (ctx.compressPauseMs > 0 && ctx.running()) await sleep(ctx.compressPauseMs);
  }
}

/** Imports the next batch of pairs (idempotent: a retry skips the external ids already there) and boards them. */
export async function importBatch({ ctx, user }) {
  const { client, ledger } = ctx;
  const records = makePairRecords({ prefix: ctx.prefix, first: ctx.nextPair, count: ctx.batchSize, seed: ctx.seed });
  const r = await client.call({
    kind: "import",
    method: "POST",
    path: `/api/v1/datasets/${ctx.datasetId}/import?format=jsonl&evidence=none`,
    body: toJsonl(records),
    contentType: "application/x-ndjson",
    user,
    timeoutMs: 120_000,
  });
  if (!r.ok) return false;
  ctx.nextPair += ctx.batchSize;
  ledger.counts.imports++;
  const wanted = new Set(records.map((x) => x.id));
  const list = await client.call({ kind: "queue", path: `/api/v1/pairs?datasetId=${ctx.datasetId}&status=unlabeled&limit=500`, user });
  if (!list.ok) return false;
  for (const item of list.json.items.filter((i) => wanted.has(i.externalId) && !ctx.board.known.has(i.id))) {
    const data = await client.call({ kind: "read", path: `/api/v1/pairs/${item.id}/annotations`, user });
    if (!data.ok) continue;
    const documents = data.json.documents.map((d) => ({ id: d.id, text: d.text }));
    ctx.board.add({ id: item.id, externalId: item.externalId, sentences: pairSentences(documents) });
    ledger.counts.pairs++;
  }
  return true;
}

/**
 * The sweeps' dataset: `ctx.sweepPairs` generated pairs imported with their evidence as gold, once (a fixed size: see
 * runJobs).
 */
export async function importSweepPairs({ ctx, user }) {
  const records = makePairRecords({ prefix: `${ctx.prefix}-sweep`, first: 0, count: ctx.sweepPairs, seed: ctx.seed });
  const r = await ctx.client.call({
    kind: "import",
    method: "POST",
    path: `/api/v1/datasets/${ctx.sweepDatasetId}/import?format=jsonl&evidence=gold`,
    body: toJsonl(records),
    contentType: "application/x-ndjson",
    user,
    timeoutMs: 120_000,
  });
  return r.ok;
}

/** The admin: keeps enough pairs on the board for the annotators. */
export async function runProvisioner({ ctx, user }) {
  while (ctx.running()) {
    if (ctx.board.openSlots() < ctx.annotators * 4) await importBatch({ ctx, user });
    await sleep(1000);
  }
}

const TERMINAL = new Set(["done", "failed", "cancelled"]);

async function startJob({ ctx, user, body }) {
  const r = await ctx.client.call({ kind: "job", method: "POST", path: "/api/v1/jobs", json: body, user, expect: [200, 202, 422] });
  if (!r.ok || r.status === 422) return [];
  const jobs = r.json.jobs ?? [r.json.job];
  for (const j of jobs)
    if (!ctx.jobs.has(j.id)) ctx.jobs.set(j.id, { id: j.id, kind: j.kind, state: j.state, attempts: j.attempts, startedAt: Date.now() });
  return jobs.map((j) => j.id);
}

/** Polls the jobs until each is done, failed or cancelled, or `until` passes. */
export async function waitForJobs({ ctx, user, ids, until }) {
  let open = ids.filter((id) => !TERMINAL.has(ctx.jobs.get(id)?.state));
  while (open.length > 0 && Date.now() < until) {
    await sleep(2000);
    for (const id of open) {
      const r = await ctx.client.call({ kind: "job-poll", path: `/api/v1/jobs/${id}`, user });
      if (!r.ok) continue;
      const job = ctx.jobs.get(id);
      Object.assign(job, { state: r.json.job.state, attempts: r.json.job.attempts, error: r.json.job.error, failed: r.json.job.failed });
      if (TERMINAL.has(job.state)) job.finishedAt = Date.now();
    }
    open = open.filter((id) => !TERMINAL.has(ctx.jobs.get(id)?.state));
  }
}

/**
 * The researcher: a frontier sweep of the sweep dataset (a fixed set of gold pairs: a sweep of the growing soak dataset
 * would grow the workers' caches with it) and a judge run of the soak dataset's next unjudged pairs against the local
 * judge server, shared by both workers; waits for them, then starts the next pair of jobs.
 */
export async function runJobs({ ctx, user }) {
  while (ctx.running()) {
    const ids = [
      ...(await startJob({
        ctx,
        user,
        body: { kind: "frontier-sweep", payload: { datasetId: ctx.sweepDatasetId, methods: ["model", "bm25", "lead"] } },
      })),
      ...(await startJob({
        ctx,
        user,
        body: { kind: "judge-run", payload: { datasetId: ctx.datasetId, limit: ctx.judgePairs, skipJudged: true, workers: 2 } },
      })),
    ];
    await waitForJobs({ ctx, user, ids, until: ctx.drainUntil() });
    const pause = Math.min(Date.now() + 5_000, ctx.endsAt);
    while (Date.now() < pause && ctx.running()) await sleep(250);
  }
}
