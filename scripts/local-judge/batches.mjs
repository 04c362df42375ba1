// The Batch API of the local judge server (scripts/local-judge-server.mjs): POST /v1/files, GET /v1/files/:id and
// /v1/files/:id/content, POST /v1/batches, GET /v1/batches/:id, POST /v1/batches/:id/cancel. A batch's lines are
// answered by the same rules as online requests, one output line per request. Files and batches are kept for the
// server's life, as the real API keeps them until deleted; only clients of the Batch API add to them.
import { answerBody, apiError, kindOf } from "./answer.mjs";
import { flagsOf } from "./faults.mjs";
import { parseMultipart, readBody, send } from "./http-io.mjs";

const FILE_ROUTE = /^\/files\/([^/]+)(\/content)?$/;
const BATCH_ROUTE = /^\/batches\/([^/]+)(\/cancel)?$/;

/**
 * The files and batches (id → …) and `handle(req, res, path)`, which answers a Batch API request and resolves to true,
 * or to false for any other route. `record(entry)` gets each batch line as the online endpoint records its requests.
 */
export function createBatchApi({ baseFlags, record, newId, batchDelayMs }) {
  const files = new Map();
  const batches = new Map();

  function storeFile(filename, purpose, content) {
    const id = newId("file");
    const file = {
      id,
      object: "file",
      bytes: Buffer.byteLength(content),
      created_at: Math.floor(Date.now() / 1000),
      filename,
      purpose,
      status: "processed",
    };
    files.set(id, { meta: file, content });
    return file;
  }

  function runBatch(batch) {
    const input = files.get(batch.input_file_id)?.content ?? "";
    const out = [];
    const errors = [];
    let completed = 0;
    let failed = 0;
    for (const [i, line] of input.split("\n").entries()) {
      if (!line.trim()) continue;
      let item;
      try {
        item = JSON.parse(line);
      } catch {
        failed++;
        errors.push({
          id: newId("batch_req"),
          custom_id: null,
          response: null,
          error: { code: "invalid_json", message: `line ${i + 1} is not JSON` },
        });
        continue;
      }
      const messages = Array.isArray(item?.body?.messages) ? item.body.messages : [];
      const active = flagsOf(item?.body?.model ?? "", messages, baseFlags);
      const entry = {
        model: item?.body?.model,
        stage: kindOf(messages) === "intents" ? 1 : 2,
        kind: kindOf(messages),
        responseFormat: item?.body?.response_format?.type ?? null,
        repair: false,
        messages,
        status: 200,
        via: "batch",
        customId: item.custom_id,
        at: Date.now(),
      };
      record(entry);
      let answered;
      if (active.has("error")) answered = { status: 500, body: apiError("local judge: simulated server error", "server_error") };
      else answered = answerBody(item.body ?? {}, baseFlags);
      entry.status = answered.status;
      if (answered.status === 200) completed++;
      else failed++;
      out.push({
        id: newId("batch_req"),
        custom_id: item.custom_id,
        response: { status_code: answered.status, request_id: newId("req"), body: answered.body },
        error: null,
      });
    }
    batch.output_file_id = storeFile(`${batch.id}_output.jsonl`, "batch_output", out.map((l) => `${JSON.stringify(l)}\n`).join("")).id;
    if (errors.length > 0)
      batch.error_file_id = storeFile(`${batch.id}_errors.jsonl`, "batch_output", errors.map((l) => `${JSON.stringify(l)}\n`).join("")).id;
    batch.request_counts = { total: completed + failed, completed, failed };
    batch.status = "completed";
    batch.completed_at = Math.floor(Date.now() / 1000);
  }

  async function handle(req, res, path) {
    if (req.method === "POST" && path === "/files") {
      const parts = parseMultipart(await readBody(req), req.headers["content-type"] ?? "");
      if (!parts?.file) send(res, 400, apiError("multipart/form-data with a file part is required", "invalid_request_error", "file"));
      else {
        const purpose = parts.purpose?.data.toString("utf8") ?? "batch";
        send(res, 200, storeFile(parts.file.filename ?? "upload.jsonl", purpose, parts.file.data.toString("utf8")));
      }
      return true;
    }
    const fileMatch = path.match(FILE_ROUTE);
    if (req.method === "GET" && fileMatch) {
      const file = files.get(fileMatch[1]);
      if (!file) send(res, 404, apiError(`no file ${fileMatch[1]}`, "not_found_error"));
      else if (!fileMatch[2]) send(res, 200, file.meta);
      else {
        res.writeHead(200, { "content-type": "application/jsonl; charset=utf-8", "content-length": Buffer.byteLength(file.content) });
        res.end(file.content);
      }
      return true;
    }
    if (req.method === "POST" && path === "/batches") {
      const body = JSON.parse((await readBody(req)).toString("utf8") || "{}");
      if (!files.has(body.input_file_id)) send(res, 400, apiError(`no file ${body.input_file_id}`, "invalid_request_error", "input_file_id"));
      else if (body.endpoint !== "/v1/chat/completions")
        send(res, 400, apiError("endpoint must be /v1/chat/completions", "invalid_request_error", "endpoint"));
      else send(res, 200, createBatch(body));
      return true;
    }
    const batchMatch = path.match(BATCH_ROUTE);
    if (batchMatch && (req.method === "GET" || (req.method === "POST" && batchMatch[2]))) {
      const batch = batches.get(batchMatch[1]);
      if (!batch) send(res, 404, apiError(`no batch ${batchMatch[1]}`, "not_found_error"));
      else {
        if (batchMatch[2] && batch.status !== "completed") batch.status = "cancelled";
        send(res, 200, batch);
      }
      return true;
    }
    return false;
  }

  /** A new batch: validating, then in progress, then answered (batchDelayMs each), unless cancelled meanwhile. */
  function createBatch(body) {
    const batch = {
      id: newId("batch"),
      object: "batch",
      endpoint: body.endpoint,
      errors: null,
      input_file_id: body.input_file_id,
      completion_window: body.completion_window ?? "24h",
      status: "validating",
      output_file_id: null,
      error_file_id: null,
      created_at: Math.floor(Date.now() / 1000),
      request_counts: { total: 0, completed: 0, failed: 0 },
      metadata: body.metadata ?? null,
    };
    batches.set(batch.id, batch);
    setTimeout(() => {
      if (batch.status === "cancelled") return;
      batch.status = "in_progress";
      setTimeout(() => batch.status === "in_progress" && runBatch(batch), batchDelayMs);
    }, batchDelayMs);
    return batch;
  }

  return { files, batches, handle };
}
