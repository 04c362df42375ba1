"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import {
  DATASET_LIMITS,
  EVIDENCE_MODES,
  IMPORT_FORMAT_LABELS,
  IMPORT_FORMATS,
  type EvidenceMode,
  type ImportFormat,
  type ImportRecordError,
  type ImportSummary,
} from "@/lib/schemas/datasets";
import { formatBytes, formatOverLimit } from "@/lib/schemas/limits";
import { callApi } from "@/lib/client/call-api";
import { OPERATIONS } from "@/lib/schemas/operations";
import { Button } from "@/components/ui/button";
import { Field, FormMessage } from "@/components/ui/field";
import { Select } from "@/components/ui/select";

const EVIDENCE_LABELS: Record<EvidenceMode, string> = {
  gold: "as gold vital spans",
  suggestion: "as model suggestions",
  none: "not at all",
};

/** Upload a file (multipart) to POST /api/v1/datasets/:id/import; a refused file shows its per-record errors. */
export function ImportForm({ datasetId }: { datasetId: string }) {
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<ImportFormat>("jsonl");
  const [evidence, setEvidence] = useState<EvidenceMode>("gold");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<ImportRecordError[]>([]);
  const [summary, setSummary] = useState<ImportSummary | null>(null);

  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError(null);
    setErrors([]);
    setSummary(null);
    if (!file) return setError("Choose a file.");
    if (file.size > DATASET_LIMITS.maxImportBytes) {
      const f = formatOverLimit(file.size, DATASET_LIMITS.maxImportBytes);
      return setError(`${file.name} is ${f.size}; the limit is ${f.max}.`);
    }
    setBusy(true);
    const form = new FormData();
    form.set("format", format);
    form.set("evidence", evidence);
    form.set("file", file);
    const r = await callApi(OPERATIONS.importDataset, { params: { id: datasetId }, form });
    if (r.ok) {
      setSummary(r.data);
      router.refresh();
    } else {
      const list = (r.error.details as { errors?: ImportRecordError[] } | undefined)?.errors;
      if (r.status === 422 && list?.length) {
        setError(`Nothing was imported: ${list.length} problem(s).`);
        setErrors(list);
      } else setError(r.error.message);
    }
    setBusy(false);
  };

  const evidenceApplies = format === "jsonl" || format === "squad" || format === "hotpotqa";
  // The Field column only when some error names a field (an empty column read as "(empty field)").
  const showField = errors.some((e) => e.field);
  return (
    <div className="space-y-3">
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[2fr_2fr_1fr_auto] sm:items-end" data-testid="import-form">
        <Field label={`File (at most ${formatBytes(DATASET_LIMITS.maxImportBytes)})`}>
          <input
            type="file"
            accept=".json,.jsonl,.ndjson,application/json"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="block w-full text-sm"
            data-testid="import-file"
          />
        </Field>
        <Field label="Format">
          <Select
            value={format}
            onChange={(e) => setFormat(e.target.value as ImportFormat)}
            data-testid="import-format"
            options={IMPORT_FORMATS.map((f) => ({ value: f, label: IMPORT_FORMAT_LABELS[f] }))}
          />
        </Field>
        <Field label="Evidence">
          <Select
            value={evidence}
            onChange={(e) => setEvidence(e.target.value as EvidenceMode)}
            disabled={!evidenceApplies}
            data-testid="import-evidence"
            options={EVIDENCE_MODES.map((m) => ({ value: m, label: EVIDENCE_LABELS[m] }))}
          />
        </Field>
        <Button type="submit" disabled={busy} data-testid="import-submit">
          {busy ? "Importing…" : "Import"}
        </Button>
      </form>
      {error && (
        <FormMessage tone="error" testId="import-error">
          {error}
        </FormMessage>
      )}
      {summary && (
        <FormMessage tone="success" testId="import-summary">
          Imported {summary.pairs} pair(s), {summary.documents} document(s), {summary.goldSpans} gold span(s), {summary.suggestions} suggestion(s)
          {summary.skipped > 0 ? `; ${summary.skipped} already present (skipped)` : ""}.
        </FormMessage>
      )}
      {errors.length > 0 && (
        <div className="max-h-96 overflow-auto rounded-lg border border-red-200 bg-white">
          <table className="min-w-full divide-y divide-red-100 text-sm" data-testid="import-errors">
            <thead className="bg-red-50 text-left text-xs font-semibold uppercase tracking-wide text-red-800">
              <tr>
                <th className="px-3 py-2">Record</th>
                {showField && <th className="px-3 py-2">Field</th>}
                <th className="px-3 py-2">Problem</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-red-50">
              {errors.map((e, i) => (
                <tr key={i} data-testid="import-error-row">
                  <td className="whitespace-nowrap px-3 py-1.5 font-mono text-xs">{String(e.record)}</td>
                  {showField && <td className="whitespace-nowrap px-3 py-1.5 font-mono text-xs">{e.field ?? ""}</td>}
                  <td className="px-3 py-1.5">{e.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
