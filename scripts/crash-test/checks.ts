// The crash test's checks after a restart (scripts/crash-test-run.ts): the database's own integrity check, the
// invariants every state of the app keeps, and what became of the gold saves and account changes a kill cut off.
import Database from "better-sqlite3";
import { verifyPassword } from "@/lib/server/auth/verify-password";
import { resolveDatabaseUrl } from "@/lib/server/db/database-url";
import { connectPg } from "@/lib/server/db/backup/postgres-tools";
import { checkPostgresIntegrity } from "@/lib/server/db/integrity/check-postgres-integrity";
import { checkSqliteIntegrity } from "@/lib/server/db/integrity/check-sqlite-integrity";
import { type CrashState, type UserState, GOLD_VARIANTS, goldInput, passwordOf } from "./fixture";
import { auditTableExists, count, datasetCounts, db } from "./runtime";

/** Invariants every state of the app keeps, whatever was cut off: each breach is a problem. */
export async function checkInvariants(state: CrashState): Promise<string[]> {
  const problems: string[] = [];
  const rules: [string, string][] = [
    ["pairs without a document", `SELECT COUNT(*) AS n FROM "Pair" p WHERE NOT EXISTS (SELECT 1 FROM "PairDocument" d WHERE d."pairId" = p."id")`],
    [
      "spans without their create event",
      `SELECT COUNT(*) AS n FROM "Span" s WHERE NOT EXISTS (SELECT 1 FROM "SpanEvent" e WHERE e."spanId" = s."id" AND e."action" = 'create')`,
    ],
    [
      "deleted spans without a delete event",
      `SELECT COUNT(*) AS n FROM "Span" s WHERE s."deletedAt" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "SpanEvent" e WHERE e."spanId" = s."id" AND e."action" = 'delete')`,
    ],
    [
      "live spans with a delete event",
      `SELECT COUNT(*) AS n FROM "Span" s WHERE s."deletedAt" IS NULL AND EXISTS (SELECT 1 FROM "SpanEvent" e WHERE e."spanId" = s."id" AND e."action" = 'delete')`,
    ],
    [
      "adjudicated pairs without gold (no span, not 'nothing vital')",
      `SELECT COUNT(*) AS n FROM "Pair" p WHERE p."adjudicatedAt" IS NOT NULL AND p."goldNoVital" = false AND NOT EXISTS (SELECT 1 FROM "Span" s WHERE s."pairId" = p."id" AND s."source" = 'gold' AND s."annotationId" IS NULL AND s."deletedAt" IS NULL)`,
    ],
    [
      "'nothing vital' gold holding a vital span",
      `SELECT COUNT(*) AS n FROM "Pair" p WHERE p."goldNoVital" = true AND EXISTS (SELECT 1 FROM "Span" s WHERE s."pairId" = p."id" AND s."source" = 'gold' AND s."annotationId" IS NULL AND s."deletedAt" IS NULL AND s."category" = 'vital')`,
    ],
    ["sessions of disabled users", `SELECT COUNT(*) AS n FROM "Session" s JOIN "User" u ON u."id" = s."userId" WHERE u."disabledAt" IS NOT NULL`],
    ["jobs not done after the restart", `SELECT COUNT(*) AS n FROM "Job" WHERE "state" <> 'done'`],
  ];
  for (const [what, sql] of rules) {
    const n = await count(sql);
    if (n > 0) problems.push(`${n} ${what}`);
  }
  // Every import all or nothing: 0 pairs or every pair, with every document, query, gold span and its event, and
  // (when the audit trail exists) every pair's "import as gold" audit row.
  const imports = await db.dataset.findMany({
    where: { name: { startsWith: "crash-" }, NOT: { name: { in: ["crash-gold", "crash-sweep"] } } },
    select: { id: true, name: true },
  });
  const goldAudit = await auditTableExists("GoldAuditEvent");
  for (const d of imports) {
    const c: Record<string, number> = { ...(await datasetCounts(d.id)) };
    if (goldAudit) c.goldAudit = await count(`SELECT COUNT(*) AS n FROM "GoldAuditEvent" WHERE "datasetId" = '${d.id}'`);
    const n = d.name.startsWith("crash-import-") ? state.importPairs : state.deletePairs;
    const whole = Object.values(c).every((v) => v === n);
    const empty = Object.values(c).every((v) => v === 0);
    if (!whole && !empty) problems.push(`dataset ${d.name} is half imported: ${JSON.stringify(c)} (expected 0 or ${n} of each)`);
  }
  return problems;
}

export async function integrity(): Promise<string[]> {
  const target = resolveDatabaseUrl();
  if (target.provider === "sqlite") {
    const sqlite = new Database(target.filename, { fileMustExist: true, timeout: 10_000 });
    try {
      return checkSqliteIntegrity(sqlite);
    } finally {
      sqlite.close();
    }
  }
  const client = await connectPg(target.url);
  try {
    return await checkPostgresIntegrity(client, { schemas: ["public", "pgboss"] });
  } finally {
    await client.end();
  }
}

const goldKey = (spans: { documentId: string; start: number; end: number; category: string }[]) =>
  spans
    .map((s) => `${s.documentId}:${s.start}:${s.end}:${s.category}`)
    .sort()
    .join("|");

export async function observeGold(state: CrashState, pairId: string): Promise<number | null | "other"> {
  const p = state.goldPairs.find((g) => g.id === pairId)!;
  const pair = await db.pair.findUniqueOrThrow({ where: { id: pairId }, select: { goldNoVital: true, adjudicatedAt: true } });
  const spans = await db.span.findMany({
    where: { pairId, source: "gold", annotationId: null, deletedAt: null },
    select: { documentId: true, start: true, end: true, category: true },
  });
  if (spans.length === 0 && !pair.goldNoVital && pair.adjudicatedAt === null) return null;
  const key = goldKey(spans);
  for (let v = 0; v < GOLD_VARIANTS.length; v++) {
    const input = goldInput(p, v);
    if (goldKey(input.spans) === key && input.noVital === pair.goldNoVital) return v;
  }
  return "other";
}

export async function observeUser(userId: string, candidates: UserState[]): Promise<UserState & { sessions: string[] }> {
  const row = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { role: true, disabledAt: true, passwordHash: true } });
  let password = "?";
  for (const tag of new Set(candidates.map((c) => c.password))) {
    if (await verifyPassword({ password: passwordOf(tag), passwordHash: row.passwordHash })) password = tag;
  }
  const sessions = (await db.session.findMany({ where: { userId }, select: { id: true } })).map((s) => s.id);
  return { role: row.role, disabled: row.disabledAt !== null, password, sessions };
}
