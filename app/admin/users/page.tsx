import type { Metadata } from "next";
import { CreateUserForm } from "@/components/auth/create-user-form";
import { UserRowActions } from "@/components/auth/user-row-actions";
import { listUsers } from "@/lib/server/auth/list-users";
import { requireUser } from "@/lib/server/auth/require-user";

export const metadata: Metadata = { title: "Users · Snippet Lab" };
export const dynamic = "force-dynamic";

const fmt = (d: Date | null) => (d ? d.toISOString().slice(0, 16).replace("T", " ") : "—");

export default async function UsersPage() {
  const me = await requireUser({ permission: "user:manage", next: "/admin/users" });
  const users = await listUsers();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Users</h1>
        <p className="text-sm text-slate-600">
          Accounts and roles. Users are disabled, never deleted, so their work keeps its author; disabling signs them out
          at once. The last active admin can be neither demoted nor disabled. Lost admin access on the server:{" "}
          <code>npx snippet-lab users reset-password EMAIL</code>.
        </p>
      </div>

      <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 className="mb-3 text-sm font-semibold text-slate-900">Create a user</h2>
        <CreateUserForm />
      </section>

      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
        <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="users-table">
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th className="px-3 py-2">Email</th>
              <th className="px-3 py-2">Name</th>
              <th className="px-3 py-2">Role</th>
              <th className="px-3 py-2">Status</th>
              <th className="px-3 py-2">Last seen (UTC)</th>
              <th className="px-3 py-2">Created (UTC)</th>
              <th className="px-3 py-2">Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.map((u) => (
              <tr key={u.id} data-testid="users-row" data-email={u.email}>
                <td className="px-3 py-2 font-medium text-slate-900">
                  {u.email}
                  {u.id === me.id && <span className="ml-2 text-xs text-slate-500">(you)</span>}
                </td>
                <td className="px-3 py-2">{u.name}</td>
                <td className="px-3 py-2">
                  <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{u.role}</span>
                </td>
                <td className="px-3 py-2">
                  {u.disabledAt ? <span className="text-red-700">disabled</span> : <span className="text-green-700">active</span>}
                </td>
                <td className="px-3 py-2 tabular-nums text-slate-600">{fmt(u.lastSeenAt)}</td>
                <td className="px-3 py-2 tabular-nums text-slate-600">{fmt(u.createdAt)}</td>
                <td className="px-3 py-2">
                  <UserRowActions user={{ id: u.id, email: u.email, role: u.role, disabled: u.disabledAt !== null }} isSelf={u.id === me.id} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
