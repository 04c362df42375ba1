"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { callApi } from "@/lib/client/call-api";
import { OPERATIONS } from "@/lib/schemas/operations";
import { createDatasetSchema, DATASET_LIMITS } from "@/lib/schemas/datasets";
import { Button } from "@/components/ui/button";
import { Field, FormMessage, Input } from "@/components/ui/field";

/** POST /api/v1/datasets, then refresh the server-rendered list. */
export function CreateDatasetForm() {
  const router = useRouter();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = createDatasetSchema.safeParse({ name, ...(description.trim() ? { description } : {}) });
    if (!parsed.success) return setError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
    setBusy(true);
    setError(null);
    const r = await callApi(OPERATIONS.createDataset, { body: parsed.data });
    if (!r.ok) setError(r.error.message);
    else {
      setName("");
      setDescription("");
      router.refresh();
    }
    setBusy(false);
  };

  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end" data-testid="create-dataset-form">
      <Field label="Name">
        <Input
          required
          maxLength={DATASET_LIMITS.maxNameChars}
          value={name}
          onChange={(e) => setName(e.target.value)}
          data-testid="create-dataset-name"
        />
      </Field>
      <Field label="Description (optional)">
        <Input
          maxLength={DATASET_LIMITS.maxDescriptionChars}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          data-testid="create-dataset-description"
        />
      </Field>
      <Button type="submit" disabled={busy} data-testid="create-dataset-submit">
        {busy ? "Creating…" : "Create dataset"}
      </Button>
      {error && (
        <FormMessage tone="error" className="sm:col-span-3" testId="create-dataset-error">
          {error}
        </FormMessage>
      )}
    </form>
  );
}
