// POST /api/v1/compress refuses bytes it would otherwise garble: invalid UTF-8 in the body is a 400 naming the
// offset (it used to be a 200 with U+FFFD in the snippets); binary data or an unpaired surrogate in a result is a 400
// naming the result. Route handler called directly (bm25: no model needed).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST } from "./route";

const enc = (s: string) => new TextEncoder().encode(s);
const post = (body: Uint8Array | string) =>
  POST(
    new Request("http://127.0.0.1/api/v1/compress", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : new Uint8Array(body),
    }),
    undefined,
  );

let prevKeys: string | undefined;
beforeAll(() => {
  prevKeys = process.env.SNIPPET_LAB_API_KEYS;
  delete process.env.SNIPPET_LAB_API_KEYS;
});
afterAll(() => {
  if (prevKeys !== undefined) process.env.SNIPPET_LAB_API_KEYS = prevKeys;
});

describe("POST /api/v1/compress: encodings", () => {
  it("invalid UTF-8 in the body → 400 {error: {code, message}} with the byte offset", async () => {
    const bytes = new Uint8Array([...enc('{"query": "caffè", "model": "bm25", "results": [{"text": "Il caff'), 0xe8, ...enc(' buono."}]}')]);
    const res = await post(bytes);
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toBe(
      `request body is not valid UTF-8: invalid or truncated sequence at byte offset 66 (byte 0xE8); JSON must be sent as UTF-8`,
    );
    expect(error.details).toEqual({ reason: "encoding", byteOffset: 66 });
  });

  it("truncated UTF-8 at the end of the body → 400", async () => {
    const res = await post(new Uint8Array([...enc('{"query": "q", "results": [{"text": "🙂"}]}'), 0xf0, 0x9f]));
    expect(res.status).toBe(400);
    expect((await res.json()).error.details.reason).toBe("encoding");
  });

  it("binary data or an unpaired surrogate in a result → 400 naming the result", async () => {
    const binary = await post(
      JSON.stringify({ query: "q", model: "bm25", results: [{ text: "fine" }, { text: "\u0000\u0001\u0002\u0003\u0004\u0005" }] }),
    );
    expect(binary.status).toBe(400);
    expect((await binary.json()).error.message).toContain("results.1.text: looks like binary data, not text");
    const lone = await post('{"query": "q", "model": "bm25", "results": [{"html": "<p>bad \\ud83d here</p>"}]}');
    expect(lone.status).toBe(400);
    expect((await lone.json()).error.message).toContain("results.0.html: contains an unpaired surrogate (U+D83D)");
  });

  it("valid UTF-8 (with a BOM, too) still compresses", async () => {
    const res = await post(
      new Uint8Array([0xef, 0xbb, 0xbf, ...enc(JSON.stringify({ query: "caffè", model: "bm25", results: [{ text: "Il caffè è buono." }] }))]),
    );
    expect(res.status).toBe(200);
    expect((await res.json()).results[0].snippet).toBe("Il caffè è buono.");
  });
});
