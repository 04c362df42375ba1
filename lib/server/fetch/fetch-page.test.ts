import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { decodePageBody } from "./decode-page-body";
import { parseContentType } from "../../text-decoding/charset";
import { fetchPage } from "./fetch-page";

// A local server on 127.0.0.1; each path is one scenario.
let server: http.Server;
let base: string;
let port: number;
const seen: { path: string; host: string | undefined }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ path: req.url ?? "", host: req.headers.host });
    const path = req.url ?? "/";
    if (path === "/page") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end("<html><head><title>Hi</title></head><body><p>Café ✓</p></body></html>");
    } else if (path === "/latin1") {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(
        Buffer.concat([Buffer.from('<html><head><meta charset="iso-8859-1"></head><body>Caf'), Buffer.from([0xe9]), Buffer.from("</body></html>")]),
      );
    } else if (path === "/koi8") {
      res.writeHead(200, { "content-type": "text/plain; charset=KOI8-U" });
      res.end(Buffer.from([0xf0, 0xd2, 0xc9, 0xd7, 0xa6, 0xd4, 0x21])); // Привіт!
    } else if (path === "/sjis") {
      res.writeHead(200, { "content-type": "text/html; charset=shift_jis" });
      res.end(Buffer.concat([Buffer.from("<p>"), Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]), Buffer.from("</p>")])); // 日本語
    } else if (path === "/cp1252") {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end(Buffer.from([0x4c, 0x92, 0x65, 0x73, 0x70, 0x72, 0x65, 0x73, 0x73, 0x6f, 0x20, 0x80, 0x31])); // L’espresso €1
    } else if (path === "/binary") {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]));
    } else if (path === "/bad-utf8") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(Buffer.concat([Buffer.from("<p>caf"), Buffer.from([0xe9]), Buffer.from("</p>")]));
    } else if (path === "/text") {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("plain words");
    } else if (path === "/gzip") {
      res.writeHead(200, { "content-type": "text/plain", "content-encoding": "gzip" });
      res.end(zlib.gzipSync("zipped words"));
    } else if (path === "/bomb") {
      res.writeHead(200, { "content-type": "text/plain", "content-encoding": "gzip" });
      res.end(zlib.gzipSync(Buffer.alloc(3 * 1024 * 1024, 0x61)));
    } else if (path === "/json") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    } else if (path === "/missing") {
      res.writeHead(404, { "content-type": "text/html" });
      res.end("nope");
    } else if (path === "/big-declared") {
      res.writeHead(200, { "content-type": "text/plain", "content-length": String(2 * 1024 * 1024) });
      res.end(Buffer.alloc(2 * 1024 * 1024, 0x61));
    } else if (path === "/big-chunked") {
      // No Content-Length: the cap must hold while streaming.
      res.writeHead(200, { "content-type": "text/plain" });
      let sent = 0;
      const push = () => {
        while (sent < 4 * 1024 * 1024) {
          sent += 64 * 1024;
          if (!res.write(Buffer.alloc(64 * 1024, 0x62))) return void res.once("drain", push);
        }
        res.end();
      };
      push();
      res.on("error", () => {});
    } else if (path === "/slow") {
      res.writeHead(200, { "content-type": "text/plain" });
      res.write("first bytes, then nothing");
      // Never ends: the deadline must fire.
    } else if (path.startsWith("/redirect/")) {
      const n = Number(path.split("/")[2]);
      res.writeHead(302, { location: n > 0 ? `/redirect/${n - 1}` : "/page" });
      res.end();
    } else if (path === "/to-private") {
      res.writeHead(302, { location: `http://10.0.0.1:${port}/page` });
      res.end();
    } else if (path === "/to-other-loopback") {
      res.writeHead(301, { location: `http://127.0.0.2:${port}/page` });
      res.end();
    } else if (path === "/to-file") {
      res.writeHead(302, { location: "file:///etc/passwd" });
      res.end();
    } else {
      res.writeHead(500);
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
const prevEnv = process.env.SNIPPET_LAB_FETCH_ALLOW_PRIVATE;
afterEach(() => {
  if (prevEnv === undefined) delete process.env.SNIPPET_LAB_FETCH_ALLOW_PRIVATE;
  else process.env.SNIPPET_LAB_FETCH_ALLOW_PRIVATE = prevEnv;
});

const reasonOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return { code: (e as { code?: string }).code, reason: (e as { details?: { reason?: string } }).details?.reason, message: (e as Error).message };
  }
  throw new Error("expected the fetch to fail");
};

describe("fetchPage", () => {
  it("fetches 127.0.0.1 with SNIPPET_LAB_FETCH_ALLOW_PRIVATE=1 and decodes UTF-8 HTML", async () => {
    process.env.SNIPPET_LAB_FETCH_ALLOW_PRIVATE = "1";
    const page = await fetchPage({ url: `${base}/page` });
    expect(page).toMatchObject({ url: `${base}/page`, kind: "html", charset: "utf-8", address: "127.0.0.1" });
    expect(page.content).toContain("Café ✓");
  });

  it("refuses 127.0.0.1 without the flag, before connecting", async () => {
    delete process.env.SNIPPET_LAB_FETCH_ALLOW_PRIVATE;
    const before = seen.length;
    const r = await reasonOf(fetchPage({ url: `${base}/page` }));
    expect(r).toMatchObject({ code: "BAD_REQUEST", reason: "blocked-address" });
    expect(r.message).toMatch(/127\.0\.0\.1 is a loopback address/);
    expect(seen.length).toBe(before);
  });

  it("refuses hosts that resolve to a private address, and an IPv4-mapped loopback literal", async () => {
    const r = await reasonOf(fetchPage({ url: `http://intranet.test:${port}/page`, resolve: async () => [{ address: "10.1.2.3", family: 4 }] }));
    expect(r).toMatchObject({ reason: "blocked-address" });
    const mixed = await reasonOf(
      fetchPage({
        url: `http://mixed.test:${port}/page`,
        resolve: async () => [
          { address: "93.184.216.34", family: 4 },
          { address: "127.0.0.1", family: 4 },
        ],
      }),
    );
    expect(mixed).toMatchObject({ reason: "blocked-address" });
    const mapped = await reasonOf(fetchPage({ url: `http://[::ffff:127.0.0.1]:${port}/page`, allowPrivate: false }));
    expect(mapped).toMatchObject({ reason: "blocked-address" });
    expect(mapped.message).toMatch(/embeds 127\.0\.0\.1/);
  });

  it("connects to the checked address, not a second DNS answer (pinned lookup)", async () => {
    const before = seen.length;
    let calls = 0;
    const page = await fetchPage({
      url: `http://pinned.test:${port}/text`,
      allowedAddresses: ["127.0.0.1"],
      // A rebinding resolver would answer differently the second time; only the first answer is ever used.
      resolve: async () => (calls++ === 0 ? [{ address: "127.0.0.1", family: 4 }] : [{ address: "10.9.9.9", family: 4 }]),
    });
    expect(page.content).toBe("plain words");
    expect(calls).toBe(1);
    expect(seen.slice(before)).toEqual([{ path: "/text", host: `pinned.test:${port}` }]);
  });

  it("refuses non-http schemes, also as a redirect target", async () => {
    for (const url of ["file:///etc/passwd", "ftp://example.com/x", "javascript:alert(1)", "data:text/html,hi"]) {
      expect(await reasonOf(fetchPage({ url }))).toMatchObject({ code: "BAD_REQUEST", reason: "scheme" });
    }
    expect(await reasonOf(fetchPage({ url: "not a url" }))).toMatchObject({ reason: "url" });
    expect(await reasonOf(fetchPage({ url: `${base}/to-file`, allowPrivate: true }))).toMatchObject({ reason: "scheme" });
  });

  it("re-checks every redirect: a redirect to a private address is refused", async () => {
    const r = await reasonOf(fetchPage({ url: `${base}/to-private`, allowedAddresses: ["127.0.0.1"] }));
    expect(r).toMatchObject({ reason: "blocked-address" });
    expect(r.message).toMatch(/10\.0\.0\.1 is a private address/);
    const before = seen.length;
    const r2 = await reasonOf(fetchPage({ url: `${base}/to-other-loopback`, allowedAddresses: ["127.0.0.1"] }));
    expect(r2).toMatchObject({ reason: "blocked-address" });
    expect(seen.slice(before).map((s) => s.path)).toEqual(["/to-other-loopback"]);
  });

  it("follows up to 5 redirects, not 6", async () => {
    const ok = await fetchPage({ url: `${base}/redirect/4`, allowPrivate: true });
    expect(ok.url).toBe(`${base}/page`);
    expect(await reasonOf(fetchPage({ url: `${base}/redirect/5`, allowPrivate: true }))).toMatchObject({ reason: "redirects" });
  });

  it("enforces the size limit from Content-Length, while streaming and after decompression", async () => {
    const maxBytes = 1024 * 1024;
    expect(await reasonOf(fetchPage({ url: `${base}/big-declared`, allowPrivate: true, maxBytes }))).toMatchObject({ reason: "too-large" });
    expect(await reasonOf(fetchPage({ url: `${base}/big-chunked`, allowPrivate: true, maxBytes }))).toMatchObject({ reason: "too-large" });
    expect(await reasonOf(fetchPage({ url: `${base}/bomb`, allowPrivate: true, maxBytes }))).toMatchObject({ reason: "too-large" });
    expect((await fetchPage({ url: `${base}/gzip`, allowPrivate: true })).content).toBe("zipped words");
  });

  it("enforces the overall timeout on a body that never ends", async () => {
    const r = await reasonOf(fetchPage({ url: `${base}/slow`, allowPrivate: true, timeoutMs: 300 }));
    expect(r).toMatchObject({ code: "UNPROCESSABLE", reason: "timeout" });
    expect(r.message).toMatch(/longer than 0\.3 s/);
  });

  it("accepts HTML and text only, and reports HTTP errors", async () => {
    expect(await reasonOf(fetchPage({ url: `${base}/json`, allowPrivate: true }))).toMatchObject({ reason: "content-type" });
    expect(await reasonOf(fetchPage({ url: `${base}/missing`, allowPrivate: true }))).toMatchObject({ reason: "http-status" });
    const text = await fetchPage({ url: `${base}/text`, allowPrivate: true });
    expect(text).toMatchObject({ kind: "text", content: "plain words" });
  });

  it("decodes the <meta> charset", async () => {
    const page = await fetchPage({ url: `${base}/latin1`, allowPrivate: true });
    expect(page.charset).toBe("windows-1252");
    expect(page.content).toContain("Café");
  });
});

describe("page charsets: strict, from the header, <meta>, a BOM or a careful sniff", () => {
  it("decodes the Content-Type charset (KOI8-U, Shift_JIS) and sniffs windows-1252", async () => {
    expect(await fetchPage({ url: `${base}/koi8`, allowPrivate: true })).toMatchObject({ content: "Привіт!", charset: "koi8-u" });
    expect(await fetchPage({ url: `${base}/sjis`, allowPrivate: true })).toMatchObject({ content: "<p>日本語</p>", charset: "shift_jis" });
    expect(await fetchPage({ url: `${base}/cp1252`, allowPrivate: true })).toMatchObject({ content: "L’espresso €1", charset: "windows-1252" });
  });

  it("refuses binary bodies and bytes invalid in the declared charset with a 422 naming the URL", async () => {
    const binary = await reasonOf(fetchPage({ url: `${base}/binary`, allowPrivate: true }));
    expect(binary).toMatchObject({ code: "UNPROCESSABLE", reason: "binary", message: `${base}/binary: looks like binary data, not text` });
    const bad = await reasonOf(fetchPage({ url: `${base}/bad-utf8`, allowPrivate: true }));
    expect(bad).toMatchObject({
      reason: "invalid-declared",
      message: `${base}/bad-utf8: declared as utf-8 (Content-Type) but is not valid utf-8 (byte 0xE9 at offset 6)`,
    });
  });
});

describe("decodePageBody / parseContentType", () => {
  it("parses charset parameters and prefers a BOM", () => {
    expect(parseContentType('text/HTML; Charset="ISO-8859-1"')).toEqual({ mediaType: "text/html", charset: "iso-8859-1" });
    expect(parseContentType(null)).toEqual({ mediaType: "" });
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]);
    expect(decodePageBody(bom, { kind: "text", charset: "iso-8859-1" })).toEqual({ text: "hi", charset: "utf-8" });
    expect(decodePageBody(new TextEncoder().encode("ok"), { kind: "text", charset: "no-such-charset" }).charset).toBe("utf-8");
  });
});
