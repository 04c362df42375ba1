import type { AccountAuditKind, AccountAuditState } from "../schemas/audit";
import type { Role } from "../schemas/enums";

/** The aspects of an account its audit follows (never the password: a reset is its own event). */
export type AccountAspects = { name: string; role: string; disabled: boolean };

export type AccountChange = { kind: AccountAuditKind; before: AccountAuditState; after: AccountAuditState };

/** One audit event per aspect that changed between two states of an account, in a fixed order; none when nothing did. */
export function accountAuditChanges(before: AccountAspects, after: AccountAspects): AccountChange[] {
  const out: AccountChange[] = [];
  if (before.role !== after.role) out.push({ kind: "role", before: { role: before.role as Role }, after: { role: after.role as Role } });
  if (before.disabled !== after.disabled)
    out.push({ kind: after.disabled ? "disable" : "enable", before: { disabled: before.disabled }, after: { disabled: after.disabled } });
  if (before.name !== after.name) out.push({ kind: "rename", before: { name: before.name }, after: { name: after.name } });
  return out;
}
