// Plain node:http helpers of the local judge server (scripts/local-judge-server.mjs): JSON replies, request bodies and
// multipart/form-data uploads.

/** A JSON reply (nothing when the client has gone). */
export function send(res, status, body, headers = {}) {
  if (res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** The whole request body. */
export function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** The parts of a multipart/form-data body: name → {filename?, data (Buffer)}. */
export function parseMultipart(buffer, contentType) {
  const boundary = contentType.match(/boundary="?([^";]+)"?/i)?.[1];
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const parts = {};
  let at = buffer.indexOf(delimiter);
  while (at >= 0) {
    const next = buffer.indexOf(delimiter, at + delimiter.length);
    if (next < 0) break;
    const part = buffer.subarray(at + delimiter.length, next);
    const headerEnd = part.indexOf("\r\n\r\n");
    if (headerEnd >= 0) {
      const headers = part.subarray(0, headerEnd).toString("utf8");
      const name = headers.match(/name="([^"]*)"/i)?.[1];
      const filename = headers.match(/filename="([^"]*)"/i)?.[1];
      let data = part.subarray(headerEnd + 4);
      if (data.subarray(-2).toString() === "\r\n") data = data.subarray(0, -2);
      if (name) parts[name] = { ...(filename !== undefined ? { filename } : {}), data };
    }
    at = next;
  }
  return parts;
}
