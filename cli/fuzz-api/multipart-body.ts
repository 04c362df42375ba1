// A multipart/form-data body built by hand, so the fuzzer controls every byte (a part's charset, a bad boundary).

export type MultipartPart = { name: string; filename?: string; contentType?: string; data: string | Uint8Array };

export function multipartBody(parts: MultipartPart[], boundary = "----snippet-lab-fuzz"): { body: Uint8Array; contentType: string } {
  const enc = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename.replace(/"/g, "%22")}"` : ""}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.contentType ? `Content-Type: ${p.contentType}\r\n` : ""}\r\n`;
    chunks.push(enc.encode(head), typeof p.data === "string" ? enc.encode(p.data) : p.data, enc.encode("\r\n"));
  }
  chunks.push(enc.encode(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
