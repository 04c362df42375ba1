import path from "node:path";
import { describe, expect, it } from "vitest";
import { htmlToCanonical } from "../text/html-to-canonical";
import { textToCanonical } from "../text/text-to-canonical";
import { parseJsonl, readJsonl } from "./read-jsonl";

const fixture = path.join(import.meta.dirname, "fixtures", "examples.jsonl");

describe("readJsonl", () => {
  it("maps raw text offsets and html quotes to canonical offsets", async () => {
    const [j1, j2] = await readJsonl(fixture);
    const c1 = textToCanonical(j1!.results[0]!.text!).text;
    expect(j1!.evidence.map((e) => c1.slice(e.start, e.end))).toEqual(["Tickets cost 12 euros."]);
    expect(j1!.results[0]).toMatchObject({ id: "j1", title: "Museum" });
    expect(j1!.group).toBe("j1");
    expect(j2!.results.map((r) => r.id)).toEqual(["page", "other"]);
    const c2 = htmlToCanonical(j2!.results[0]!.html!).text;
    expect(j2!.evidence.map((e) => [e.resultId, c2.slice(e.start, e.end)])).toEqual([["page", "On weekends it opens at 10 am."]]);
    expect(j2!.group).toBe("museum");
  });

  it("reports every bad line and imports nothing", () => {
    const content = [
      JSON.stringify({ id: "ok", query: "q", text: "Some text.", evidence: [{ text: "Some text." }] }),
      "{not json",
      JSON.stringify({ id: "b", query: "q", text: "x", html: "<p>x</p>", evidence: [{ text: "x" }] }),
      JSON.stringify({ id: "c", query: "q", text: "Short.", evidence: [{ start: 0, end: 99 }] }),
      JSON.stringify({ id: "d", query: "q", text: "Short.", evidence: [{ text: "absent" }] }),
      JSON.stringify({ id: "ok", query: "q", text: "Dup.", evidence: [{ text: "Dup." }] }),
    ].join("\n");
    let message = "";
    try {
      parseJsonl(content);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/5 invalid record\(s\), nothing imported/);
    for (const line of [2, 3, 4, 5, 6]) expect(message).toContain(`line ${line}:`);
    expect(message).toContain("duplicate id");
  });

  it("accepts unanswerable queries (evidence: []) but not a line without evidence", () => {
    const ok = parseJsonl(
      [
        JSON.stringify({ id: "u1", query: "Who won?", text: "Nothing about it here.", evidence: [] }),
        JSON.stringify({
          id: "u2",
          query: "q",
          results: [
            { id: "a", text: "A.", evidence: [] },
            { id: "b", text: "B." },
          ],
        }),
      ].join("\n"),
    );
    expect(ok.map((e) => [e.id, e.evidence.length])).toEqual([
      ["u1", 0],
      ["u2", 0],
    ]);
    expect(() => parseJsonl(JSON.stringify({ id: "x", query: "q", results: [{ id: "a", text: "A." }] }))).toThrow(/no evidence/);
  });

  it("names what a line lacks: evidence for a document, results only for a result set", () => {
    const message = (line: object) => {
      try {
        parseJsonl(JSON.stringify(line));
      } catch (e) {
        return (e as Error).message;
      }
      return "";
    };
    const noEvidence = message({ id: "x", query: "q", text: "Some text." });
    expect(noEvidence).toContain('line 1: evidence is required (give "evidence": [] for a query the document cannot answer)');
    expect(noEvidence).not.toContain("results");
    expect(message({ id: "x", query: "q", html: "<p>x</p>", evidence: "all" })).toMatch(/line 1: evidence/);
    expect(message({ id: "x", query: "q", results: [] })).toMatch(/line 1: results/);
  });
});
