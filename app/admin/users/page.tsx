import type { Metadata } from "next";
import { CreateUserForm } from "@/components/auth/create-user-form";
import { UserRowActions } from "@/components/auth/user-row-actions";
import { AccountAuditList } from "@/components/admin/account-audit-list";
import { listUsers } from "@/lib/server/auth/list-users";
import { listAccountAuditEvents } from "@/lib/server/db/audit/list-account-audit-events";
import { requireUser } from "@/lib/server/auth/require-user";
import { Table, TableHead, TableBody, Th, Td } from "@/components/ui/table";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Users · Snippet Lab" };
export const dynamic = "force-dynamic";

const fmt = (d: Date | null) => (d ? d.toISOString().slice(0, 16).replace("T", " ") : "—");

export default async function UsersPage() {
  const me = await requireUser({ permission: "user:manage", next: "/admin/users" });
  const users = await listUsers();
  const history = await listAccountAuditEvents({ limit: 50 });
  return (
    <div className="space-y-6">
      <PageHeader
        title="Users"
        description={
          <>
            Accounts and roles. Users are disabled, never deleted, so their work keeps its author; disabling signs them out at once. The last active
            admin can be neither demoted nor disabled. Lost admin access on the server: <code>npx snippet-lab users reset-password EMAIL</code>.
          </>
        }
      />

      <Card>
        <h2 className="mb-3 text-sm font-semibold text-slate-900">Create a user</h2>
        <CreateUserForm />
      </Card>

      <Table data-testid="users-table">
        <TableHead>
          <Th>Email</Th>
          <Th>Name</Th>
          <Th>Role</Th>
          <Th>Status</Th>
          <Th>Last seen (UTC)</Th>
          <Th>Created (UTC)</Th>
          <Th>Actions</Th>
        </TableHead>
        <TableBody>
          {users.map((u) => (
            <tr key={u.id} data-testid="users-row" data-email={u.email}>
              <Td className="font-medium text-slate-900">
                {u.email}
                {u.id === me.id && <span className="ml-2 text-xs text-slate-500">(you)</span>}
              </Td>
              <Td>{u.name}</Td>
              <Td>
                <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{u.role}</span>
              </Td>
              <Td>{u.disabledAt ? <span className="text-red-700">disabled</span> : <span className="text-green-700">active</span>}</Td>
              <Td className="tabular-nums text-slate-600">{fmt(u.lastSeenAt)}</Td>
              <Td className="tabular-nums text-slate-600">{fmt(u.createdAt)}</Td>
              <Td>
                <UserRowActions user={{ id: u.id, email: u.email, role: u.role, disabled: u.disabledAt !== null }} isSelf={u.id === me.id} />
              </Td>
            </tr>
          ))}
        </TableBody>
      </Table>

      <section className="space-y-2">
        <h2 className="text-sm font-semibold text-slate-900">Account history</h2>
        <p className="text-xs text-slate-600">
          The latest 50 changes to accounts (one account&apos;s whole history: <code>GET /api/users/ID/audit</code>). Append-only: nobody can edit or
          delete it.
        </p>
        <AccountAuditList events={history} />
      </section>
    </div>
  );
}
