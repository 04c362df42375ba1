// The new-pair form reads files with the server's decoder: what it shows is what the server would store.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readResultFile } from "./create-pair-form";

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../../lib/text-decoding/fixtures", name));

describe("readResultFile", () => {
  it("decodes a cp1252 file and says how", async () => {
    const r = await readResultFile(new File([fixture("cp1252-italian.txt")], "caffe.txt", { type: "text/plain" }));
    expect(r).toMatchObject({ format: "text", title: "caffe", source: "From caffe.txt (decoded as windows-1252, detected)" });
    expect(typeof r !== "string" && r.content).toMatch(/^Il caffè è buono\. L’espresso costa 1,20 €/);
  });

  it("reads HTML with its <meta charset>", async () => {
    const r = await readResultFile(new File([fixture("gb18030-chinese.html")], "zh.html"));
    expect(r).toMatchObject({ format: "html", source: "From zh.html (decoded as gb18030)" });
    expect(typeof r !== "string" && r.content).toContain("今天天气很好");
  });

  it("refuses binary, oversize and empty files with one sentence naming the file", async () => {
    expect(await readResultFile(new File([fixture("random-binary.bin")], "junk.txt"))).toBe("junk.txt: looks like binary data, not text");
    expect(await readResultFile(new File([new Uint8Array(6 * 1024 * 1024).fill(0x61)], "big.txt"))).toBe("big.txt is 6 MB; a result is at most 5 MB");
    expect(await readResultFile(new File([new Uint8Array(5 * 1024 * 1024 + 1).fill(0x61)], "big5mb.txt"))).toBe(
      "big5mb.txt is 5,242,881 bytes; a result is at most 5,242,880 bytes (5 MB)",
    );
    expect(await readResultFile(new File(["  \n"], "blank.txt"))).toBe("blank.txt is empty");
  });
});
