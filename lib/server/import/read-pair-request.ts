import "server-only";
import { AppError } from "@/lib/errors";
import { createPairInputSchema, DATASET_LIMITS, resultFileTooLarge, type CreatePairInput, type PairResultInput } from "@/lib/schemas/datasets";
import { utf8Length } from "@/lib/schemas/limits";
import { decodeTextBytes } from "@/lib/text-decoding/decode-text-bytes";
import { parseContentType } from "@/lib/text-decoding/charset";
import { textFileKind } from "@/lib/text-decoding/decode-text-file";
import { readBodyBytes } from "../http/read-body-bytes";
import { readJsonBody } from "../http/read-json-body";

/** One refused file of a multipart new-pair request. */
export type PairFileError = { file: string; message: string };

/**
 * The body of POST /api/v1/datasets/:id/pairs: JSON `{query, results}`, or multipart/form-data with a `query`
 * field, an optional `results` field (the same JSON array: pasted text/HTML and URLs) and `file` parts (.txt/.html,
 * each one more result after `results`, titled by its file name). Every file is decoded by the one decoder
 * (lib/text-decoding: BOM, strict UTF-8, a charset in the part's Content-Type or an HTML <meta>, a careful
 * windows-1252 sniff) before anything is stored; any refused file — binary, undecodable, empty, over 5 MB — fails
 * the whole request, naming every bad file: 422 (413 when the only problems are sizes), `details.errors: [{file,
 * message}]`.
 */
export async function readPairRequest(req: Request): Promise<CreatePairInput> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType)) {
    return createPairInputSchema.parse(await readJsonBody(req, { maxBytes: DATASET_LIMITS.maxPairBodyBytes }));
  }
  const body = await readBodyBytes(req, { maxBytes: DATASET_LIMITS.maxPairBodyBytes });
  let form: FormData;
  try {
    form = await new Response(body as unknown as BodyInit, { headers: { "content-type": contentType } }).formData();
  } catch (e) {
    throw new AppError("BAD_REQUEST", `cannot read the multipart form: ${(e as Error).message}`);
  }
  const query = form.get("query");
  const rawResults = form.get("results");
  let results: unknown[] = [];
  if (typeof rawResults === "string" && rawResults.trim() !== "") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawResults);
    } catch (e) {
      throw new AppError("BAD_REQUEST", `the \`results\` field is not valid JSON: ${(e as Error).message}`);
    }
    if (!Array.isArray(parsed)) throw new AppError("BAD_REQUEST", "the `results` field must be a JSON array of {text | html | url, title?}");
    results = parsed;
  }

  const errors: PairFileError[] = [];
  let onlySizes = true;
  const fromFiles: PairResultInput[] = [];
  for (const part of form.getAll("file")) {
    if (typeof part === "string") throw new AppError("BAD_REQUEST", "`file` parts must be files, not text fields (paste text into `results`)");
    const name = part.name || `file ${fromFiles.length + errors.length + 1}`;
    const refuse = (message: string, size = false) => {
      errors.push({ file: name, message });
      if (!size) onlySizes = false;
    };
    if (part.size > DATASET_LIMITS.maxResultBytes) {
      refuse(resultFileTooLarge(name, part.size), true);
      continue;
    }
    const bytes = new Uint8Array(await part.arrayBuffer());
    const kind = textFileKind(name, part.type);
    const charset = parseContentType(part.type).charset;
    const decoded = decodeTextBytes(bytes, { name, kind, ...(charset ? { charset } : {}) });
    if (!decoded.ok) {
      refuse(decoded.message);
      continue;
    }
    if (!decoded.text.trim()) {
      refuse(`${name} is empty`);
      continue;
    }
    const size = utf8Length(decoded.text);
    if (size > DATASET_LIMITS.maxResultBytes) {
      refuse(resultFileTooLarge(name, size, { decoded: true }), true);
      continue;
    }
    const title = name
      .replace(/\.[^.]+$/, "")
      .trim()
      .slice(0, 500);
    fromFiles.push({ [kind]: decoded.text, ...(title ? { title } : {}) });
  }
  if (errors.length) {
    const message =
      errors.length === 1 ? errors[0]!.message : `${errors.length} files refused, nothing was created: ${errors.map((e) => e.message).join("; ")}`;
    throw new AppError(onlySizes ? "PAYLOAD_TOO_LARGE" : "UNPROCESSABLE", message, { errors });
  }
  return createPairInputSchema.parse({ query: typeof query === "string" ? query : undefined, results: [...results, ...fromFiles] });
}
