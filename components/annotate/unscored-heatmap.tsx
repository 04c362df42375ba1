"use client";

import { useMemo } from "react";
import type { BlockOut } from "@/lib/schemas/compress";
import { AnnotatedHeatmap, type MarkActivation } from "./annotated-heatmap";
import { blockUnits } from "./block-units";
import type { Mark } from "./types";

/**
 * A stored text without model scores (no model, scoring failed, the review panes): one unit per block, nothing
 * tinted or kept, still annotatable and word-snapped.
 */
export function UnscoredHeatmap({
  documentId,
  text,
  blocks,
  ...rest
}: {
  documentId: string;
  text: string;
  blocks: readonly BlockOut[];
  marks: readonly Mark[];
  onActivate: (a: MarkActivation) => void;
  onDeleteMine: (id: string) => void;
  showTooltip?: boolean;
  textClassName?: string;
}) {
  const units = useMemo(() => blockUnits(blocks), [blocks]);
  const zeros = useMemo(() => units.map(() => 0), [units]);
  const kept = useMemo(() => new Uint8Array(units.length), [units]);
  return (
    <AnnotatedHeatmap documentId={documentId} text={text} blocks={blocks} units={units} unitScores={zeros} kept={kept} aggregation="mean" {...rest} />
  );
}
