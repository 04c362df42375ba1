"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { createPairInputSchema, DATASET_LIMITS, pairInputFieldLabel, resultFileTooLarge, type PairResultInput } from "@/lib/schemas/datasets";
import { formatZodError } from "@/lib/schemas/format-zod-issues";
import { utf8Length } from "@/lib/schemas/limits";
import { parseContentType } from "@/lib/text-decoding/charset";
import { decodeTextBytes } from "@/lib/text-decoding/decode-text-bytes";
import { textFileKind } from "@/lib/text-decoding/decode-text-file";
import { callApi } from "@/lib/client/call-api";
import { OPERATIONS } from "@/lib/schemas/operations";
import { Button } from "@/components/ui/button";
import { Field, FormMessage, Input, Textarea } from "@/components/ui/field";
import { Select } from "@/components/ui/select";

type ResultFormat = "text" | "html" | "url";
/** `source`: the file a result was read from and how its bytes were decoded (shown under the result). */
type DraftResult = { key: number; format: ResultFormat; content: string; title: string; source?: string };

let nextKey = 1;
const emptyResult = (format: ResultFormat = "text", content = "", title = "", source?: string): DraftResult => ({
  key: nextKey++,
  format,
  content,
  title,
  ...(source ? { source } : {}),
});

const RESULT_FORMATS: { value: ResultFormat; label: string }[] = [
  { value: "text", label: "Text" },
  { value: "html", label: "HTML" },
  { value: "url", label: "URL (fetched by the server)" },
];

/**
 * A file → a draft result, decoded by the server's own rules (lib/text-decoding: BOM, strict UTF-8, <meta charset>,
 * a careful windows-1252 sniff), or the one sentence that says why it cannot be a result.
 */
export async function readResultFile(f: File): Promise<DraftResult | string> {
  if (f.size > DATASET_LIMITS.maxResultBytes) return resultFileTooLarge(f.name, f.size);
  const kind = textFileKind(f.name, f.type);
  const charset = parseContentType(f.type).charset;
  const decoded = decodeTextBytes(new Uint8Array(await f.arrayBuffer()), { name: f.name, kind, ...(charset ? { charset } : {}) });
  if (!decoded.ok) return decoded.message;
  if (!decoded.text.trim()) return `${f.name} is empty`;
  const size = utf8Length(decoded.text);
  if (size > DATASET_LIMITS.maxResultBytes) return resultFileTooLarge(f.name, size, { decoded: true });
  const how = decoded.encoding === "utf-8" ? "" : ` (decoded as ${decoded.encoding}${decoded.source === "sniffed" ? ", detected" : ""})`;
  return emptyResult(kind, decoded.text, f.name.replace(/\.[^.]+$/, ""), `From ${f.name}${how}`);
}

function toInput(r: DraftResult): PairResultInput {
  const title = r.title.trim() ? { title: r.title.trim() } : {};
  if (r.format === "url") return { url: r.content.trim(), ...title };
  return r.format === "html" ? { html: r.content, ...title } : { text: r.content, ...title };
}

/**
 * New pair: a query and one or more results (pasted text, pasted HTML, or a URL the server fetches), plus file inputs
 * that add .txt/.html files as results. POST /api/v1/datasets/:id/pairs, then open the new pair.
 */
export function CreatePairForm({ datasetId }: { datasetId: string }) {
  const router = useRouter();
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<DraftResult[]>(() => [emptyResult()]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const update = (key: number, patch: Partial<DraftResult>) => setResults((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const remove = (key: number) => setResults((rs) => (rs.length > 1 ? rs.filter((r) => r.key !== key) : rs));

  // All or nothing: one bad file in a selection adds none of them, and the message names every bad file.
  const addFiles = async (files: FileList | null) => {
    if (!files?.length) return;
    const read = await Promise.all(Array.from(files, readResultFile));
    const problems = read.filter((r): r is string => typeof r === "string");
    if (problems.length) {
      setError(`${problems.join("; ")}. No file was added.`);
      return;
    }
    setError(null);
    const added = read as DraftResult[];
    // Replace the untouched first result rather than leaving an empty one behind.
    setResults((rs) => [...rs.filter((r) => r.content.trim() !== "" || r.title.trim() !== ""), ...added]);
  };

  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const input = { query, results: results.map(toInput) };
    const parsed = createPairInputSchema.safeParse(input);
    if (!parsed.success) return setError(formatZodError(parsed.error, { input, label: pairInputFieldLabel }));
    setBusy(true);
    setError(null);
    const r = await callApi(OPERATIONS.createPair, { params: { id: datasetId }, body: parsed.data });
    if (r.ok) {
      router.push(`/pairs/${r.data.id}`);
      return;
    }
    setError(r.error.message);
    setBusy(false);
  };

  return (
    <form onSubmit={submit} className="space-y-4" data-testid="create-pair-form">
      <Field label="Query" className="block">
        <Input required maxLength={DATASET_LIMITS.maxQueryChars} value={query} onChange={(e) => setQuery(e.target.value)} data-testid="pair-query" />
      </Field>
      <ol className="space-y-3">
        {results.map((r, i) => (
          <li key={r.key} className="space-y-2 rounded-md border border-slate-200 p-3" data-testid="pair-result">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium text-slate-700">Result {i + 1}</span>
              <Select
                size="sm"
                value={r.format}
                onChange={(e) => update(r.key, { format: e.target.value as ResultFormat })}
                aria-label={`Result ${i + 1} format`}
                data-testid="pair-result-format"
                options={RESULT_FORMATS}
              />
              <input
                placeholder="Title (optional)"
                value={r.title}
                onChange={(e) => update(r.key, { title: e.target.value })}
                className="min-w-40 flex-1 rounded-md border border-slate-300 px-2 py-1 text-sm"
                aria-label={`Result ${i + 1} title`}
                data-testid="pair-result-title"
              />
              {results.length > 1 && (
                <button type="button" onClick={() => remove(r.key)} className="text-sm text-red-700 hover:underline" data-testid="remove-pair-result">
                  Remove
                </button>
              )}
            </div>
            {r.source && (
              <p className="text-xs text-slate-500" data-testid="pair-result-source">
                {r.source}
              </p>
            )}
            {r.format === "url" ? (
              <Input
                type="url"
                placeholder="https://…"
                value={r.content}
                onChange={(e) => update(r.key, { content: e.target.value })}
                aria-label={`Result ${i + 1} URL`}
                data-testid="pair-result-content"
              />
            ) : (
              <Textarea
                rows={6}
                placeholder={r.format === "html" ? "<html>…</html>" : "Page text"}
                value={r.content}
                onChange={(e) => update(r.key, { content: e.target.value })}
                className="font-mono"
                aria-label={`Result ${i + 1} ${r.format}`}
                data-testid="pair-result-content"
              />
            )}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" onClick={() => setResults((rs) => [...rs, emptyResult()])} data-testid="add-pair-result">
          Add result
        </Button>
        <label className="text-sm text-slate-700">
          <span className="mr-2">Add .txt/.html files as results:</span>
          <input
            type="file"
            multiple
            accept=".txt,.text,.md,.html,.htm,.xhtml,text/plain,text/html"
            onChange={(e) => {
              void addFiles(e.target.files);
              e.target.value = "";
            }}
            data-testid="pair-result-files"
          />
        </label>
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={busy} data-testid="create-pair-submit">
          {busy ? "Creating…" : "Create pair"}
        </Button>
        {error && (
          <FormMessage tone="error" testId="create-pair-error">
            {error}
          </FormMessage>
        )}
      </div>
    </form>
  );
}
