"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { callApi } from "@/lib/client/call-api";
import { OPERATIONS } from "@/lib/schemas/operations";
import { type DatasetSettings, updateDatasetSchema } from "@/lib/schemas/datasets";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/field";
import { SETTING_TEXT } from "./dataset-settings-text";

/** PATCH /api/v1/datasets/{id} with the dataset's blind-annotation settings (dataset:write), then refresh the page. */
export function DatasetSettingsForm({ datasetId, initial }: { datasetId: string; initial: DatasetSettings }) {
  const router = useRouter();
  const [values, setValues] = useState<DatasetSettings>(initial);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const changed = values.blindAnnotation !== initial.blindAnnotation || values.showPredictions !== initial.showPredictions;

  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = updateDatasetSchema.parse(values);
    setBusy(true);
    setMessage(null);
    const r = await callApi(OPERATIONS.updateDataset, { params: { id: datasetId }, body });
    setBusy(false);
    if (!r.ok) return setMessage({ tone: "error", text: r.error.message });
    setMessage({ tone: "success", text: "Saved: the settings apply from the next page load." });
    router.refresh();
  };

  return (
    <form onSubmit={submit} className="space-y-3" data-testid="dataset-settings-form">
      {(Object.keys(SETTING_TEXT) as (keyof DatasetSettings)[]).map((key) => (
        <label key={key} className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-1"
            checked={values[key]}
            // Predictions only matter to blinded annotators: without blind annotation nobody is blinded.
            disabled={key === "showPredictions" && !values.blindAnnotation}
            onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.checked }))}
            data-testid={`dataset-setting-${key}`}
          />
          <span>
            <span className="block font-medium text-slate-800">{SETTING_TEXT[key].label}</span>
            <span className="block text-xs text-slate-500">{SETTING_TEXT[key].hint}</span>
          </span>
        </label>
      ))}
      <div className="flex items-center gap-3">
        <Button type="submit" size="sm" disabled={busy || !changed} data-testid="dataset-settings-save">
          {busy ? "Saving…" : "Save settings"}
        </Button>
        {message && (
          <FormMessage tone={message.tone} testId="dataset-settings-message">
            {message.text}
          </FormMessage>
        )}
      </div>
    </form>
  );
}
