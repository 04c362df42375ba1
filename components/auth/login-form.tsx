"use client";

import { useState } from "react";
import { safeNextPath } from "@/lib/auth/safe-next-path";
import { callApi } from "@/lib/client/call-api";
import { OPERATIONS } from "@/lib/schemas/operations";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";

type Props = { next: string };

/** Email + password → POST /api/auth/login; on success a full navigation to `next` (so the header re-renders). */
export function LoginForm({ next }: Props) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const r = await callApi(OPERATIONS.login, { body: { email, password } });
    if (r.ok) {
      // Checked again here: `next` came from the URL.
      window.location.assign(safeNextPath(next));
      return;
    }
    setError(r.error.message);
    setBusy(false);
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-describedby={error ? "login-error" : undefined}>
      <Field label="Email" className="block">
        <Input
          id="login-email"
          data-testid="login-email"
          type="email"
          autoComplete="username"
          required
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Field label="Password" className="block">
        <Input
          id="login-password"
          data-testid="login-password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      {error && (
        <Notice tone="error" id="login-error" role="alert" testId="login-error">
          {error}
        </Notice>
      )}
      <Button type="submit" data-testid="login-submit" disabled={busy} className="w-full">
        {busy ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
