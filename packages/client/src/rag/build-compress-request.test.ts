import { describe, expect, it } from "vitest";
import { buildCompressRequest, sourceFields } from "./build-compress-request.js";

describe("buildCompressRequest", () => {
  it("sends the documents as one result set, ids by position, with the settings given and include.tokens", () => {
    const request = buildCompressRequest({
      query: "when did the bridge open?",
      documents: [{ text: "The bridge opened in 1932." }, { text: "Il ponte è lungo.", title: "Ponte", url: "https://example.org/ponte" }],
      settings: { budget: 120, method: "bm25", threshold: undefined },
    });
    expect(request).toStrictEqual({
      query: "when did the bridge open?",
      results: [
        { id: "0", text: "The bridge opened in 1932." },
        { id: "1", text: "Il ponte è lungo.", title: "Ponte", url: "https://example.org/ponte" },
      ],
      budget: 120,
      method: "bm25",
      include: { tokens: true },
    });
  });

  it("leaves include out when categories are off", () => {
    const request = buildCompressRequest({ query: "q", documents: [{ text: "t" }], categories: false, settings: { preset: "low" } });
    expect(request).toStrictEqual({ query: "q", results: [{ id: "0", text: "t" }], preset: "low" });
  });
});

describe("sourceFields", () => {
  it("takes a title, and a URL from url or source when it is one", () => {
    expect(sourceFields({ title: "T", source: "https://a.example/x" })).toEqual({ title: "T", url: "https://a.example/x" });
    expect(sourceFields({ url: "http://b.example", source: "https://a.example" })).toEqual({ url: "http://b.example" });
    // A file loader's path is no URL; a blank or non-string title is no title.
    expect(sourceFields({ source: "/data/file.txt", title: "  " })).toEqual({});
    expect(sourceFields({ title: 3, url: "ftp://x" })).toEqual({});
    expect(sourceFields({ title: "x".repeat(10_001) })).toEqual({});
    expect(sourceFields(undefined)).toEqual({});
  });
});
