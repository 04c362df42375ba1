// The audit trail's shapes (GoldAuditEvent, AccountAuditEvent): what a row's JSON holds and what the API returns.
// Client-safe (zod and types only): the data layer parses stored JSON with these, the review and admin pages render them.
import { z } from "zod";
import { zRole, zSpanCategory } from "./enums";
import { zId, zTimestamp } from "./ids";
import { userRefSchema } from "./users";

/**
 * What changed a pair's gold: a reviewer's adjudication (`adjudicate`), the same with the decision "nothing here is
 * vital" (`no_vital`), an import that brought gold (`import`), `check-spans --repair --apply` (`repair`), the demo seed
 * (`seed`).
 */
export const GOLD_AUDIT_KINDS = ["adjudicate", "no_vital", "import", "repair", "seed"] as const;
export type GoldAuditKind = (typeof GOLD_AUDIT_KINDS)[number];
export const zGoldAuditKind = z.enum(GOLD_AUDIT_KINDS);

/** One aspect of an account that changed (one row each: a PATCH of role and name writes two). */
export const ACCOUNT_AUDIT_KINDS = ["create", "role", "disable", "enable", "rename", "password_reset"] as const;
export type AccountAuditKind = (typeof ACCOUNT_AUDIT_KINDS)[number];
export const zAccountAuditKind = z.enum(ACCOUNT_AUDIT_KINDS);

/** A live gold span as an audit snapshot records it. */
export const goldAuditSpanSchema = z.object({
  id: z.string(),
  documentId: z.string(),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  text: z.string(),
  category: zSpanCategory,
  exact: z.boolean(),
});
export type GoldAuditSpan = z.infer<typeof goldAuditSpanSchema>;

/** A pair's whole gold at one moment: its live gold spans and its decision "nothing here is vital". */
export const goldSnapshotSchema = z.object({ noVital: z.boolean(), spans: z.array(goldAuditSpanSchema) });
export type GoldSnapshot = z.infer<typeof goldSnapshotSchema>;

/** Before/after of an account event (never a password or its hash). */
export const accountAuditStateSchema = z
  .object({
    email: z.string(),
    name: z.string(),
    role: zRole,
    disabled: z.boolean(),
    generated: z.boolean(),
    sessionsEnded: z.number().int().nonnegative(),
  })
  .partial();
export type AccountAuditState = z.infer<typeof accountAuditStateSchema>;

/** Who made a change; null: the system (an import, a repair, the CLI on the server). */
export type AuditActor = { id: string; email: string; name: string } | null;

/** One gold change as GET /api/v1/pairs/{id}/gold/history returns it (dates as ISO strings in JSON). */
export type GoldAuditEntry = {
  id: string;
  pairId: string;
  datasetId: string;
  kind: GoldAuditKind;
  actor: AuditActor;
  createdAt: Date;
  before: GoldSnapshot;
  after: GoldSnapshot;
};

/** What one gold change did (diffGoldSnapshots, lib/spans/audit). */
export type GoldSnapshotDiff = {
  /** Spans in `after` that `before` lacks (a moved edge or a new category reads as one removed and one added). */
  added: GoldAuditSpan[];
  /** Spans in `before` that `after` lacks. */
  removed: GoldAuditSpan[];
  /** The decision "nothing here is vital" when it changed; null when it stayed. */
  noVitalChange: { before: boolean; after: boolean } | null;
};

/** Who made a change as responses carry it; null: the system. */
const auditActorSchema = userRefSchema.nullable().describe("Who made the change; null: the system (an import, a repair, the CLI on the server).");

/** A gold change with what it did, as JSON (GET /api/v1/pairs/{id}/gold/history; the review page's history). */
export const goldHistoryItemSchema = z.strictObject({
  id: zId,
  pairId: zId,
  datasetId: zId,
  kind: zGoldAuditKind,
  actor: auditActorSchema,
  createdAt: zTimestamp,
  before: goldSnapshotSchema,
  after: goldSnapshotSchema,
  added: z.array(goldAuditSpanSchema).describe("Spans in `after` that `before` lacks (a moved edge reads as one removed and one added)."),
  removed: z.array(goldAuditSpanSchema).describe("Spans in `before` that `after` lacks."),
  noVitalChange: z
    .strictObject({ before: z.boolean(), after: z.boolean() })
    .nullable()
    .describe('The decision "nothing here is vital" when it changed; null when it stayed.'),
});
export type GoldHistoryItem = z.output<typeof goldHistoryItemSchema>;

/** GET /api/v1/pairs/{id}/gold/history: newest first. */
export const goldHistoryResponseSchema = z.strictObject({ events: z.array(goldHistoryItemSchema) });

/** One account change as GET /api/users/{id}/audit and /admin/users show it. */
export type AccountAuditEntry = {
  id: string;
  user: { id: string; email: string; name: string } | null;
  kind: AccountAuditKind;
  actor: AuditActor;
  createdAt: Date;
  before: AccountAuditState | null;
  after: AccountAuditState | null;
};

/** One account change as JSON. */
export const accountAuditItemSchema = z.strictObject({
  id: zId,
  user: userRefSchema.nullable().describe("The account; null once it is gone."),
  kind: zAccountAuditKind,
  actor: auditActorSchema,
  createdAt: zTimestamp,
  before: accountAuditStateSchema.nullable(),
  after: accountAuditStateSchema.nullable(),
});

/** GET /api/users/{id}/audit: newest first. */
export const userAuditResponseSchema = z.strictObject({ events: z.array(accountAuditItemSchema) });
