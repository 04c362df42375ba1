import { describe, expect, it } from "vitest";
import { checkFidelity, countViolations } from "./check-fidelity";
import { selectionFidelity } from "./selection-fidelity";

const SOURCE =
  "The museum opens at 10 am on Sundays. Tickets cost 12 euros. The museum is not open on Mondays. Director Anna Rossi founded it in May 1998. Il museo non apre il lunedì. 博物馆周一不开放。";
const at = (s: string) => ({ start: SOURCE.indexOf(s), end: SOURCE.indexOf(s) + s.length });
const texts = new Map([["r", SOURCE]]);
const check = (output: string, stands: string) => checkFidelity({ texts, pieces: [{ resultId: "r", output, ...at(stands) }] });

describe("checkFidelity", () => {
  it("passes output that is the source text", () => {
    for (const s of ["Tickets cost 12 euros.", "The museum is not open on Mondays.", "Director Anna Rossi founded it in May 1998."]) {
      expect(check(s, s), s).toEqual({ checked: 1, violations: [] });
    }
  });

  it("catches a changed number", () => {
    const r = check("Tickets cost 15 euros.", "Tickets cost 12 euros.");
    expect(r.violations).toEqual([
      expect.objectContaining({ kind: "number", message: 'numbers: the source says "12", the output "15"', output: "Tickets cost 15 euros." }),
    ]);
  });

  it('catches a dropped "not" (and non, 不)', () => {
    expect(check("The museum is open on Mondays.", "The museum is not open on Mondays.").violations).toEqual([
      expect.objectContaining({ kind: "negation", message: 'negation "not" of the source missing from the output' }),
    ]);
    expect(check("Il museo apre il lunedì.", "Il museo non apre il lunedì.").violations.map((v) => v.kind)).toEqual(["negation"]);
    expect(check("博物馆周一开放。", "博物馆周一不开放。").violations.map((v) => v.kind)).toEqual(["negation"]);
  });

  it("catches changed names and dates, and words absent from the source", () => {
    const r = check("Director Maria Rossi founded it in June 1998.", "Director Anna Rossi founded it in May 1998.");
    expect(countViolations(r.violations)).toMatchObject({ name: 1, date: 1, absent: 0 });
    const absent = check("Tickets cost 12 euros each weekend.", "Tickets cost 12 euros.");
    expect(absent.violations).toEqual([expect.objectContaining({ kind: "absent", message: '"each", "weekend" not in the source' })]);
    const unlocated = checkFidelity({ texts, pieces: [{ resultId: "r", output: "Parking is free." }] });
    expect(unlocated.violations).toEqual([
      expect.objectContaining({ kind: "absent", message: "not found in the source (the output was not located)" }),
    ]);
  });

  it("reports a negation right before the kept text and a number split by its edge", () => {
    // "open on Mondays." kept without the "not" before it: the snippet says the opposite.
    const cut = checkFidelity({ texts, pieces: [{ resultId: "r", output: "open on Mondays.", ...at("open on Mondays.") }] });
    expect(cut.violations).toEqual([expect.objectContaining({ kind: "negation", message: 'negation "not" right before the kept text is cut off' })]);
    const s = SOURCE.indexOf("12 euros");
    const split = checkFidelity({ texts, pieces: [{ resultId: "r", output: "2 euros.", start: s + 1, end: s + 9 }] });
    expect(split.violations.map((v) => v.message)).toContain("a number is cut at the kept text's edge");
  });

  it("checks a selection's spans and an LLM's extracts (kept or unlocated)", () => {
    const span = at("The museum is not open on Mondays.");
    const selection = { results: [{ resultId: "r", spans: [{ resultId: "r", ...span, score: 1, text: SOURCE.slice(span.start, span.end) }] }] };
    const r = selectionFidelity({
      results: [{ id: "r", doc: { text: SOURCE } }],
      selection,
      extracts: [
        { resultId: "r", text: "The museum is open on Mondays.", ...span, method: "fuzzy" },
        { resultId: "r", text: "Tickets cost 12 euros.", ...at("Tickets cost 12 euros.") }, // not kept: not checked
        { resultId: "r", text: "Parking is free.", reason: "not found" },
      ],
    });
    expect(r.checked).toBe(3);
    expect(r.violations.map((v) => v.kind)).toEqual(["negation", "absent"]);
  });
});
