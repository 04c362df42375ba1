import "server-only";
import { DEMO_DATASET, DEMO_DATASET_DESCRIPTION, DEMO_FIXTURES } from "@/lib/demo/demo-fixtures";
import { DEMO_GOLD } from "@/lib/demo/demo-gold";
import { type Db, getDb } from "./client";
import { createPair } from "./create-pair";
import type { Prisma } from "./generated/client";
import { runInTransaction } from "./run-in-transaction";
import { syncPairStatus } from "./annotations/sync-pair-status";
import { appendGoldAuditEvents } from "./audit/append-gold-audit-events";
import { readGoldSnapshot } from "./audit/read-gold-snapshot";

export type SeedDemoDataOptions = { db?: Db; log?: (message: string) => void };

/**
 * Seeds the "demo" dataset once, with its hand-written gold (lib/demo/demo-gold.ts: the evidence each query needs and
 * some labelled boilerplate, so the research views have gold to measure on a fresh install); skipped when the dataset
 * exists (so deleting it by hand makes it come back). An existing demo dataset from before the gold existed gets it
 * then: demo pairs that never had a gold span (none live, none deleted) and were never adjudicated.
 */
export async function seedDemoData({ db = getDb(), log = () => {} }: SeedDemoDataOptions = {}): Promise<{
  created: number;
  skipped: boolean;
  goldSpans: number;
}> {
  const existing = await db.dataset.findUnique({ where: { name: DEMO_DATASET }, select: { id: true } });
  if (existing) {
    const goldSpans = await seedDemoGold({ datasetId: existing.id, db });
    if (goldSpans > 0) log(`added ${goldSpans} gold spans to the demo pairs`);
    return { created: 0, skipped: true, goldSpans };
  }
  // One transaction: a crash half-way must not leave a partial "demo" dataset that later starts would skip.
  const goldSpans = await runInTransaction(
    async (tx) => {
      let spans = 0;
      for (const f of DEMO_FIXTURES) {
        const pair = await createPair({
          db: tx,
          dataset: DEMO_DATASET,
          datasetDescription: DEMO_DATASET_DESCRIPTION,
          externalId: f.id,
          query: f.query,
          documents: f.results,
        });
        spans += await writeDemoGold({ tx, fixtureId: f.id, pairId: pair.id, documentIds: pair.documentIds });
      }
      return spans;
    },
    { db },
  );
  log(`seeded ${DEMO_FIXTURES.length} demo pairs (${goldSpans} gold spans) into dataset "${DEMO_DATASET}"`);
  return { created: DEMO_FIXTURES.length, skipped: false, goldSpans };
}

async function seedDemoGold({ datasetId, db }: { datasetId: string; db: Db }): Promise<number> {
  const pairs = await db.pair.findMany({
    where: { datasetId, externalId: { in: Object.keys(DEMO_GOLD) }, adjudicatedAt: null, spans: { none: { source: "gold" } } },
    select: { id: true, externalId: true, documents: { orderBy: { position: "asc" }, select: { documentId: true } } },
  });
  if (pairs.length === 0) return 0;
  return runInTransaction(
    async (tx) => {
      let spans = 0;
      for (const p of pairs)
        spans += await writeDemoGold({ tx, fixtureId: p.externalId!, pairId: p.id, documentIds: p.documents.map((d) => d.documentId) });
      return spans;
    },
    { db },
  );
}

/**
 * A fixture's gold quotes as gold spans (each with its "create" history event, actor: the system); the pair's status
 * then says it has gold (accepted, unless a submission waits for review). One GoldAuditEvent (kind "seed") records the
 * gold before and after.
 */
async function writeDemoGold({
  tx,
  fixtureId,
  pairId,
  documentIds,
}: {
  tx: Prisma.TransactionClient;
  fixtureId: string;
  pairId: string;
  documentIds: string[];
}): Promise<number> {
  let n = 0;
  const before = await readGoldSnapshot({ tx, pairId });
  const texts = new Map<string, string>();
  for (const g of DEMO_GOLD[fixtureId] ?? []) {
    const documentId = documentIds[g.result];
    if (!documentId) continue;
    if (!texts.has(documentId))
      texts.set(documentId, (await tx.document.findUniqueOrThrow({ where: { id: documentId }, select: { text: true } })).text);
    const start = texts.get(documentId)!.indexOf(g.quote);
    // A quote the canonicaliser no longer produces (demo-gold.test.ts catches it) is left out, never mis-placed.
    if (start < 0) continue;
    const span = {
      pairId,
      documentId,
      start,
      end: start + g.quote.length,
      text: g.quote,
      category: g.category,
      source: "gold",
      authorId: null,
      score: null,
    };
    const created = await tx.span.create({ data: span, select: { id: true } });
    await tx.spanEvent.create({
      data: { spanId: created.id, actorId: null, action: "create", afterJson: JSON.stringify({ ...span, annotationId: null, suggestionId: null }) },
    });
    n++;
  }
  if (n > 0) {
    await syncPairStatus({ tx, pairId });
    const after = await readGoldSnapshot({ tx, pairId });
    await appendGoldAuditEvents({
      tx,
      events: [{ pairId, datasetId: before.datasetId, actorId: null, kind: "seed", before: before.snapshot, after: after.snapshot, at: new Date() }],
    });
  }
  return n;
}
