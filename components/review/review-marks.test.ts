import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { textToCanonical } from "@/lib/text/text-to-canonical";
import { DocumentView } from "./document-view";
import { annotatorPaneMarks, focusMark, goldPaneMarks, type DiffSpan } from "./review-marks";
import type { ChosenSpan, ReviewAnnotation, ReviewDocument } from "./types";

const span = (id: string, start: number, end: number, category: DiffSpan["category"] = "vital", documentId = "d1"): DiffSpan => ({
  id,
  documentId,
  start,
  end,
  category,
});

describe("annotatorPaneMarks", () => {
  it("boxes what only one annotator marked with a category: whole spans, or just the differing characters", () => {
    const marks = annotatorPaneMarks(
      [
        { id: "A", spans: [span("a1", 0, 10), span("a2", 20, 30), span("a3", 40, 50, "ads"), span("x", 0, 5, "vital", "other-doc")] },
        { id: "B", spans: [span("b1", 5, 10), span("b2", 20, 30), span("b3", 40, 50, "metadata")] },
      ],
      "d1",
    );
    const a = marks.get("A")!;
    expect(a.spans).toBe(3);
    // a1: 0–5 only A (B marked 5–10); a2: same as B; a3: B marked it, but as metadata.
    expect(a.onlyTheirs).toBe(2);
    const flagged = a.marks.filter((m) => m.flag === "only").map((m) => [m.id, m.start, m.end, m.testId]);
    expect(flagged).toEqual([
      ["a1", 0, 5, "review-only-mark"],
      ["a3", 40, 50, "review-mark"],
    ]);
    expect(a.marks.filter((m) => !m.flag).map((m) => m.id)).toEqual(["a1", "a2"]);
    const b = marks.get("B")!;
    expect(b.onlyTheirs).toBe(1);
    expect(b.marks.filter((m) => m.flag === "only").map((m) => m.id)).toEqual(["b3"]);
  });

  it("a single annotation has nothing to compare: no flags", () => {
    const one = annotatorPaneMarks([{ id: "A", spans: [span("a1", 0, 10)] }], "d1").get("A")!;
    expect(one.onlyTheirs).toBe(0);
    expect(one.marks.every((m) => !m.flag)).toBe(true);
  });

  it("uncovered middles of a span are boxed piece by piece", () => {
    const m = annotatorPaneMarks(
      [
        { id: "A", spans: [span("a1", 0, 30)] },
        { id: "B", spans: [span("b1", 0, 5), span("b2", 10, 20)] },
        { id: "C", spans: [span("c1", 18, 25)] },
      ],
      "d1",
    ).get("A")!;
    expect(m.marks.filter((x) => x.flag).map((x) => [x.start, x.end])).toEqual([
      [5, 10],
      [25, 30],
    ]);
  });
});

describe("goldPaneMarks / focusMark", () => {
  it("ticked candidates in the category look, saved gold as the gold layer, other documents left out", () => {
    const marks = goldPaneMarks(
      [
        { ...span("", 0, 4), key: "k1" },
        { ...span("", 0, 4, "vital", "d2"), key: "k2" },
      ],
      [span("g1", 2, 6, "ads")],
      "d1",
    );
    expect(marks.map((m) => [m.layer, m.testId ?? "", m.start, m.end])).toEqual([
      ["mine", "candidate-mark", 0, 4],
      ["gold", "", 2, 6],
    ]);
    expect(focusMark(span("", 1, 3), "d1")).toMatchObject({ flag: "focus", start: 1, end: 3 });
    expect(focusMark(span("", 1, 3), "d2")).toBeNull();
  });
});

describe("DocumentView", () => {
  it("renders one pane per annotator plus the gold pane, with the workspace's mark classes and the boxes", () => {
    const c = textToCanonical("Golden Gate\n\nThe bridge opened on May 28, 1937. It is long.");
    const doc: ReviewDocument = { id: "d1", position: 0, title: null, url: null, text: c.text, blocks: c.blocks, label: "Golden Gate" };
    const at = (s: string) => c.text.indexOf(s);
    const base = {
      annotatorName: "",
      status: "submitted",
      version: 1,
      comment: null,
      submittedAt: null,
      noVital: false,
      reviewerEmail: null,
      reviewComment: null,
      reviewedAt: null,
      agreement: null,
      votes: true,
    };
    const open = "The bridge opened";
    const annotations: ReviewAnnotation[] = [
      {
        ...base,
        id: "A",
        annotatorId: "ua",
        annotatorEmail: "a@x",
        spans: [{ id: "s1", documentId: "d1", start: at(open), end: at(open) + open.length, text: open, category: "vital" }],
      },
      {
        ...base,
        id: "B",
        annotatorId: "ub",
        annotatorEmail: "b@x",
        spans: [{ id: "s2", documentId: "d1", start: at("It is long."), end: at("It is long.") + 11, text: "It is long.", category: "off_topic" }],
      },
    ];
    const ticked: ChosenSpan[] = [{ key: "k", documentId: "d1", start: at(open), end: at(open) + open.length, text: open, category: "vital" }];
    const html = renderToStaticMarkup(
      createElement(DocumentView, { document: doc, annotations, ticked, gold: [], highlight: null, onHighlight: () => {} }),
    );
    expect(html.match(/data-testid="review-annotator-pane"/g)).toHaveLength(2);
    expect(html).toContain('data-testid="review-gold-pane"');
    expect(html).toContain("Golden Gate");
    // A's span: the workspace's category classes, boxed (B did not mark it).
    expect(html).toMatch(
      /data-testid="review-mark"[^>]*data-flag="only"[^>]*class="am-mark am-layer-mine am-c-vital am-flag-only"[^>]*><span data-o="\d+">The bridge opened</,
    );
    expect(html).toMatch(/data-testid="candidate-mark"[^>]*class="am-mark am-layer-mine am-c-vital"/);
    // Blocks render as in the workspace; no token tooltip in the review.
    expect(html).toContain('data-kind="paragraph"');
    expect(html).not.toContain("token-tooltip");
  });
});
