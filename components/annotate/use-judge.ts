"use client";

import { useState } from "react";
import { callApi } from "@/lib/client/call-api";
import type { ResponseBody } from "@/lib/schemas/api-contract";
import { OPERATIONS } from "@/lib/schemas/operations";
import type { ClientSuggestion } from "./types";

export type JudgeUnmatched = ResponseBody<typeof OPERATIONS.runJudge>["unmatched"][number];

/**
 * The LLM judge in the workspace: its suggestions (the stored ones first, replaced by a run's), the query's intents,
 * and running it on the pair (POST …/judge) with a message saying how it went.
 */
export function useJudge({
  pairId,
  suggestions,
  intents: initialIntents,
}: {
  pairId: string;
  suggestions: readonly ClientSuggestion[];
  intents: string[] | null;
}) {
  const [judgeSuggestions, setJudgeSuggestions] = useState<ClientSuggestion[]>(() => suggestions.filter((s) => s.source === "judge"));
  const [intents, setIntents] = useState<string[] | null>(initialIntents);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [unmatched, setUnmatched] = useState<JudgeUnmatched[]>([]);

  const runJudge = async () => {
    setBusy(true);
    setMessage(null);
    const r = await callApi(OPERATIONS.runJudge, { params: { id: pairId }, body: {} });
    if (r.ok && Array.isArray(r.data?.suggestions)) {
      setJudgeSuggestions(r.data.suggestions);
      if (r.data.intents?.length) setIntents(r.data.intents);
      setUnmatched(r.data.unmatched ?? []);
      setMessage(`The judge suggested ${r.data.suggestions.length} span${r.data.suggestions.length === 1 ? "" : "s"}.`);
    } else {
      setMessage(r.ok ? "The judge sent no suggestions." : r.error.message);
    }
    setBusy(false);
  };

  return { judgeSuggestions, intents, busy, message, unmatched, runJudge };
}
