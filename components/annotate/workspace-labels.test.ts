import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SPAN_CATEGORIES, type SpanCategory } from "@/lib/spans/categories";
import { CategoryLegend } from "./category-legend";
import { PairStatusBadges } from "./pair-status-badges";
import { LAYERS, type Layer } from "./types";

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("CategoryLegend", () => {
  it("one labelled column per layer, so my count and the gold's never run together", () => {
    const counts = {} as Record<Layer, Record<SpanCategory, number>>;
    for (const l of LAYERS) counts[l] = Object.fromEntries(SPAN_CATEGORIES.map((c) => [c, 0])) as Record<SpanCategory, number>;
    counts.mine.vital = 2;
    counts.gold.vital = 3;
    counts.model.ads = 11;
    const html = renderToStaticMarkup(
      createElement(CategoryLegend, {
        counts,
        layers: { mine: true, gold: true, judge: false, model: true, categories: true },
        onToggleLayer: () => {},
      }),
    );
    expect(text(html)).toMatch(/^Spans per category and layer Category Mine Gold Judge Model Model categories 1 Abc Vital 2 3 0 0 0 /);
    expect(html).toMatch(/data-testid="legend-count-vital"[^>]*>2</);
    expect(html).toMatch(/data-testid="legend-count-vital-gold"[^>]*>3</);
    expect(html).toContain('aria-label="Gold: 3 spans"');
    expect(html).toContain('aria-label="Model: 11 spans"');
    expect(text(html)).toContain("Mine · 2 spans");
    expect(text(html)).toContain("Model · 11 spans");
  });
});

describe("PairStatusBadges", () => {
  it("shows the pair's status, and mine only when I have an annotation", () => {
    const none = renderToStaticMarkup(createElement(PairStatusBadges, { pairStatus: "submitted", status: null, reviewComment: null }));
    expect(text(none)).toBe("Pair submitted");
    expect(none).not.toContain("annotation-status");
    const mine = renderToStaticMarkup(
      createElement(PairStatusBadges, { pairStatus: "in_progress", status: "rejected", reviewComment: "Fix the dates." }),
    );
    expect(text(mine)).toBe("Pair in progress Mine rejected Reviewer: Fix the dates.");
    expect(mine).toContain('data-testid="annotation-status" data-status="rejected"');
  });
});
