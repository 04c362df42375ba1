import type { AccountAuditEntry, AccountAuditKind, AccountAuditState } from "@/lib/schemas/audit";
import { Table, TableBody, TableHead, Td, Th } from "@/components/ui/table";

const KIND_LABEL: Record<AccountAuditKind, string> = {
  create: "created",
  role: "role changed",
  disable: "disabled",
  enable: "enabled",
  rename: "renamed",
  password_reset: "password reset",
};

const fmt = (d: Date) => d.toISOString().slice(0, 16).replace("T", " ");

/** What an event changed, in words (never a password: the audit holds none). */
function describe(e: Pick<AccountAuditEntry, "kind" | "before" | "after">): string {
  const b: AccountAuditState = e.before ?? {};
  const a: AccountAuditState = e.after ?? {};
  switch (e.kind) {
    case "create":
      return `as ${a.role ?? "?"}${a.name ? ` (${a.name})` : ""}`;
    case "role":
      return `${b.role ?? "?"} → ${a.role ?? "?"}`;
    case "rename":
      return `${b.name ?? "?"} → ${a.name ?? "?"}`;
    case "password_reset":
      return `${a.generated ? "generated" : "set"}; ${a.sessionsEnded ?? 0} session(s) ended`;
    default:
      return "";
  }
}

/**
 * The account history on /admin/users (AccountAuditEvent, append-only): the latest changes to any account, who made
 * them (the system: the CLI on the server or the first start) and what changed.
 */
export function AccountAuditList({ events }: { events: AccountAuditEntry[] }) {
  if (events.length === 0) return <p className="text-sm text-slate-500">No account changes recorded yet.</p>;
  return (
    <Table data-testid="account-audit">
      <TableHead>
        <Th>When (UTC)</Th>
        <Th>Account</Th>
        <Th>Change</Th>
        <Th>By</Th>
      </TableHead>
      <TableBody>
        {events.map((e) => (
          <tr key={e.id} data-testid="account-audit-row" data-kind={e.kind} data-email={e.user?.email ?? ""}>
            <Td className="tabular-nums text-slate-600">{fmt(e.createdAt)}</Td>
            <Td className="font-medium text-slate-900">{e.user?.email ?? "(unknown account)"}</Td>
            <Td>
              <span className="font-medium">{KIND_LABEL[e.kind]}</span> <span className="text-slate-600">{describe(e)}</span>
            </Td>
            <Td className="text-slate-600">{e.actor ? e.actor.email : "system"}</Td>
          </tr>
        ))}
      </TableBody>
    </Table>
  );
}
