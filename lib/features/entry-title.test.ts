import { describe, expect, it } from "vitest";
import { textToCanonical } from "../text/text-to-canonical";
import { entryTitle, titleOrEntryName } from "./entry-title";

describe("entryTitle", () => {
  it("takes the name an entry opens with, up to its copula, parenthesis or dash", () => {
    expect(entryTitle("Kyiv (Ukrainian: Київ) is the capital and most populous city of Ukraine.")).toBe("Kyiv");
    expect(entryTitle("The Beatles were an English rock band formed in Liverpool in 1960.")).toBe("The Beatles");
    expect(entryTitle("The Bank of England is the central bank of the United Kingdom.")).toBe("The Bank of England");
    expect(entryTitle("Il Colosseo è un anfiteatro di epoca romana.")).toBe("Il Colosseo");
    expect(entryTitle("Київ — столиця та найбільше місто України.")).toBe("Київ");
    expect(entryTitle("Joseph S. Krupa, Sr. (July 6, 1933 – September 13, 2011) was a former player.")).toBe("Joseph S. Krupa");
    expect(entryTitle("The 2012–13 Premier League was the 21st season of the league.")).toBe("The 2012–13 Premier League");
  });

  it("leaves running prose alone", () => {
    expect(entryTitle("In 1990 the company was sold to a rival.")).toBeUndefined();
    expect(entryTitle("However, Kenya is still a poor country.")).toBeUndefined();
    expect(entryTitle("He was born in Paris and moved to Rome.")).toBeUndefined();
    expect(entryTitle("This is the first result of the study.")).toBeUndefined();
    expect(entryTitle("The model is trained on two public datasets.")).toBeUndefined();
    expect(entryTitle("We show that the method is faster.")).toBeUndefined();
    expect(entryTitle("Many of the Kenyan schools are private.")).toBeUndefined();
    expect(entryTitle("A very Long Title With Many Capitalised Words Across Eleven Words Here Now Is odd.")).toBeUndefined();
  });
});

describe("titleOrEntryName", () => {
  const doc = textToCanonical("Eric Marlon Bishop (born December 13, 1967) is an American actor.\n\nHe is known as Jamie Foxx.");
  it("keeps a given title, else the page's, else takes the name the first paragraph opens with", () => {
    expect(titleOrEntryName(doc, "Jamie Foxx")).toBe("Jamie Foxx");
    expect(titleOrEntryName({ ...doc, title: "Foxx" }, undefined)).toBe("Foxx");
    expect(titleOrEntryName(doc, undefined)).toBe("Eric Marlon Bishop");
    expect(titleOrEntryName(textToCanonical("We show that compression helps."), undefined)).toBeUndefined();
  });
});
