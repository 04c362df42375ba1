import { describe, expect, it } from "vitest";
import { stripCitationMarkers } from "./strip-citation-markers";

describe("stripCitationMarkers", () => {
  it("removes bracketed and parenthesised groups that hold a marker, bare markers and numeric references", () => {
    expect(stripCitationMarkers("Long RNAs regulate p53 [<|multi_cit|>,7].")).toBe("Long RNAs regulate p53.");
    expect(stripCitationMarkers("IL-17 rises in COVID-19 (Smith et al., <|other_cit|>; Lee, <|cit|>).")).toBe("IL-17 rises in COVID-19.");
    expect(stripCitationMarkers("It binds miR-211.<|cit|> Liu et al. agree [12].")).toBe("It binds miR-211. Liu et al. agree.");
    expect(stripCitationMarkers("as reported<|multi_cit|>, then [4, 5] confirmed")).toBe("as reported, then confirmed");
  });

  it("keeps brackets that are part of the claim and numbers like P < .001", () => {
    expect(stripCitationMarkers("recovery 10 days [95% CI, 9–11]; P < .001 [<|cit|>].")).toBe("recovery 10 days [95% CI, 9–11]; P < .001.");
  });
});
