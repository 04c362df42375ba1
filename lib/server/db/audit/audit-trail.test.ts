// Issue 63 item 5: every change to a pair's gold and to an account writes exactly one audit row per change (per aspect
// for accounts), with its actor and its before and after, in the transaction of the change; audit rows can be neither
// updated nor deleted, whoever tries (database triggers), and outlive the pair and dataset they are about.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_GOLD } from "@/lib/demo/demo-gold";
import { createUser as createAccount } from "../../auth/create-user";
import { resetPassword } from "../../auth/reset-password";
import { updateUser } from "../../auth/update-user";
import { adjudicatePair } from "../annotations/adjudicate-pair";
import { applyGoldRepairs, planGoldRepairs } from "../annotations/repair-gold-spans";
import { saveAnnotationSpans } from "../annotations/save-annotation-spans";
import { submitAnnotation } from "../annotations/submit-annotation";
import { createTestDb, createTestPair, createUser, expectAppError, spanOf, type TestDb } from "../annotations/test-fixtures";
import { writeImportedPairs, type ImportPairPlan } from "../datasets/write-imported-pairs";
import { ensureAdmin } from "../ensure-admin";
import type { PrismaClient } from "../generated/client";
import { seedDemoData } from "../seed-demo-data";
import { listAccountAuditEvents } from "./list-account-audit-events";
import { listGoldAuditEvents } from "./list-gold-audit-events";
import { listPairGoldHistory } from "./list-pair-gold-history";

let t: TestDb;
let db: PrismaClient;
let ann: string;
let rev: string;
let rev2: string;

beforeAll(async () => {
  t = await createTestDb("snippet-lab-audit-");
  db = t.db;
  ann = await createUser(db, "ann");
  rev = await createUser(db, "rev", "reviewer");
  rev2 = await createUser(db, "rev2", "reviewer");
});
afterAll(async () => t?.cleanup());

const goldRows = (pairId: string) => db.goldAuditEvent.findMany({ where: { pairId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
const placement = (s: { documentId: string; start: number; end: number; text: string; category: string }) => [
  s.documentId,
  s.start,
  s.end,
  s.text,
  s.category,
];

/**
 * An error's message with the database's own: the SQLite adapter reports a trigger's RAISE(ABORT) as a foreign key
 * violation (P2003) and keeps the trigger's text in `meta.driverAdapterError.cause.originalMessage`.
 */
function errorText(e: unknown): string {
  const meta = (e as { meta?: { driverAdapterError?: { cause?: { originalMessage?: string } } } } | null)?.meta;
  return `${(e as Error | null)?.message ?? String(e)} ${meta?.driverAdapterError?.cause?.originalMessage ?? ""}`;
}

/** Settles `p`, which must reject; returns the rejection's text (errorText). */
async function rejection(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, "expected a rejection").not.toBeNull();
  return errorText(err);
}

/** Makes every insert into `table` fail until the returned function is called: shows a change and its audit row share a transaction. */
async function failInserts(table: "GoldAuditEvent" | "AccountAuditEvent"): Promise<() => Promise<void>> {
  await db.$executeRawUnsafe(`CREATE TRIGGER "test_fail_${table}" BEFORE INSERT ON "${table}" BEGIN SELECT RAISE(ABORT, 'audit insert failed'); END`);
  return async () => {
    await db.$executeRawUnsafe(`DROP TRIGGER "test_fail_${table}"`);
  };
}

describe("gold audit: adjudication and the no-vital decision", () => {
  it("writes exactly one row per adjudication, by the reviewer, with the gold before and after", async () => {
    const pair = await createTestPair(db, { dataset: "audit-adjudicate" });
    const boil = spanOf(pair, 0, "Boil the eggs for nine minutes.", "vital");
    const ads = spanOf(pair, 0, "Subscribe to our newsletter!", "ads");
    const first = await adjudicatePair({ db, pairId: pair.pairId, reviewerId: rev, spans: [boil, ads], baseVersion: 0 });

    let rows = await goldRows(pair.pairId);
    expect(rows).toHaveLength(1);
    const datasetId = (await db.pair.findUniqueOrThrow({ where: { id: pair.pairId } })).datasetId;
    expect(rows[0]).toMatchObject({ actorId: rev, kind: "adjudicate", datasetId });
    expect(JSON.parse(rows[0]!.beforeJson)).toEqual({ noVital: false, spans: [] });
    const after1 = JSON.parse(rows[0]!.afterJson) as { noVital: boolean; spans: { id: string }[] };
    expect(after1.noVital).toBe(false);
    // The snapshot is the stored gold: the same ids and placements the adjudication returned.
    expect(after1.spans.map((s) => s.id).sort()).toEqual(first.spans.map((s) => s.id).sort());
    expect((after1.spans as unknown as Parameters<typeof placement>[0][]).map(placement).sort()).toEqual([boil, ads].map(placement).sort());
    // The time is the adjudication's own (Pair.adjudicatedAt).
    const stored = await db.pair.findUniqueOrThrow({ where: { id: pair.pairId } });
    expect(rows[0]!.createdAt.getTime()).toBe(stored.adjudicatedAt!.getTime());

    // A second reviewer drops the ad: the next row's before is the first row's after.
    const keep = first.spans.find((s) => s.category === "vital")!;
    await adjudicatePair({ db, pairId: pair.pairId, reviewerId: rev2, spans: [keep], baseVersion: first.version });
    rows = await goldRows(pair.pairId);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ actorId: rev2, kind: "adjudicate" });
    expect(JSON.parse(rows[1]!.beforeJson)).toEqual(after1);
    expect((JSON.parse(rows[1]!.afterJson) as { spans: { id: string }[] }).spans.map((s) => s.id)).toEqual([keep.id]);

    // The history lists what each change did, newest first, with the actor's email.
    const history = await listPairGoldHistory({ db, pairId: pair.pairId });
    expect(history.map((h) => [h.kind, h.actor?.email, h.added.length, h.removed.map((s) => s.text), h.noVitalChange])).toEqual([
      ["adjudicate", "rev2@example.com", 0, ["Subscribe to our newsletter!"], null],
      ["adjudicate", "rev@example.com", 2, [], null],
    ]);
  });

  it("records the decision 'nothing here is vital' as no_vital, and its reversal", async () => {
    const pair = await createTestPair(db, { dataset: "audit-no-vital" });
    const vital = spanOf(pair, 1, "Soft-boiled eggs take about six minutes.", "vital");
    const ads = spanOf(pair, 0, "Subscribe to our newsletter!", "ads");
    const a = await adjudicatePair({ db, pairId: pair.pairId, reviewerId: rev, spans: [vital, ads] });
    const b = await adjudicatePair({ db, pairId: pair.pairId, reviewerId: rev, spans: [ads], noVital: true, baseVersion: a.version });
    await adjudicatePair({ db, pairId: pair.pairId, reviewerId: rev, spans: [vital], baseVersion: b.version });

    const history = await listPairGoldHistory({ db, pairId: pair.pairId });
    expect(history.map((h) => [h.kind, h.before.noVital, h.after.noVital, h.noVitalChange])).toEqual([
      ["adjudicate", true, false, { before: true, after: false }],
      ["no_vital", false, true, { before: false, after: true }],
      ["adjudicate", false, false, null],
    ]);
    expect(history[1]!.removed.map((s) => s.text)).toEqual(["Soft-boiled eggs take about six minutes."]);
    expect(history[1]!.after.spans.map((s) => s.category)).toEqual(["ads"]);
  });

  it("a saved gold that changed nothing is still one row (the reviewer confirmed it), with before equal to after", async () => {
    const pair = await createTestPair(db, { dataset: "audit-confirm" });
    const span = spanOf(pair, 0, "Boil the eggs for nine minutes.", "vital");
    const a = await adjudicatePair({ db, pairId: pair.pairId, reviewerId: rev, spans: [span] });
    await adjudicatePair({ db, pairId: pair.pairId, reviewerId: rev2, spans: a.spans, baseVersion: a.version });
    const rows = await goldRows(pair.pairId);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.beforeJson).toBe(rows[1]!.afterJson);
  });

  it("a refused adjudication writes no row: four eyes, a stale version, overlapping spans, a vital span with noVital", async () => {
    const pair = await createTestPair(db, { dataset: "audit-refused" });
    const span = spanOf(pair, 0, "Boil the eggs for nine minutes.", "vital");
    // The reviewer's own annotation is the only one.
    await saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: rev, baseVersion: 0, spans: [span] });
    await submitAnnotation({ db, pairId: pair.pairId, annotatorId: rev });
    await expectAppError(adjudicatePair({ db, pairId: pair.pairId, reviewerId: rev, spans: [span] }), "FORBIDDEN");
    await expectAppError(adjudicatePair({ db, pairId: pair.pairId, reviewerId: rev2, spans: [span], baseVersion: 0 }), "CONFLICT");
    const nested = spanOf(pair, 0, "the eggs", "vital");
    await expectAppError(adjudicatePair({ db, pairId: pair.pairId, reviewerId: rev2, spans: [span, nested] }), "UNPROCESSABLE");
    await expectAppError(adjudicatePair({ db, pairId: pair.pairId, reviewerId: rev2, spans: [span], noVital: true }), "UNPROCESSABLE");
    // An annotator may not adjudicate at all.
    await expectAppError(adjudicatePair({ db, pairId: pair.pairId, reviewerId: ann, spans: [span] }), "FORBIDDEN");
    expect(await goldRows(pair.pairId)).toEqual([]);
  });

  it("the row is written in the adjudication's transaction: when it cannot be written, the gold does not change", async () => {
    const pair = await createTestPair(db, { dataset: "audit-atomic" });
    const restore = await failInserts("GoldAuditEvent");
    try {
      const err = await rejection(adjudicatePair({ db, pairId: pair.pairId, reviewerId: rev, spans: [spanOf(pair, 0, "Boil the eggs", "vital")] }));
      expect(err).toContain("audit insert failed");
    } finally {
      await restore();
    }
    const after = await db.pair.findUniqueOrThrow({ where: { id: pair.pairId } });
    expect(after).toMatchObject({ version: 0, adjudicatedAt: null, status: "unlabeled", goldNoVital: false });
    expect(await db.span.count({ where: { pairId: pair.pairId } })).toBe(0);
    expect(await db.spanEvent.count({ where: { span: { pairId: pair.pairId } } })).toBe(0);
    expect(await goldRows(pair.pairId)).toEqual([]);
  });
});

describe("gold audit: import, repair, demo seed", () => {
  const text = "Boil the eggs for nine minutes. Cool them in cold water. Subscribe to our newsletter!";
  const doc = { text, blocks: [{ start: 0, end: text.length, kind: "paragraph" as const, role: "main" as const }] };
  const at = (needle: string, category: "vital" | "ads" = "vital") => {
    const start = text.indexOf(needle);
    return { documentIndex: 0, start, end: start + needle.length, text: needle, category };
  };
  const plans = (prefix: string): ImportPairPlan[] => [
    {
      externalId: `${prefix}-gold`,
      query: "eggs",
      documents: [doc],
      gold: [at("Boil the eggs for nine minutes."), at("Subscribe to our newsletter!", "ads")],
      suggestions: [],
    },
    { externalId: `${prefix}-none`, query: "unanswerable", documents: [doc], gold: [], goldNoVital: true, suggestions: [] },
    { externalId: `${prefix}-plain`, query: "no gold", documents: [doc], gold: [], suggestions: [] },
  ];

  it("an import writes one row per pair that arrives with gold, by the importer; a re-import writes none", async () => {
    const ds = await db.dataset.create({ data: { name: "audit-import" } });
    await writeImportedPairs({ db, datasetId: ds.id, pairs: plans("a"), actorId: rev });
    const pairs = await db.pair.findMany({ where: { datasetId: ds.id }, select: { id: true, externalId: true } });
    const idOf = (ext: string) => pairs.find((p) => p.externalId === ext)!.id;
    const rows = await db.goldAuditEvent.findMany({ where: { datasetId: ds.id } });
    expect(rows.map((r) => r.pairId).sort()).toEqual([idOf("a-gold"), idOf("a-none")].sort());
    for (const r of rows) {
      expect(r).toMatchObject({ kind: "import", actorId: rev });
      expect(JSON.parse(r.beforeJson)).toEqual({ noVital: false, spans: [] });
    }
    const gold = rows.find((r) => r.pairId === idOf("a-gold"))!;
    const stored = await db.span.findMany({ where: { pairId: idOf("a-gold"), source: "gold" }, orderBy: { start: "asc" } });
    const after = JSON.parse(gold.afterJson) as { noVital: boolean; spans: { id: string; start: number; text: string; exact: boolean }[] };
    expect(after.noVital).toBe(false);
    expect(after.spans.map((s) => [s.id, s.start, s.text, s.exact])).toEqual(stored.map((s) => [s.id, s.start, s.text, false]));
    expect(JSON.parse(rows.find((r) => r.pairId === idOf("a-none"))!.afterJson)).toEqual({ noVital: true, spans: [] });

    // Idempotent re-import: nothing written, no row.
    await writeImportedPairs({ db, datasetId: ds.id, pairs: plans("a") });
    expect(await db.goldAuditEvent.count({ where: { datasetId: ds.id } })).toBe(2);
    // Without an actor: the system.
    await writeImportedPairs({ db, datasetId: ds.id, pairs: plans("b").slice(0, 1) });
    expect(
      await db.goldAuditEvent.findFirst({ where: { pairId: (await db.pair.findFirstOrThrow({ where: { externalId: "b-gold" } })).id } }),
    ).toMatchObject({
      actorId: null,
    });
  });

  it("an import whose audit rows cannot be written imports nothing (one transaction)", async () => {
    const ds = await db.dataset.create({ data: { name: "audit-import-atomic" } });
    const restore = await failInserts("GoldAuditEvent");
    try {
      expect(await rejection(writeImportedPairs({ db, datasetId: ds.id, pairs: plans("c") }))).toContain("audit insert failed");
    } finally {
      await restore();
    }
    expect(await db.pair.count({ where: { datasetId: ds.id } })).toBe(0);
    expect(await db.span.count({ where: { pair: { datasetId: ds.id } } })).toBe(0);
  });

  it("a repair writes one row per repaired pair, by the system, with the gold before and after", async () => {
    const pair = await createTestPair(db, { dataset: "audit-repair", documents: [text] });
    const datasetId = (await db.pair.findUniqueOrThrow({ where: { id: pair.pairId } })).datasetId;
    // Stored gold that breaks the invariants (written before they held): two nested vital spans.
    for (const needle of ["Boil the eggs for nine minutes.", "the eggs"]) {
      const s = spanOf(pair, 0, needle, "vital");
      await db.span.create({
        data: { pairId: pair.pairId, documentId: s.documentId, start: s.start, end: s.end, text: s.text, category: "vital", source: "gold" },
      });
    }
    const plan = await planGoldRepairs({ db, datasetId });
    expect(plan).toHaveLength(1);
    expect(await applyGoldRepairs({ db, repairs: plan })).toMatchObject({ repaired: 1, skipped: [] });
    const rows = await goldRows(pair.pairId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "repair", actorId: null, datasetId });
    const before = JSON.parse(rows[0]!.beforeJson) as { spans: { text: string }[] };
    const after = JSON.parse(rows[0]!.afterJson) as { spans: { text: string }[] };
    expect(before.spans.map((s) => s.text).sort()).toEqual(["Boil the eggs for nine minutes.", "the eggs"]);
    expect(after.spans.map((s) => s.text)).toEqual(["Boil the eggs for nine minutes."]);
    // The same plan again is skipped (the version moved): no second row.
    expect((await applyGoldRepairs({ db, repairs: plan })).repaired).toBe(0);
    expect(await goldRows(pair.pairId)).toHaveLength(1);
  });

  it("the demo seed writes one row per seeded pair, by the system; seeding again writes none", async () => {
    const seeded = await seedDemoData({ db });
    expect(seeded.goldSpans).toBeGreaterThan(0);
    const ds = await db.dataset.findUniqueOrThrow({ where: { name: "demo" } });
    const rows = await db.goldAuditEvent.findMany({ where: { datasetId: ds.id } });
    const withGold = await db.pair.count({ where: { datasetId: ds.id, spans: { some: { source: "gold" } } } });
    expect(withGold).toBeGreaterThan(0);
    expect(withGold).toBeLessThanOrEqual(Object.keys(DEMO_GOLD).length);
    expect(rows).toHaveLength(withGold);
    for (const r of rows) {
      expect(r).toMatchObject({ kind: "seed", actorId: null });
      expect(JSON.parse(r.beforeJson)).toEqual({ noVital: false, spans: [] });
      const spans = await db.span.count({ where: { pairId: r.pairId, source: "gold", deletedAt: null } });
      expect((JSON.parse(r.afterJson) as { spans: unknown[] }).spans).toHaveLength(spans);
    }
    await seedDemoData({ db });
    expect(await db.goldAuditEvent.count({ where: { datasetId: ds.id } })).toBe(rows.length);
  });
});

describe("account audit", () => {
  it("creation, role, disable, enable, rename and a reset: one row per changed aspect, by the admin, never a password", async () => {
    const admin = await createUser(db, "root", "admin");
    const u = await createAccount({ db, email: "new@example.com", name: "New", password: "a long password", role: "annotator", actorId: admin });
    const rows = () => db.accountAuditEvent.findMany({ where: { userId: u.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    expect(await rows()).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ kind: "create", actorId: admin, beforeJson: null });
    expect(JSON.parse((await rows())[0]!.afterJson!)).toEqual({ email: "new@example.com", name: "New", role: "annotator" });

    await updateUser({ db, userId: u.id, role: "reviewer", name: "Newer", actorId: admin });
    await updateUser({ db, userId: u.id, role: "reviewer", actorId: admin }); // no change: no row
    await updateUser({ db, userId: u.id, disabled: true, actorId: admin });
    await updateUser({ db, userId: u.id, disabled: false }); // the CLI: the system
    const reset = await resetPassword({ db, userId: u.id, actorId: admin });
    await resetPassword({ db, userId: u.id, password: "another long password" });

    const all = await rows();
    expect(all.map((r) => [r.kind, r.actorId, r.beforeJson && JSON.parse(r.beforeJson), r.afterJson && JSON.parse(r.afterJson)])).toEqual([
      ["create", admin, null, { email: "new@example.com", name: "New", role: "annotator" }],
      ["role", admin, { role: "annotator" }, { role: "reviewer" }],
      ["rename", admin, { name: "New" }, { name: "Newer" }],
      ["disable", admin, { disabled: false }, { disabled: true }],
      ["enable", null, { disabled: true }, { disabled: false }],
      ["password_reset", admin, null, { generated: true, sessionsEnded: 0 }],
      ["password_reset", null, null, { generated: false, sessionsEnded: 0 }],
    ]);
    // Neither the password nor its hash is anywhere in the audit.
    const hash = (await db.user.findUniqueOrThrow({ where: { id: u.id } })).passwordHash;
    const text = JSON.stringify(await db.accountAuditEvent.findMany());
    for (const secret of [hash, reset.generatedPassword!, "another long password", "a long password", "scrypt$"]) expect(text).not.toContain(secret);

    const listed = await listAccountAuditEvents({ db, userId: u.id });
    expect(listed[0]).toMatchObject({ kind: "password_reset", actor: null, user: { email: "new@example.com" } });
    expect(listed.at(-1)).toMatchObject({ kind: "create", actor: { email: "root@example.com" } });
  });

  it("a refused change writes no row, and a change whose row cannot be written does not happen", async () => {
    const admin = await createUser(db, "only-admin-check", "admin");
    const before = await db.accountAuditEvent.count();
    // Duplicate email: CONFLICT.
    await expectAppError(
      createAccount({ db, email: "new@example.com", name: "Dup", password: "a long password", role: "annotator", actorId: admin }),
      "CONFLICT",
    );
    await expectAppError(updateUser({ db, userId: "nope", role: "admin", actorId: admin }), "NOT_FOUND");
    await expectAppError(resetPassword({ db, userId: "nope", actorId: admin }), "NOT_FOUND");
    expect(await db.accountAuditEvent.count()).toBe(before);

    const target = await createUser(db, "atomic", "annotator");
    const restore = await failInserts("AccountAuditEvent");
    try {
      expect(await rejection(updateUser({ db, userId: target, role: "admin", actorId: admin }))).toContain("audit insert failed");
      expect(await rejection(resetPassword({ db, userId: target, password: "never stored pw", actorId: admin }))).toContain("audit insert failed");
      const ghost = { email: "ghost@example.com", name: "Ghost", password: "a long password", role: "admin" as const, actorId: admin };
      expect(await rejection(createAccount({ db, ...ghost }))).toContain("audit insert failed");
    } finally {
      await restore();
    }
    expect(await db.user.findUniqueOrThrow({ where: { id: target } })).toMatchObject({ role: "annotator", passwordHash: "x" });
    expect(await db.user.findUnique({ where: { email: "ghost@example.com" } })).toBeNull();
  });

  it("the first start's admin is created by the system", async () => {
    const other = await createTestDb("snippet-lab-audit-admin-");
    try {
      const made = await ensureAdmin({ db: other.db, email: "first@example.com", password: "first admin password", log: () => {} });
      expect(made.created).toBe(true);
      const rows = await other.db.accountAuditEvent.findMany();
      expect(rows.map((r) => [r.kind, r.actorId, JSON.parse(r.afterJson!)])).toEqual([
        ["create", null, { email: "first@example.com", name: "Admin", role: "admin" }],
      ]);
    } finally {
      await other.cleanup();
    }
  });
});

describe("append-only", () => {
  it("Prisma cannot update or delete gold or account audit rows (the triggers refuse), nor raw SQL", async () => {
    const pair = await createTestPair(db, { dataset: "audit-append-only" });
    await adjudicatePair({ db, pairId: pair.pairId, reviewerId: rev, spans: [spanOf(pair, 0, "Boil the eggs", "vital")] });
    const row = (await goldRows(pair.pairId))[0]!;
    const account = await db.accountAuditEvent.findFirstOrThrow();
    const gold = db.goldAuditEvent;
    const acc = db.accountAuditEvent;
    const attempts: [string, () => Promise<unknown>][] = [
      ["gold update", () => gold.update({ where: { id: row.id }, data: { afterJson: "{}" } })],
      ["gold updateMany", () => gold.updateMany({ data: { actorId: null } })],
      ["gold delete", () => gold.delete({ where: { id: row.id } })],
      ["gold deleteMany", () => gold.deleteMany({})],
      ["gold raw update", () => db.$executeRawUnsafe(`UPDATE "GoldAuditEvent" SET "kind" = 'seed'`)],
      ["gold raw delete", () => db.$executeRawUnsafe(`DELETE FROM "GoldAuditEvent"`)],
      ["account update", () => acc.update({ where: { id: account.id }, data: { kind: "create" } })],
      ["account updateMany", () => acc.updateMany({ data: { actorId: null } })],
      ["account delete", () => acc.delete({ where: { id: account.id } })],
      ["account deleteMany", () => acc.deleteMany({})],
      ["account raw delete", () => db.$executeRawUnsafe(`DELETE FROM "AccountAuditEvent"`)],
    ];
    const goldCount = await gold.count();
    const accountCount = await acc.count();
    for (const [name, attempt] of attempts)
      expect(await rejection(attempt()), name).toMatch(/is append-only: audit rows cannot be (updated|deleted)/);
    expect(await gold.count()).toBe(goldCount);
    expect(await acc.count()).toBe(accountCount);
    expect(await gold.findUniqueOrThrow({ where: { id: row.id } })).toEqual(row);
    expect(await acc.findUniqueOrThrow({ where: { id: account.id } })).toEqual(account);
  });

  it("deleting a pair or a whole dataset (cascades) keeps their audit rows", async () => {
    const pair = await createTestPair(db, { dataset: "audit-delete" });
    const other = await createTestPair(db, { dataset: "audit-delete" });
    await adjudicatePair({ db, pairId: pair.pairId, reviewerId: rev, spans: [spanOf(pair, 0, "Boil the eggs", "vital")] });
    await adjudicatePair({ db, pairId: other.pairId, reviewerId: rev, spans: [spanOf(other, 0, "Boil the eggs", "vital")] });
    const datasetId = (await db.pair.findUniqueOrThrow({ where: { id: pair.pairId } })).datasetId;

    await db.pair.delete({ where: { id: pair.pairId } });
    expect(await db.span.count({ where: { pairId: pair.pairId } })).toBe(0);
    await expectAppError(listPairGoldHistory({ db, pairId: pair.pairId }), "NOT_FOUND");
    expect(await listGoldAuditEvents({ db, pairIds: [pair.pairId] })).toHaveLength(1);

    await db.dataset.delete({ where: { id: datasetId } });
    expect(await db.pair.count({ where: { datasetId } })).toBe(0);
    const kept = await db.goldAuditEvent.findMany({ where: { datasetId } });
    expect(kept.map((r) => r.pairId).sort()).toEqual([pair.pairId, other.pairId].sort());
  });
});
