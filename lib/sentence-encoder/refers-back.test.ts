import { describe, expect, it } from "vitest";
import { refersBack } from "./refers-back";

describe("refersBack", () => {
  it("reads a referring pronoun or determiner among the opening words", () => {
    expect(refersBack("This basin encompasses seven million square kilometres.")).toBe(true);
    expect(refersBack("In 1990, he moved to Paris.")).toBe(true);
    expect(refersBack("After the war its population grew.")).toBe(true);
    expect(refersBack("The latter was built in 1901.")).toBe(true);
    expect(refersBack("That year the river flooded.")).toBe(true);
  });

  it("leaves sentences that name their subject, and pronouns further in", () => {
    expect(refersBack("The Amazon basin encompasses seven million square kilometres of which it covers most.")).toBe(false);
    expect(refersBack("Paris is the capital of France.")).toBe(false);
    expect(refersBack("Scientists at the institute said that it was late.")).toBe(false);
    expect(refersBack("")).toBe(false);
  });

  it("does not read other languages' words as English pronouns", () => {
    expect(refersBack("Це місто було засноване у 1990 році.")).toBe(false);
    expect(refersBack("这个盆地很大。")).toBe(false);
  });
});
