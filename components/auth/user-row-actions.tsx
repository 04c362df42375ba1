"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { ApiResult } from "@/lib/client/api-fetch";
import { callApi } from "@/lib/client/call-api";
import { OPERATIONS } from "@/lib/schemas/operations";
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

  /** One admin action: its answer, or null (the API's message shown) when refused. */
  const call = async <T,>(request: Promise<ApiResult<T>>): Promise<T | null> => {
    setBusy(true);
    setError(null);
    setNotice(null);
    setPassword(null);
    const r = await request;
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
    if (await call(callApi(OPERATIONS.updateUser, { params: { id: user.id }, body: { role } }))) setNotice(`Role changed to ${role}.`);
  };
  const toggle = async () => {
    const disabling = !user.disabled;
    if (disabling && !window.confirm(`Disable ${user.email}? They are signed out at once and cannot sign in until enabled again.`)) return;
    const out = await call(callApi(OPERATIONS.updateUser, { params: { id: user.id }, body: { disabled: disabling } }));
    if (out) setNotice(disabling ? `Disabled; ${out.sessionsEnded} session(s) ended.` : "Enabled.");
  };
  const reset = async () => {
    if (!window.confirm(`Reset the password of ${user.email}? Their sessions end; the new password is shown once.`)) return;
    const out = await call(callApi(OPERATIONS.resetPassword, { params: { id: user.id }, body: {} }));
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
