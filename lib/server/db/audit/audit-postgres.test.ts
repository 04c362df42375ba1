// The audit trail on PostgreSQL: run by scripts/test-postgres.mjs (part of `npm test`), which starts a throwaway cluster,
// generates the PostgreSQL client into ../generated-pg and sets SNIPPET_LAB_TEST_POSTGRES_URL. Skipped otherwise.
// The same data-access functions write their audit rows in the change's transaction (serializable for accounts), and
// the triggers of prisma/migrations-postgresql refuse UPDATE, DELETE and TRUNCATE of audit rows.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateUser } from "../../auth/update-user";
import { adjudicatePair } from "../annotations/adjudicate-pair";
import type { Db } from "../client";
import { createPair } from "../create-pair";
import { migrateDatabase } from "../migrate";
import { listGoldAuditEvents } from "./list-gold-audit-events";

const url = process.env.SNIPPET_LAB_TEST_POSTGRES_URL;

type Delegate = {
  count(a?: unknown): Promise<number>;
  update(a: unknown): Promise<unknown>;
  updateMany(a: unknown): Promise<unknown>;
  delete(a: unknown): Promise<unknown>;
  deleteMany(a?: unknown): Promise<unknown>;
  findMany(a?: unknown): Promise<{ id: string; kind: string; actorId: string | null }[]>;
};
type PgPrisma = {
  $disconnect(): Promise<void>;
  $executeRawUnsafe(sql: string): Promise<number>;
  user: { create(a: unknown): Promise<{ id: string }> };
  goldAuditEvent: Delegate;
  accountAuditEvent: Delegate;
};

/** The error's message with the database's own (the adapter keeps it in meta.driverAdapterError.cause). */
function errorText(e: unknown): string {
  const meta = (e as { meta?: { driverAdapterError?: { cause?: { originalMessage?: string } } } } | null)?.meta;
  return `${(e as Error | null)?.message ?? String(e)} ${meta?.driverAdapterError?.cause?.originalMessage ?? ""}`;
}

describe.skipIf(!url)("audit trail on PostgreSQL", () => {
  let db: PgPrisma;
  const asDb = () => db as unknown as Db;
  const savedDatabaseUrl = process.env.DATABASE_URL;

  beforeAll(async () => {
    process.env.DATABASE_URL = url;
    await migrateDatabase({ url: url!, migrationsDir: path.resolve(import.meta.dirname, "../../../../prisma/migrations-postgresql") });
    const generated = "../generated-pg/client";
    const { PrismaClient } = (await import(/* @vite-ignore */ generated)) as { PrismaClient: new (o: unknown) => PgPrisma };
    const { PrismaPg } = await import("@prisma/adapter-pg");
    db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url! }) });
  });
  afterAll(async () => {
    if (savedDatabaseUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = savedDatabaseUrl;
    await db?.$disconnect();
  });

  it("writes one gold row per adjudication and account rows per changed aspect; refuses UPDATE, DELETE and TRUNCATE", async () => {
    const reviewer = await db.user.create({ data: { email: "audit-rev@pg.test", name: "rev", role: "reviewer", passwordHash: "x" } });
    const admin = await db.user.create({ data: { email: "audit-admin@pg.test", name: "admin", role: "admin", passwordHash: "x" } });
    const text = "Boil the eggs for nine minutes. Cool them in cold water.";
    const pair = await createPair({ db: asDb(), dataset: "pg-audit", query: "eggs", documents: [{ text }] });
    const span = { documentId: pair.documentIds[0]!, start: 0, end: 31, text: "Boil the eggs for nine minutes.", category: "vital" as const };
    await adjudicatePair({ db: asDb(), pairId: pair.id, reviewerId: reviewer.id, spans: [span] });
    await adjudicatePair({ db: asDb(), pairId: pair.id, reviewerId: reviewer.id, spans: [], noVital: true });
    const history = await listGoldAuditEvents({ db: asDb(), pairIds: [pair.id], order: "oldest" });
    expect(history.map((h) => [h.kind, h.actor?.email, h.before.spans.length, h.after.spans.length, h.after.noVital])).toEqual([
      ["adjudicate", "audit-rev@pg.test", 0, 1, false],
      ["no_vital", "audit-rev@pg.test", 1, 0, true],
    ]);

    // The serializable transaction of a user change carries its audit rows.
    await updateUser({ db: asDb(), userId: reviewer.id, role: "researcher", name: "Rita", actorId: admin.id });
    const accountRows = await db.accountAuditEvent.findMany({ where: { userId: reviewer.id }, orderBy: { createdAt: "asc" } });
    expect(accountRows.map((r) => [r.kind, r.actorId])).toEqual([
      ["role", admin.id],
      ["rename", admin.id],
    ]);

    const goldCount = await db.goldAuditEvent.count();
    const accountCount = await db.accountAuditEvent.count();
    const attempts: [string, () => Promise<unknown>][] = [
      ["gold update", () => db.goldAuditEvent.updateMany({ data: { kind: "seed" } })],
      ["gold delete", () => db.goldAuditEvent.deleteMany({})],
      ["gold truncate", () => db.$executeRawUnsafe(`TRUNCATE "GoldAuditEvent"`)],
      ["account update", () => db.accountAuditEvent.updateMany({ data: { actorId: null } })],
      ["account delete", () => db.accountAuditEvent.deleteMany({})],
      ["account raw delete", () => db.$executeRawUnsafe(`DELETE FROM "AccountAuditEvent"`)],
      ["account truncate", () => db.$executeRawUnsafe(`TRUNCATE "AccountAuditEvent"`)],
    ];
    for (const [name, attempt] of attempts) {
      const err = await attempt().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, name).not.toBeNull();
      expect(errorText(err), name).toMatch(/is append-only: audit rows cannot be changed/);
    }
    expect(await db.goldAuditEvent.count()).toBe(goldCount);
    expect(await db.accountAuditEvent.count()).toBe(accountCount);
  });
});
