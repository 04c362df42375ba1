"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/password-limits";
import { ROLE_ORDER, ROLE_PERMISSIONS } from "@/lib/auth/policy";
import type { Role } from "@/lib/server/db/enums";

const input =
  "w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/20";

/** Admin form: POST /api/users, then refresh the server-rendered list. */
export function CreateUserForm() {
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [role, setRole] = useState<Role>("annotator");
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setCreated(null);
    try {
      const res = await fetch("/api/users", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, name, password, role }),
      });
      const body = (await res.json().catch(() => null)) as
        | { user?: { email: string }; error?: { message?: string } }
        | null;
      if (!res.ok) {
        setError(body?.error?.message ?? `Could not create the user (HTTP ${res.status}).`);
      } else {
        setCreated(body?.user?.email ?? email);
        setEmail("");
        setName("");
        setPassword("");
        setRole("annotator");
        router.refresh();
      }
    } catch {
      setError("Could not reach the server. Try again.");
    }
    setBusy(false);
  };

  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" data-testid="create-user-form">
      <label className="space-y-1 text-sm">
        <span className="block font-medium text-slate-700">Email</span>
        <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} className={input} data-testid="create-user-email" />
      </label>
      <label className="space-y-1 text-sm">
        <span className="block font-medium text-slate-700">Name</span>
        <input required value={name} onChange={(e) => setName(e.target.value)} className={input} data-testid="create-user-name" />
      </label>
      <label className="space-y-1 text-sm">
        <span className="block font-medium text-slate-700">Password</span>
        <input
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          className={input}
          data-testid="create-user-password"
        />
        <span className="block text-xs text-slate-500">At least {PASSWORD_MIN_LENGTH} characters; share it with the user.</span>
      </label>
      <label className="space-y-1 text-sm">
        <span className="block font-medium text-slate-700">Role</span>
        <select value={role} onChange={(e) => setRole(e.target.value as Role)} className={input} data-testid="create-user-role">
          {ROLE_ORDER.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        <span className="block text-xs text-slate-500">{ROLE_PERMISSIONS[role].join(", ")}</span>
      </label>
      <div className="flex items-center gap-3 sm:col-span-2">
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-60"
          data-testid="create-user-submit"
        >
          {busy ? "Creating…" : "Create user"}
        </button>
        {error && (
          <p role="alert" className="text-sm text-red-700" data-testid="create-user-error">
            {error}
          </p>
        )}
        {created && (
          <p role="status" className="text-sm text-green-700" data-testid="create-user-created">
            Created {created}.
          </p>
        )}
      </div>
    </form>
  );
}
