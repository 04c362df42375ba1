"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, FormMessage, Input } from "@/components/ui/field";
import { callApi } from "@/lib/client/call-api";
import { OPERATIONS } from "@/lib/schemas/operations";

/**
 * DELETE /api/v1/datasets/{id} (dataset:write) behind a confirmation: the button asks for the dataset's name, typed
 * exactly, before it deletes anything; then the datasets page says what went. The server refuses while a job of the
 * dataset is live, and its message is shown.
 */
export function DeleteDatasetForm({ datasetId, name, pairs, documents }: { datasetId: string; name: string; pairs: number; documents: number }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmed = typed === name;

  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!confirmed) return;
    setBusy(true);
    setError(null);
    const r = await callApi(OPERATIONS.deleteDataset, { params: { id: datasetId } });
    if (!r.ok) {
      setBusy(false);
      return setError(r.error.message);
    }
    router.push(`/datasets?deleted=${encodeURIComponent(r.data.dataset.name)}`);
    router.refresh();
  };

  if (!open) {
    return (
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} data-testid="dataset-delete-open">
        Delete this dataset…
      </Button>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-3" data-testid="dataset-delete-form">
      <p className="text-sm text-slate-700">
        This deletes <strong>{name}</strong> with its {pairs} pair(s) and {documents} document(s): every annotation, gold span, suggestion and model
        or judge run of them. It cannot be undone; export the gold first if you need it.
      </p>
      <Field label={`Type the dataset's name (${name}) to confirm`} className="max-w-md">
        <Input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" spellCheck={false} data-testid="dataset-delete-name" />
      </Field>
      <div className="flex items-center gap-3">
        <Button type="submit" variant="danger" size="sm" disabled={busy || !confirmed} data-testid="dataset-delete-confirm">
          {busy ? "Deleting…" : "Delete dataset"}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          onClick={() => {
            setOpen(false);
            setTyped("");
            setError(null);
          }}
        >
          Cancel
        </Button>
        {error && (
          <FormMessage tone="error" testId="dataset-delete-error">
            {error}
          </FormMessage>
        )}
      </div>
    </form>
  );
}
