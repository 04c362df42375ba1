"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/password-limits";
import { ROLE_PERMISSIONS } from "@/lib/auth/policy";
import { callApi } from "@/lib/client/call-api";
import { OPERATIONS } from "@/lib/schemas/operations";
import { ROLES, type Role } from "@/lib/schemas/enums";
import { Button } from "@/components/ui/button";
import { Field, FormMessage, Input } from "@/components/ui/field";
import { Select } from "@/components/ui/select";

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
    const r = await callApi(OPERATIONS.createUser, { body: { email, name, password, role } });
    if (!r.ok) setError(r.error.message);
    else {
      setCreated(r.data.user.email);
      setEmail("");
      setName("");
      setPassword("");
      setRole("annotator");
      router.refresh();
    }
    setBusy(false);
  };

  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" data-testid="create-user-form">
      <Field label="Email">
        <Input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} data-testid="create-user-email" />
      </Field>
      <Field label="Name">
        <Input required value={name} onChange={(e) => setName(e.target.value)} data-testid="create-user-name" />
      </Field>
      <Field label="Password" hint={`At least ${PASSWORD_MIN_LENGTH} characters; share it with the user.`}>
        <Input
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          data-testid="create-user-password"
        />
      </Field>
      <Field label="Role" hint={ROLE_PERMISSIONS[role].join(", ")}>
        <Select
          value={role}
          onChange={(e) => setRole(e.target.value as Role)}
          data-testid="create-user-role"
          options={ROLES.map((r) => ({ value: r, label: r }))}
        />
      </Field>
      <div className="flex items-center gap-3 sm:col-span-2">
        <Button type="submit" disabled={busy} data-testid="create-user-submit">
          {busy ? "Creating…" : "Create user"}
        </Button>
        {error && (
          <FormMessage tone="error" testId="create-user-error">
            {error}
          </FormMessage>
        )}
        {created && (
          <FormMessage tone="success" testId="create-user-created">
            Created {created}.
          </FormMessage>
        )}
      </div>
    </form>
  );
}
