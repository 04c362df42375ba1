"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiFetch } from "@/lib/client/api-fetch";
import { ROLES, type Role } from "@/lib/schemas/enums";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";

type Props = {
  user: { id: string; email: string; role: Role; disabled: boolean };
  isSelf: boolean;
};

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

  const call = async <T,>(url: string, method: "PATCH" | "POST", body: unknown): Promise<T | null> => {
    setBusy(true);
    setError(null);
    setNotice(null);
    setPassword(null);
    const r = await apiFetch<T>(url, { method, json: body });
    setBusy(false);
    if (!r.ok) {
      setError(r.error.message);
      return null;
    }
    router.refresh();
    return r.data;
  };

  const setRole = async (role: Role) => {
    if (role === user.role) return;
    if (await call<object>(`/api/users/${encodeURIComponent(user.id)}`, "PATCH", { role })) setNotice(`Role changed to ${role}.`);
  };
  const toggle = async () => {
    const disabling = !user.disabled;
    if (disabling && !window.confirm(`Disable ${user.email}? They are signed out at once and cannot sign in until enabled again.`)) return;
    const out = await call<{ sessionsEnded?: number }>(`/api/users/${encodeURIComponent(user.id)}`, "PATCH", { disabled: disabling });
    if (out) setNotice(disabling ? `Disabled; ${out.sessionsEnded ?? 0} session(s) ended.` : "Enabled.");
  };
  const reset = async () => {
    if (!window.confirm(`Reset the password of ${user.email}? Their sessions end; the new password is shown once.`)) return;
    const out = await call<{ generatedPassword?: string }>(`/api/users/${encodeURIComponent(user.id)}/password`, "POST", {});
    if (out?.generatedPassword) setPassword(out.generatedPassword);
  };

  return (
    <div className="space-y-1" data-testid="user-actions">
      <div className="flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor={`role-${user.id}`}>
          Role of {user.email}
        </label>
        <Select
          size="sm"
          id={`role-${user.id}`}
          value={user.role}
          disabled={busy}
          onChange={(e) => void setRole(e.target.value as Role)}
          data-testid="user-role-select"
          options={ROLES.map((r) => ({ value: r, label: r }))}
        />
        <Button variant="secondary" size="xs" disabled={busy} onClick={() => void toggle()} data-testid="user-toggle-disabled">
          {user.disabled ? "Enable" : isSelf ? "Disable (me)" : "Disable"}
        </Button>
        <Button variant="secondary" size="xs" disabled={busy} onClick={() => void reset()} data-testid="user-reset-password">
          Reset password
        </Button>
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
