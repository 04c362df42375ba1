import type { GoldSnapshot } from "../../schemas/audit";
import type { GoldAuditRecord } from "../formats/gold-jsonl-schema";

/** What an export needs of a stored gold change. */
export type GoldAuditLike = {
  kind: GoldAuditRecord["kind"];
  createdAt: Date;
  actor: { email: string } | null;
  before: GoldSnapshot;
  after: GoldSnapshot;
};

const forDocument = (snapshot: GoldSnapshot, documentId: string): GoldAuditRecord["before"] => ({
  noVital: snapshot.noVital,
  spans: snapshot.spans
    .filter((s) => s.documentId === documentId)
    .map(({ start, end, text, category, exact }) => ({ start, end, text, category, ...(exact ? { exact: true as const } : {}) })),
});

/**
 * A pair's gold history as one of its gold JSONL records carries it (`audit=1`): every change, oldest first, with the
 * spans of this record's document only (the record is one pair × document; the noVital decision is the pair's).
 */
export function goldAuditForRecord(entries: readonly GoldAuditLike[], documentId: string): GoldAuditRecord[] {
  return [...entries]
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((e) => ({
      at: e.createdAt.toISOString(),
      kind: e.kind,
      actor: e.actor?.email ?? null,
      before: forDocument(e.before, documentId),
      after: forDocument(e.after, documentId),
    }));
}
