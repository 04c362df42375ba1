import "server-only";
import { AppError } from "@/lib/errors";
import { DATASET_LIMITS, importOptionsSchema, type ImportOptionsInput } from "@/lib/schemas/datasets";
import { formatOverLimit } from "@/lib/schemas/limits";
import { readBodyBytes } from "../http/read-body-bytes";

/** Room for multipart boundaries, part headers and the small form fields around the file. */
const MULTIPART_SLACK = 64 * 1024;

export type ImportRequest = ImportOptionsInput & { bytes: Uint8Array; filename?: string };

/**
 * An import upload: multipart/form-data with a `file` part and `format` (+ optional `evidence`) fields, or the raw
 * file as the body with `?format=` (`&evidence=`). The body is capped (413) before and while it is read; the
 * options are validated with importOptionsSchema (400).
 */
export async function readImportRequest(req: Request, opts: { maxBytes?: number } = {}): Promise<ImportRequest> {
  const maxBytes = opts.maxBytes ?? DATASET_LIMITS.maxImportBytes;
  const query = new URL(req.url).searchParams;
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType)) {
    const options = importOptionsSchema.parse({ format: query.get("format") ?? undefined, evidence: query.get("evidence") ?? undefined });
    const bytes = await readBodyBytes(req, { maxBytes, what: "the upload" });
    if (bytes.byteLength === 0) throw new AppError("BAD_REQUEST", "the upload is empty: send the file as the body or as multipart field `file`");
    return { ...options, bytes };
  }
  const body = await readBodyBytes(req, { maxBytes: maxBytes + MULTIPART_SLACK, what: "the upload" });
  let form: FormData;
  try {
    form = await new Response(body as unknown as BodyInit, { headers: { "content-type": contentType } }).formData();
  } catch (e) {
    throw new AppError("BAD_REQUEST", `cannot read the multipart form: ${(e as Error).message}`);
  }
  const field = (name: string) => {
    const v = form.get(name) ?? query.get(name);
    return typeof v === "string" && v !== "" ? v : undefined;
  };
  const options = importOptionsSchema.parse({ format: field("format"), evidence: field("evidence") });
  const file = form.get("file");
  if (file === null || typeof file === "string") throw new AppError("BAD_REQUEST", "the form has no `file` part");
  if (file.size > maxBytes) {
    const f = formatOverLimit(file.size, maxBytes);
    throw new AppError("PAYLOAD_TOO_LARGE", `${file.name || "the file"} is ${f.size}; the limit is ${f.max}`, {
      maxBytes,
    });
  }
  if (file.size === 0) throw new AppError("BAD_REQUEST", `${file.name || "the file"} is empty`);
  return { ...options, bytes: new Uint8Array(await file.arrayBuffer()), ...(file.name ? { filename: file.name } : {}) };
}
