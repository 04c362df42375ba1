"use client";

import type { ComponentProps } from "react";
import { Card, CardTitle } from "@/components/ui/card";
import { CategoryLegend } from "./category-legend";

/** The category legend with the layer toggles, and how to mark text with the keyboard. */
export function CategoriesCard(props: ComponentProps<typeof CategoryLegend>) {
  return (
    <Card className="space-y-3">
      <CardTitle>Categories</CardTitle>
      <CategoryLegend {...props} />
      <p className="text-xs text-slate-500">
        Select text, then press 1–6 (Alt keeps the exact characters). Click a mark to change or delete it; Delete removes a focused span; Ctrl+Z /
        Ctrl+Shift+Z undo and redo; n opens the next pair.
      </p>
    </Card>
  );
}
