import path from "node:path";
import { describe, expect, it } from "vitest";
import { readSciFactClaims } from "../read-scifact-claims";
import { readSquad } from "../read-squad";
import { createRng } from "../synthesize-page";
import type { BoilerplatePage } from "./boilerplate-pool";
import { CAT } from "./categories";
import { anyClaimSource, claimSourceExamples, describeClaimSources, type ClaimSources } from "./claim-training-sources";
import { groupQaArticles } from "./qa-articles";

const fixtures = path.join(import.meta.dirname, "..", "fixtures");
const boilerplate: BoilerplatePage[] = [
  {
    name: "site",
    top: [{ input: { text: "Home | News | Sport", role: "navigation" }, cat: CAT.ui_navigation }],
    middle: [],
    bottom: [{ input: { text: "© 2024 The Site. All rights reserved.", role: "footer" }, cat: CAT.metadata }],
  },
];

async function sources(): Promise<ClaimSources> {
  const claims = (await readSciFactClaims(path.join(fixtures, "scifact-claims-tiny.jsonl"), path.join(fixtures, "scifact-corpus-tiny.jsonl"))).filter(
    (e) => e.evidence.length > 0 && e.results.length === 1,
  );
  const squad2 = await readSquad(path.join(fixtures, "squad2-tiny.json"));
  const uk = groupQaArticles(
    squad2.filter((e) => e.evidence.length > 0),
    "uk",
  );
  return {
    claims: { train: claims, val: [] },
    squad2: { train: squad2.filter((e) => e.evidence.length === 0), val: [] },
    ukSquad: { train: uk, val: [] },
  };
}

const vitalText = (doc: { doc: { text: string }; categories: Uint8Array }) =>
  [...doc.doc.text].filter((_, i) => doc.categories[i] === CAT.vital).join("");

describe("claimSourceExamples", () => {
  it("labels the supporting or refuting sentence of a claim vital and the rest off-topic, some inside a page", async () => {
    const src = await sources();
    const out = Array.from({ length: 8 }, (_, seed) =>
      claimSourceExamples({ sources: src, shares: { claims: 1 }, part: "train", rng: createRng(seed), boilerplate }),
    ).flat();
    expect(new Set(out.map((e) => e.source))).toEqual(new Set(["citint:claim", "citint:claim-page"]));
    for (const ex of out) {
      const [doc] = ex.docs;
      expect(["Aspirin lowers the risk of stroke in adults over fifty.", "Supplements did not reduce the number of colds."]).toContain(
        vitalText(doc!),
      );
      if (ex.source.endsWith("-page")) {
        expect(doc!.doc.text).toContain("Home | News | Sport");
        expect(doc!.categories[0]).toBe(CAT.ui_navigation);
      } else expect([...doc!.categories].every((c) => c === CAT.vital || c === CAT.off_topic)).toBe(true);
    }
  });

  it("asks SQuAD 2.0's unanswerable questions with nothing vital, and UA-SQuAD's in the QA variants", async () => {
    const src = await sources();
    const out = claimSourceExamples({ sources: src, shares: { squad2Unanswerable: 1, ukSquad: 1 }, part: "train", rng: createRng(3), boilerplate });
    const unanswerable = out.filter((e) => e.source.startsWith("squad2:"));
    expect(unanswerable).toHaveLength(3);
    for (const ex of unanswerable) expect(vitalText(ex.docs[0]!)).toBe("");
    const uk = out.filter((e) => e.source.startsWith("uk-squad:"));
    expect(uk.some((e) => e.source === "uk-squad:plain")).toBe(true);
    expect(uk.filter((e) => e.source === "uk-squad:plain").every((e) => e.locale === "uk")).toBe(true);
  });

  it("builds nothing at share 0 and names the licences of the sources that are on", async () => {
    const src = await sources();
    expect(claimSourceExamples({ sources: src, shares: {}, part: "train", rng: createRng(1), boilerplate })).toEqual([]);
    expect(anyClaimSource({ claims: 0, squad2Unanswerable: 0 })).toBe(false);
    expect(anyClaimSource({ ukSquad: 0.5 })).toBe(true);
    expect(Object.keys(describeClaimSources({ claims: 1, ukSquad: 0 }))).toEqual(["claims"]);
  });
});
