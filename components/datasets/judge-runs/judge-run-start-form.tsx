"use client";

import { useState, type FormEvent } from "react";
import { JUDGE_VARIANTS, type JudgeVariant } from "@/lib/judge/types";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import type { JudgeRunOptions } from "./use-judge-runs";

const VARIANT_LABELS: Record<JudgeVariant, string> = {
  "two-stage": "Two-stage (intents, then spans per intent)",
  "one-stage": "One-stage (spans only)",
};
const WORKERS = [1, 2, 3, 4] as const;

/** Starts a judge run over the dataset: variant, an optional pair limit, skip already judged pairs, workers. */
export function JudgeRunStartForm({ busy, onStart }: { busy: boolean; onStart: (payload: JudgeRunOptions) => void }) {
  const [variant, setVariant] = useState<JudgeVariant>("two-stage");
  const [limit, setLimit] = useState("");
  const [skipJudged, setSkipJudged] = useState(false);
  const [workers, setWorkers] = useState(1);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The input only takes whole numbers ≥ 1; an empty one means every pair.
    const n = Number.parseInt(limit, 10);
    onStart({ variant, workers, ...(n >= 1 ? { limit: n } : {}), ...(skipJudged ? { skipJudged: true } : {}) });
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" data-testid="judge-run-form">
      <Field label="Variant" className="w-72">
        <Select
          value={variant}
          onChange={(e) => setVariant(e.target.value as JudgeVariant)}
          options={JUDGE_VARIANTS.map((v) => ({ value: v, label: VARIANT_LABELS[v] }))}
          data-testid="judge-run-variant"
        />
      </Field>
      <Field label="Pairs (at most)" className="w-36">
        <Input
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          placeholder="all"
          value={limit}
          onChange={(e) => setLimit(e.target.value)}
          data-testid="judge-run-limit"
        />
      </Field>
      <Field label="Workers" className="w-24">
        <Select
          value={String(workers)}
          onChange={(e) => setWorkers(Number(e.target.value))}
          options={WORKERS.map((w) => ({ value: String(w), label: String(w) }))}
          data-testid="judge-run-workers"
        />
      </Field>
      <label className="flex items-center gap-2 pb-2 text-sm text-slate-700">
        <input type="checkbox" checked={skipJudged} onChange={(e) => setSkipJudged(e.target.checked)} data-testid="judge-run-skip-judged" />
        Skip pairs already judged (same model, prompt version and variant)
      </label>
      <Button type="submit" variant="accent" size="sm" disabled={busy} className="mb-0.5" data-testid="judge-run-start">
        Start judge run
      </Button>
    </form>
  );
}
