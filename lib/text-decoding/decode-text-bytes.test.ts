// The one decoder of uploaded and fetched documents, on real byte fixtures (fixtures/, written by Python's codecs:
// cp1252, UTF-16 with BOMs, KOI8-U and windows-1251 Ukrainian, GB18030 Chinese, random bytes, truncated UTF-8).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isAppError } from "../errors";
import { findMetaCharset, parseContentType, resolveCharset } from "./charset";
import { decodeTextBytes, looksLikeWindows1252 } from "./decode-text-bytes";
import { decodeTextFile, textFileKind } from "./decode-text-file";
import { decodeWindows1252 } from "./decode-windows-1252";
import { scanUtf8 } from "./find-invalid-utf8";
import { findTextProblem } from "./find-text-problem";

const fixture = (name: string) => new Uint8Array(readFileSync(path.join(import.meta.dirname, "fixtures", name)));
const enc = (s: string) => new TextEncoder().encode(s);
const UKRAINIAN = "Привіт, світе! Ґанок, їжак, Європа й ще трохи тексту українською.";
const CHINESE = "今天天气很好，我们去公园散步吧。中文文本测试：GB18030 编码。";

describe("decodeTextBytes", () => {
  it("UTF-8 stays UTF-8, with or without a BOM", () => {
    expect(decodeTextBytes(enc("café 🙂"), { name: "a.txt" })).toEqual({ ok: true, text: "café 🙂", encoding: "utf-8", source: "utf-8" });
    expect(decodeTextBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...enc("café")]), { name: "a.txt" })).toMatchObject({ text: "café", source: "bom" });
    expect(decodeTextBytes(new Uint8Array(), { name: "empty.txt" })).toMatchObject({ ok: true, text: "" });
  });

  it("a cp1252 file is sniffed as windows-1252 (the bug: 'Il caff� � buono')", () => {
    const r = decodeTextBytes(fixture("cp1252-italian.txt"), { name: "caffe.txt" });
    expect(r).toMatchObject({ ok: true, encoding: "windows-1252", source: "sniffed" });
    expect(r.ok && r.text).toBe("Il caffè è buono. L’espresso costa 1,20 € — «perché no?»\nÀ domani, Müller & Søren.\n");
  });

  it("UTF-16LE and UTF-16BE with a byte order mark", () => {
    const want = "Grüße aus Köln — 日本語のテキスト 🙂\nZweite Zeile.\n";
    expect(decodeTextBytes(fixture("utf16le-bom.txt"), { name: "le.txt" })).toEqual({ ok: true, text: want, encoding: "utf-16le", source: "bom" });
    expect(decodeTextBytes(fixture("utf16be-bom.txt"), { name: "be.txt" })).toEqual({ ok: true, text: want, encoding: "utf-16be", source: "bom" });
    // UTF-16 without its BOM is full of NUL bytes: binary, not mojibake.
    expect(decodeTextBytes(fixture("utf16le-bom.txt").subarray(2), { name: "nobom.txt" })).toMatchObject({ ok: false, reason: "binary" });
    // A BOM followed by an odd number of bytes is refused, not patched with U+FFFD.
    expect(decodeTextBytes(fixture("utf16le-bom.txt").subarray(0, 9), { name: "odd.txt" })).toMatchObject({ ok: false, reason: "invalid-declared" });
  });

  it("KOI8-U and GB18030 HTML declared with <meta charset> / <meta http-equiv>", () => {
    const koi = decodeTextBytes(fixture("koi8u-ukrainian.html"), { name: "uk.html", kind: "html" });
    expect(koi).toMatchObject({ ok: true, encoding: "koi8-u", source: "declared", declaredBy: "meta" });
    expect(koi.ok && koi.text).toContain(UKRAINIAN);
    const gb = decodeTextBytes(fixture("gb18030-chinese.html"), { name: "zh.html", kind: "html" });
    expect(gb).toMatchObject({ ok: true, encoding: "gb18030", source: "declared", declaredBy: "meta" });
    expect(gb.ok && gb.text).toContain(CHINESE);
    // <meta> is HTML only.
    expect(decodeTextBytes(fixture("koi8u-ukrainian.html"), { name: "uk.txt", kind: "text" })).toMatchObject({
      ok: false,
      reason: "unknown-encoding",
    });
  });

  it("a charset from Content-Type (or a part's type) decodes text files", () => {
    const uk = decodeTextBytes(fixture("windows1251-ukrainian.txt"), { name: "uk.txt", charset: "windows-1251" });
    expect(uk).toMatchObject({ ok: true, encoding: "windows-1251", source: "declared", declaredBy: "content-type" });
    expect(uk.ok && uk.text).toBe(`${UKRAINIAN}\n`);
    const zh = decodeTextBytes(fixture("gb18030-chinese.txt"), { name: "zh.txt", charset: "GB18030" });
    expect(zh.ok && zh.text).toBe(`${CHINESE}\n`);
    // The transport's charset wins over <meta>.
    const koiAsHeader = decodeTextBytes(fixture("koi8u-ukrainian.html"), { name: "uk.html", kind: "html", charset: "koi8-u" });
    expect(koiAsHeader).toMatchObject({ ok: true, declaredBy: "content-type" });
    // Bytes invalid in the declared charset are refused, never replaced.
    expect(decodeTextBytes(new Uint8Array([0xd6, 0x20, 0x41]), { name: "bad.txt", charset: "gb18030" })).toMatchObject({
      ok: false,
      reason: "invalid-declared",
      message: "bad.txt: declared as gb18030 (Content-Type) but is not valid gb18030",
    });
    expect(decodeTextBytes(new Uint8Array([0x61, 0xe9]), { name: "u.txt", charset: "utf-8" })).toMatchObject({ ok: false, byteOffset: 1 });
    // UTF-16 declared by the transport is used as declared.
    expect(decodeTextBytes(fixture("utf16le-bom.txt").subarray(2), { name: "le.txt", charset: "utf-16le" })).toMatchObject({
      ok: true,
      encoding: "utf-16le",
    });
  });

  it("valid UTF-8 beats a stale legacy declaration; unknown labels are ignored", () => {
    const html = enc('<meta charset="windows-1252"><p>café — 日本</p>');
    expect(decodeTextBytes(html, { name: "p.html", kind: "html" })).toMatchObject({
      ok: true,
      text: '<meta charset="windows-1252"><p>café — 日本</p>',
      encoding: "utf-8",
    });
    expect(decodeTextBytes(enc("café"), { name: "p.txt", charset: "iso-8859-1" })).toMatchObject({ ok: true, text: "café", encoding: "utf-8" });
    expect(decodeTextBytes(enc("ok"), { name: "p.txt", charset: "x-no-such-charset" })).toMatchObject({ ok: true, encoding: "utf-8" });
    expect(decodeTextBytes(fixture("cp1252-italian.txt"), { name: "c.txt", charset: "utf-7" })).toMatchObject({ ok: true, source: "sniffed" });
  });

  it("undeclared Cyrillic and Chinese legacy text is refused, not guessed as windows-1252", () => {
    for (const name of ["windows1251-ukrainian.txt", "gb18030-chinese.txt"]) {
      const r = decodeTextBytes(fixture(name), { name });
      expect(r).toMatchObject({ ok: false, reason: "unknown-encoding" });
      expect(!r.ok && r.message).toMatch(
        new RegExp(
          `^${name.replace(".", "\\.")}: not UTF-8, and its encoding could not be recognised \\(byte 0x[0-9A-F]{2} at offset 0\\); save it as UTF-8$`,
        ),
      );
    }
  });

  it("random bytes are binary ('junk.txt: looks like binary data, not text')", () => {
    const r = decodeTextBytes(fixture("random-binary.bin"), { name: "junk.txt" });
    expect(r).toMatchObject({ ok: false, reason: "binary", message: "junk.txt: looks like binary data, not text" });
    // Without NUL bytes too (control bytes everywhere), and valid UTF-8 that is mostly controls.
    const noNul = fixture("random-binary.bin").map((b) => (b === 0 ? 1 : b));
    expect(decodeTextBytes(noNul, { name: "junk.txt" })).toMatchObject({ ok: false, reason: "binary" });
    expect(decodeTextBytes(new Uint8Array(200).fill(0x01), { name: "ctl.txt" })).toMatchObject({ ok: false, reason: "binary" });
    // Declared windows-1252 decodes any byte: the decoded text is checked too.
    expect(decodeTextBytes(noNul, { name: "junk.txt", charset: "windows-1252" })).toMatchObject({ ok: false, reason: "binary" });
    // A stray form feed or a terminal colour code is text.
    expect(decodeTextBytes(enc("page 1\fpage 2 \u001b[31mred\u001b[0m"), { name: "log.txt" })).toMatchObject({ ok: true });
  });

  it("truncated and damaged UTF-8 is refused with the offset, never sniffed as windows-1252", () => {
    const cut = fixture("truncated-utf8.txt");
    expect(decodeTextBytes(cut, { name: "cut.txt" })).toMatchObject({
      ok: false,
      reason: "invalid-utf-8",
      byteOffset: cut.length - 2,
      message: `cut.txt: not valid UTF-8: it ends in the middle of a character (byte offset ${cut.length - 2}); is the file truncated?`,
    });
    const damaged = new Uint8Array([...enc("äöü ß 🙂 "), 0xff, ...enc(" more äöü")]);
    expect(decodeTextBytes(damaged, { name: "d.txt" })).toMatchObject({ ok: false, reason: "invalid-utf-8", byteOffset: 15 });
    expect(decodeTextBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0xc3]), { name: "b.txt" })).toMatchObject({
      ok: false,
      reason: "invalid-utf-8",
      byteOffset: 4,
    });
  });
});

describe("helpers", () => {
  it("scanUtf8 tells legacy text from damaged UTF-8", () => {
    expect(scanUtf8(enc("ok 🙂"))).toMatchObject({ firstInvalid: -1, multiByte: 1 });
    expect(scanUtf8(fixture("cp1252-italian.txt"))).toMatchObject({ firstInvalid: 7, multiByte: 0, truncatedAtEnd: false });
    expect(scanUtf8(new Uint8Array([0x61, 0xe2, 0x82]))).toMatchObject({ firstInvalid: 1, invalid: 1, truncatedAtEnd: true });
  });

  it("decodeWindows1252 follows the WHATWG table (Node's TextDecoder does not: nodejs/node#60888)", () => {
    const high = decodeWindows1252(Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i));
    expect(high).toBe("€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ");
    expect(decodeWindows1252(new Uint8Array([0x41, 0xe9, 0xff]))).toBe("Aéÿ");
  });

  it("looksLikeWindows1252 refuses runs of high bytes and undefined bytes", () => {
    expect(looksLikeWindows1252(fixture("cp1252-italian.txt"))).toBe(true);
    expect(looksLikeWindows1252(fixture("windows1251-ukrainian.txt"))).toBe(false);
    expect(looksLikeWindows1252(fixture("gb18030-chinese.txt"))).toBe(false);
    expect(looksLikeWindows1252(new Uint8Array([0x61, 0x81, 0x62]))).toBe(false);
  });

  it("charset labels, Content-Type and the HTML prescan", () => {
    expect(resolveCharset("Latin1")).toBe("windows-1252");
    expect(resolveCharset("KOI8-U")).toBe("koi8-u");
    expect(resolveCharset("shift_jis")).toBe("shift_jis");
    expect(resolveCharset("iso-2022-kr")).toBeUndefined(); // the "replacement" encoding
    expect(resolveCharset("utf-7")).toBeUndefined();
    expect(parseContentType('text/HTML; Charset="ISO-8859-1"')).toEqual({ mediaType: "text/html", charset: "iso-8859-1" });
    expect(findMetaCharset(enc("<html><head><META CHARSET='Shift_JIS'>"))).toBe("shift_jis");
    expect(findMetaCharset(enc('<meta content="text/html; charset=euc-kr" http-equiv="content-type">'))).toBe("euc-kr");
    expect(findMetaCharset(enc('<!-- <meta charset="big5"> --><meta name="description" content="charset=koi8-r">'))).toBeUndefined();
    expect(findMetaCharset(enc('<meta charset="utf-16">'))).toBe("utf-8");
    expect(findMetaCharset(enc(`${" ".repeat(1100)}<meta charset="big5">`))).toBeUndefined();
  });

  it("findTextProblem: NULs, control characters, unpaired surrogates", () => {
    expect(findTextProblem("plain text\twith tabs\r\n")).toBeNull();
    expect(findTextProblem("a\u0000b")).toBeNull(); // a trace is stripped by canonicalization…
    expect(findTextProblem("a\u0000b", { nulIsBinary: true })).toMatchObject({ reason: "binary", nulAt: 1 }); // …but not in a file
    expect(findTextProblem("\u0001\u0002\u0003\u0004 text")).toMatchObject({ reason: "binary", controlChars: 4 });
    expect(findTextProblem("emoji 🙂 ok")).toBeNull();
    expect(findTextProblem("bad \ud83d here")).toMatchObject({
      reason: "unpaired-surrogate",
      at: 4,
      message: "contains an unpaired surrogate (U+D83D) at character 4",
    });
  });

  it("decodeTextFile throws a 422 naming the file; textFileKind reads the name and type", () => {
    expect(decodeTextFile(fixture("cp1252-italian.txt"), { name: "caffe.txt" }).text).toMatch(/^Il caffè è buono/);
    expect(decodeTextFile(fixture("windows1251-ukrainian.txt"), { name: "uk.txt", type: "text/plain;charset=windows-1251" }).encoding).toBe(
      "windows-1251",
    );
    let err: unknown;
    try {
      decodeTextFile(fixture("random-binary.bin"), { name: "junk.txt" });
    } catch (e) {
      err = e;
    }
    expect(isAppError(err) && err.code).toBe("UNPROCESSABLE");
    expect((err as Error).message).toBe("junk.txt: looks like binary data, not text");
    expect((err as { details: unknown }).details).toMatchObject({ reason: "binary", name: "junk.txt" });
    expect(textFileKind("Page.HTM")).toBe("html");
    expect(textFileKind("page", "text/html; charset=utf-8")).toBe("html");
    expect(textFileKind("notes.md", "text/markdown")).toBe("text");
  });
});
