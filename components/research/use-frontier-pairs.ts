"use client";

import { useState } from "react";
import { callApi } from "@/lib/client/call-api";
import { OPERATIONS } from "@/lib/schemas/operations";
import type { FrontierPairsResponse } from "@/lib/schemas/research";
import type { FrontierChartPoint } from "./frontier-point";

/** The frontier point the reader clicked and the pairs behind it (loaded from the pairs route). */
export function useFrontierPairs(datasetId: string) {
  const [selected, setSelected] = useState<FrontierChartPoint | null>(null);
  const [pairs, setPairs] = useState<FrontierPairsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const select = async (point: FrontierChartPoint) => {
    setSelected(point);
    setPairs(null);
    setError(null);
    setLoading(true);
    const r = await callApi(OPERATIONS.getFrontierPairs, { query: { datasetId, method: point.method, [point.setting.kind]: point.setting.value } });
    setLoading(false);
    if (r.ok) setPairs(r.data);
    else setError(r.error.message);
  };
  return { selected, pairs, error, loading, select };
}
