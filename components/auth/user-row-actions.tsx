"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ROLE_ORDER } from "@/lib/auth/policy";
import type { Role } from "@/lib/server/db/enums";

type Props = {
  user: { id: string; email: string; role: Role; disabled: boolean };
  isSelf: boolean;
};

type ErrorBody = { error?: { message?: string } } | null;

const button =
  "rounded-md border border-slate-300 px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50";

/**
 * One row's admin actions: role, disable/enable, password reset (PATCH /api/users/{id}, POST /api/users/{id}/password).
 * The server enforces the rules (the last active admin stays an active admin) and its message is shown here.
 */
export function UserRowActions({ user, isSelf }: Props) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [password, setPassword] = useState<string | null>(null);

  const call = async (url: string, method: string, body: unknown): Promise<unknown> => {
    setBusy(true);
    setError(null);
    setNotice(null);
    setPassword(null);
    try {
      const res = await fetch(url, { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      const json = (await res.json().catch(() => null)) as unknown;
      if (!res.ok) {
        setError((json as ErrorBody)?.error?.message ?? `The change failed (HTTP ${res.status}).`);
        return null;
      }
      router.refresh();
      return json;
    } catch {
      setError("Could not reach the server. Try again.");
      return null;
    } finally {
      setBusy(false);
    }
  };

  const setRole = async (role: Role) => {
    if (role === user.role) return;
    if (await call(`/api/users/${encodeURIComponent(user.id)}`, "PATCH", { role })) setNotice(`Role changed to ${role}.`);
  };
  const toggle = async () => {
    const disabling = !user.disabled;
    if (disabling && !window.confirm(`Disable ${user.email}? They are signed out at once and cannot sign in until enabled again.`)) return;
    const out = (await call(`/api/users/${encodeURIComponent(user.id)}`, "PATCH", { disabled: disabling })) as { sessionsEnded?: number } | null;
    if (out) setNotice(disabling ? `Disabled; ${out.sessionsEnded ?? 0} session(s) ended.` : "Enabled.");
  };
  const reset = async () => {
    if (!window.confirm(`Reset the password of ${user.email}? Their sessions end; the new password is shown once.`)) return;
    const out = (await call(`/api/users/${encodeURIComponent(user.id)}/password`, "POST", {})) as { generatedPassword?: string } | null;
    if (out?.generatedPassword) setPassword(out.generatedPassword);
  };

  return (
    <div className="space-y-1" data-testid="user-actions">
      <div className="flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor={`role-${user.id}`}>
          Role of {user.email}
        </label>
        <select
          id={`role-${user.id}`}
          value={user.role}
          disabled={busy}
          onChange={(e) => void setRole(e.target.value as Role)}
          className="rounded-md border border-slate-300 px-1.5 py-1 text-xs"
          data-testid="user-role-select"
        >
          {ROLE_ORDER.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        <button type="button" className={button} disabled={busy} onClick={() => void toggle()} data-testid="user-toggle-disabled">
          {user.disabled ? "Enable" : isSelf ? "Disable (me)" : "Disable"}
        </button>
        <button type="button" className={button} disabled={busy} onClick={() => void reset()} data-testid="user-reset-password">
          Reset password
        </button>
      </div>
      {error && (
        <p role="alert" className="text-xs text-red-700" data-testid="user-action-error">
          {error}
        </p>
      )}
      {notice && (
        <p role="status" className="text-xs text-green-700" data-testid="user-action-notice">
          {notice}
        </p>
      )}
      {password && (
        <p role="status" className="text-xs text-slate-800" data-testid="user-new-password">
          New password (shown once, share it with {user.email}): <code className="select-all rounded bg-slate-100 px-1">{password}</code>
        </p>
      )}
    </div>
  );
}
