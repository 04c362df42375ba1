import path from "node:path";
import { describe, expect, it } from "vitest";
import { textToCanonical } from "../text/text-to-canonical";
import { parseHotpotQa, readHotpotQa } from "./read-hotpotqa";

const fixture = path.join(import.meta.dirname, "fixtures", "hotpotqa-tiny.json");

describe("readHotpotQa", () => {
  it("makes one result per paragraph and locates supporting sentences", async () => {
    const [h1, h2] = await readHotpotQa(fixture);
    expect(h1!.results.map((r) => r.id)).toEqual(["Ostrel Cheese Fair", "Varna River", "Kestrel Observatory", "Lumen Bridge"]);
    expect(h1!.results[1]!.text).toBe(
      "The Varna is a river of the Tessel region. It flows through the town of Ostrel. Its source lies on Mount Harrow. Trout are common in its upper reaches.",
    );
    const texts = h1!.evidence.map((e) => textToCanonical(h1!.results.find((r) => r.id === e.resultId)!.text!).text.slice(e.start, e.end));
    expect(texts).toEqual(["It flows through the town of Ostrel.", "It was completed in 1898."]);
    expect(h1!.answers).toEqual(["1898"]);
    expect(h1!.group).toBe("h1");
    expect(h2!.answers).toBeUndefined(); // yes/no
  });

  it("rejects bad records with their index", () => {
    const good = { _id: "a", question: "q", answer: "x", supporting_facts: [["P", 0]], context: [["P", ["One."]]] };
    const dangling = { ...good, _id: "b", supporting_facts: [["P", 3]] };
    expect(() => parseHotpotQa([good, dangling, { _id: "c" }])).toThrow(/\[1\]: supporting fact[\s\S]*\[2\]: question/);
    expect(() => parseHotpotQa({})).toThrow(/JSON array/);
  });
});
