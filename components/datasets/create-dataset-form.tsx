"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { createDatasetSchema, DATASET_LIMITS } from "@/lib/schemas/datasets";
import { buttonClass, errorMessage, inputClass } from "./styles";

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
    try {
      const res = await fetch("/api/v1/datasets", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(parsed.data),
      });
      const body: unknown = await res.json().catch(() => null);
      if (!res.ok) setError(errorMessage(body, res.status));
      else {
        setName("");
        setDescription("");
        router.refresh();
      }
    } catch {
      setError("Could not reach the server. Try again.");
    }
    setBusy(false);
  };

  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end" data-testid="create-dataset-form">
      <label className="space-y-1 text-sm">
        <span className="block font-medium text-slate-700">Name</span>
        <input
          required
          maxLength={DATASET_LIMITS.maxNameChars}
          value={name}
          onChange={(e) => setName(e.target.value)}
          className={inputClass}
          data-testid="create-dataset-name"
        />
      </label>
      <label className="space-y-1 text-sm">
        <span className="block font-medium text-slate-700">Description (optional)</span>
        <input
          maxLength={DATASET_LIMITS.maxDescriptionChars}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          className={inputClass}
          data-testid="create-dataset-description"
        />
      </label>
      <button type="submit" disabled={busy} className={buttonClass} data-testid="create-dataset-submit">
        {busy ? "Creating…" : "Create dataset"}
      </button>
      {error && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-3" data-testid="create-dataset-error">
          {error}
        </p>
      )}
    </form>
  );
}
