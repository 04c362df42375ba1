import { describe, expect, it } from "vitest";
import { textToCanonical } from "../text/text-to-canonical";
import { buildFeverPassages, claimSubject, groupFeverPairs } from "./fever-passages";
import { detokenizeFever, parseFeverPairs, splitFeverSentences } from "./read-fever-pairs";

const lines = [
  { id: 1, claim: "Telemundo is owned by Comcast.", evidence: "Telemundo is an American network owned by Comcast .", label: "entailment" },
  {
    id: 2,
    claim: "Telemundo is in Florida.",
    evidence: "Telemundo is headquartered in Hialeah , Florida . It has 1,900 employees .",
    label: "entailment",
  },
  { id: 3, claim: "Telemundo broadcasts in Klingon.", evidence: "Its shows air in Spanish across the country .", label: "not_entailment" },
  { id: 4, claim: "Soul Food is a film.", evidence: "Soul Food is a 1997 American comedy-drama film .", label: "entailment" },
  { id: 5, claim: "There is a capital called Mogadishu.", evidence: "Mogadishu ( -LSB- x -RSB- ) is the capital of Somalia .", label: "entailment" },
  { id: 6, claim: "Somalia has a capital.", evidence: "Mogadishu ( -LSB- x -RSB- ) is the capital of Somalia .", label: "entailment" },
  { id: 7, claim: "Paris is in France.", evidence: "Paris is the capital of France .", label: "entailment" },
];
const pairs = parseFeverPairs(lines.map((l) => JSON.stringify(l)).join("\n"));

describe("FEVER pairs", () => {
  it("splits tokenized evidence into sentences and detokenizes them", () => {
    expect(splitFeverSentences("A b . C `` d '' e . F ?")).toEqual(["A b .", "C `` d '' e .", "F ?"]);
    expect(detokenizeFever("Mogadishu ( -LSB- x -RSB- ) , known as `` Hamar , '' is Somalia 's capital .")).toBe(
      'Mogadishu ([x]), known as "Hamar," is Somalia\'s capital.',
    );
    expect(pairs[1]!.sentences).toHaveLength(2);
    expect(pairs[2]!.entailed).toBe(false);
  });

  it("groups pairs by claim subject and by shared evidence sentences", () => {
    expect(claimSubject("Telemundo is owned by Comcast.")).toBe("telemundo");
    expect(claimSubject("The Beatles were a band.")).toBe("beatles");
    expect(claimSubject("2016 Tour de France was won by Chris Froome.")).toBe("2016 tour de france");
    expect(claimSubject("Telemundo's shows air in Spanish.")).toBe("telemundo");
    expect(claimSubject("There is a capital called Mogadishu.")).toBeUndefined();
    const g = groupFeverPairs(pairs);
    expect(new Set(["1", "2", "3"].map((id) => g.get(id)))).toEqual(new Set(["fever:1"]));
    // No subject words in common, but the same evidence sentence: one group.
    expect(g.get("5")).toBe(g.get("6"));
    expect(g.get("4")).not.toBe(g.get("1"));
    expect(g.get("7")).not.toBe(g.get("5"));
  });

  it("builds one passage per entailed claim: its evidence among distractors, same-subject ones sharing no claim word", () => {
    const groups = groupFeverPairs(pairs);
    const ex = buildFeverPassages({ pairs, groups, keep: () => true, distractors: 2, topical: 2 });
    expect(ex.map((e) => e.id)).toEqual(["fever:1", "fever:2", "fever:4", "fever:5", "fever:6", "fever:7"]);
    const first = ex[0]!;
    const doc = textToCanonical(first.results[0]!.text!);
    expect(first.evidence.map((e) => doc.text.slice(e.start, e.end))).toEqual(["Telemundo is an American network owned by Comcast."]);
    // The same subject's sentences that share no word with the claim ("Its shows air in Spanish…") are distractors;
    // none of another subject's group comes from the claim's own group twice.
    expect(doc.text).toContain("Its shows air in Spanish across the country.");
    expect(doc.text).toContain("It has 1,900 employees.");
    // Deterministic.
    expect(buildFeverPassages({ pairs, groups, keep: () => true, distractors: 2, topical: 2 })).toEqual(ex);
    // Only kept groups, and distractors only from them.
    const only = buildFeverPassages({ pairs, groups, keep: (g) => g === groups.get("1"), distractors: 2, topical: 2 });
    expect(only.map((e) => e.id)).toEqual(["fever:1", "fever:2"]);
    expect(only.every((e) => !e.results[0]!.text!.includes("Soul Food"))).toBe(true);
  });
});
