import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { DomUtils, parseDocument } from "htmlparser2";
import { textToCanonical } from "@/lib/text/text-to-canonical";
import { PairWorkspace } from "./pair-workspace";
import type { PairWorkspaceData } from "@/lib/schemas/annotation";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: () => {} }) }));

const doc = textToCanonical("Golden Gate\n\nThe bridge opened in 1937.");
const data: PairWorkspaceData = {
  pair: {
    id: "p1",
    dataset: "demo",
    status: "rejected",
    version: 3,
    reviewComment: "Mark the date too",
    goldNoVital: false,
    query: { text: "When did it open?", intents: ["opening date"] },
    documents: [{ id: "d1", position: 0, title: "Bridge", url: null, text: doc.text, blocks: doc.blocks, rawHtml: "<p>x</p>" }],
  },
  annotation: { id: "a1", status: "rejected", version: 2, comment: null, reviewComment: "Mark the date too", noVital: false, spans: [] },
  gold: [],
  suggestions: [],
  models: [{ name: "snippet-mini", default: true, threshold: 0.1, aggregation: "mean", description: "" }],
  view: { blinded: false, predictions: true },
};

const byTestId = (html: string, id: string) => DomUtils.findAll((e) => e.attribs["data-testid"] === id, parseDocument(html).children);

describe("PairWorkspace server render", () => {
  it("renders the workflow controls with their test ids before the scores arrive", () => {
    const html = renderToStaticMarkup(
      createElement(PairWorkspace, {
        data,
        permissions: { annotate: true, review: true, runModel: false },
        nextHref: "/pairs/next?after=p1&status=unlabeled",
      }),
    );
    expect(DomUtils.textContent(byTestId(html, "save-state")[0]!)).toBe("Saved");
    expect(DomUtils.textContent(byTestId(html, "annotation-status")[0]!)).toBe("rejected");
    expect(DomUtils.textContent(byTestId(html, "review-comment")[0]!)).toContain("Mark the date too");
    expect(byTestId(html, "next-pair")[0]!.attribs.href).toBe("/pairs/next?after=p1&status=unlabeled");
    expect(byTestId(html, "review-link")[0]!.attribs.href).toBe("/pairs/p1/review");
    expect(byTestId(html, "submit-annotation")[0]!.attribs.disabled).toBeUndefined();
    // No vital span of mine: "Nothing here is vital" can be submitted; the gold has not decided so.
    expect(byTestId(html, "submit-no-vital")[0]!.attribs.disabled).toBeUndefined();
    expect(byTestId(html, "gold-no-vital")).toHaveLength(0);
    expect(byTestId(html, "threshold-slider")).toHaveLength(1);
    expect(byTestId(html, "document-loading")).toHaveLength(1);
    expect(byTestId(html, "run-judge")).toHaveLength(0);
    expect(byTestId(html, "query-intents")).toHaveLength(1);
    for (const l of ["mine", "gold", "judge", "model"]) expect(byTestId(html, `layer-toggle-${l}`)).toHaveLength(1);
    expect(byTestId(html, "view-original-0")).toHaveLength(1);
  });

  it('shows the gold decision "nothing here is vital" and my answer beside the statuses', () => {
    const noVital: PairWorkspaceData = {
      ...data,
      pair: { ...data.pair, status: "accepted", goldNoVital: true },
      annotation: { ...data.annotation!, status: "accepted", noVital: true },
    };
    const html = renderToStaticMarkup(
      createElement(PairWorkspace, { data: noVital, permissions: { annotate: true, review: false, runModel: false }, nextHref: "/pairs/next" }),
    );
    expect(DomUtils.textContent(byTestId(html, "pair-status")[0]!)).toBe("accepted");
    expect(DomUtils.textContent(byTestId(html, "gold-no-vital")[0]!)).toBe("Gold: nothing here is vital");
    expect(byTestId(html, "mine-no-vital")).toHaveLength(1);
  });

  it("blind annotation: no gold layer and a notice; without predictions no heatmap controls, snippet or pre-annotation", () => {
    const blinded: PairWorkspaceData = { ...data, view: { blinded: true, predictions: true } };
    const render = (d: PairWorkspaceData) =>
      renderToStaticMarkup(
        createElement(PairWorkspace, { data: d, permissions: { annotate: true, review: false, runModel: false }, nextHref: "/pairs/next" }),
      );
    const html = render(blinded);
    expect(DomUtils.textContent(byTestId(html, "blind-notice")[0]!)).toContain("Blind annotation: gold and others' work are hidden until you submit");
    expect(byTestId(html, "layer-toggle-gold")).toHaveLength(0);
    expect(byTestId(html, "legend-head-gold")).toHaveLength(0);
    for (const l of ["mine", "judge", "model", "categories"]) expect(byTestId(html, `layer-toggle-${l}`), l).toHaveLength(1);
    expect(byTestId(html, "history-scope-all")).toHaveLength(0);
    expect(byTestId(html, "threshold-slider")).toHaveLength(1);
    expect(byTestId(html, "pre-annotation")).toHaveLength(1);

    const noPredictions = render({ ...data, view: { blinded: true, predictions: false } });
    expect(byTestId(noPredictions, "blind-predictions-notice")).toHaveLength(1);
    for (const l of ["gold", "judge", "model", "categories"]) expect(byTestId(noPredictions, `layer-toggle-${l}`), l).toHaveLength(0);
    expect(byTestId(noPredictions, "layer-toggle-mine")).toHaveLength(1);
    for (const id of [
      "threshold-slider",
      "model-select",
      "pre-annotation",
      "accept-model-spans",
      "run-judge",
      "document-loading",
      "scores-loading",
    ]) {
      expect(byTestId(noPredictions, id), id).toHaveLength(0);
    }
    // The text is there to annotate, without scores.
    expect(byTestId(noPredictions, "document")).toHaveLength(1);
    expect(DomUtils.textContent(byTestId(noPredictions, "document")[0]!)).toContain("The bridge opened in 1937.");

    // Nothing is hidden from whoever is not blinded.
    expect(byTestId(render(data), "blind-notice")).toHaveLength(0);
  });

  it("is read-only without pair:annotate", () => {
    const html = renderToStaticMarkup(
      createElement(PairWorkspace, { data, permissions: { annotate: false, review: false, runModel: true }, nextHref: "/pairs/next?after=p1" }),
    );
    expect(byTestId(html, "read-only-notice")).toHaveLength(1);
    expect(byTestId(html, "submit-annotation")[0]!.attribs.disabled).toBeDefined();
    expect(byTestId(html, "review-link")).toHaveLength(0);
    expect(byTestId(html, "run-judge")).toHaveLength(1);
  });
});
