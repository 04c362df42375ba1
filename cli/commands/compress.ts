import { readFileSync } from "node:fs";
import path from "node:path";
import { compressRequestSchema } from "../../lib/schemas/compress";
import { compressRequest } from "../../lib/server/compress/compress-request";
import { decodeTextFile } from "../../lib/text-decoding/decode-text-file";
import { AppError } from "../../lib/errors";
import { defineCommand } from "../define-command";

const usage = `snippet-lab compress --query "QUESTION" FILE [FILE ...] [options]

Compresses one result set (each FILE is one result; .html/.htm files are parsed as HTML, others as
plain text; "-" reads standard input) with the same pipeline as POST /api/v1/compress. Files are decoded
like uploads (BOM, UTF-8, <meta charset>, a careful windows-1252 sniff); binary or undecodable files are refused.

  --query Q          the query (required)
  --preset P         low | medium | high = 1,000 / 4,000 / 10,000 tokens for the whole set (default medium)
  --budget N         downstream-token budget for the whole set (instead of --preset)
  --threshold T      keep threshold 0..1 (default: the model's calibrated threshold)
  --model M          model | model:NAME | bm25 | lead (default model)
  --aggregation A    mean | max
  --fragment-size N  merge up to N (1..3) sentences per unit
  --json             print the full JSON response instead of the snippets`;

export const command = defineCommand({
  name: "compress",
  summary: "compress pages for a query from the command line (same engine as the API)",
  usage,
  options: {
    query: { type: "string", short: "q" },
    preset: { type: "string" },
    // Only that each is a number here; the request schema checks the ranges, as the API does.
    budget: { type: "number" },
    threshold: { type: "number" },
    model: { type: "string" },
    aggregation: { type: "string" },
    "fragment-size": { type: "number" },
    json: { type: "boolean" },
  },
  positionals: true,
  async run({ values, positionals }) {
    if (!values.query || positionals.length === 0) throw new AppError("BAD_REQUEST", "--query and at least one FILE are required");
    const results = positionals.map((file, i) => {
      // The upload rules (lib/text-decoding): BOM, UTF-8, <meta charset>, a careful windows-1252 sniff; binary refused.
      const bytes = new Uint8Array(readFileSync(file === "-" ? 0 : file));
      const name = file === "-" ? "standard input" : file;
      const isHtml = /\.x?html?$/i.test(file) || (file === "-" && /^\s*</.test(Buffer.from(bytes.subarray(0, 512)).toString("latin1")));
      const content = decodeTextFile(bytes, { name, kind: isHtml ? "html" : "text" }).text;
      return { id: file === "-" ? String(i) : path.basename(file), ...(isHtml ? { html: content } : { text: content }) };
    });
    const body = compressRequestSchema.parse({
      query: values.query,
      results,
      preset: values.preset,
      budget: values.budget,
      threshold: values.threshold,
      method: values.model,
      aggregation: values.aggregation,
      fragmentSize: values["fragment-size"],
    });
    const res = await compressRequest(body);
    if (values.json) {
      console.log(JSON.stringify(res, null, 2));
      return 0;
    }
    for (const r of res.results) {
      console.log(`── ${r.id}: ${r.tokensOut}/${r.tokensIn} tokens${r.reason ? ` (${r.reason})` : ""}`);
      if (r.snippet) console.log(r.snippet);
    }
    console.log(
      `── ${res.model}, threshold ${res.threshold}, budget ${res.budget}: ${res.tokensOut}/${res.tokensIn} tokens in ${res.timings.totalMs} ms`,
    );
    return 0;
  },
});
