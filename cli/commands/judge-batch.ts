import { createWriteStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { once } from "node:events";
import { AppError } from "../../lib/errors";
import { judgeConfigFromFlags } from "../judge-config-from-flags";
import { defineCommand } from "../define-command";

// Server modules (Prisma, openai) load inside run() so `--help` stays instant.

const usage = `snippet-lab judge-batch write --dataset NAME --out requests.jsonl [--limit N] [--one-stage] [--skip-judged]
snippet-lab judge-batch submit --run RUN --file requests.jsonl
snippet-lab judge-batch status --run RUN
snippet-lab judge-batch ingest --run RUN [--file output.jsonl]

The LLM judge through the OpenAI Batch API, for large runs (docs/judge.md#batch-api):
  write    creates a judge run (mode "batch"), runs stage 1 online (cached) for queries without intents, and writes
           one JSONL line per stage-2 request: {"custom_id": "<run>:<pair>:<document>:<chunk>:<input hash>",
           "method": "POST", "url": "/v1/chat/completions", "body": {…}}. Requests answered before (the cache) get no
           line. Prints the run id.
  submit   uploads the file (purpose "batch") and creates the batch at SNIPPET_LAB_JUDGE_BASE_URL (completion window
           24h); the batch id is kept on the run
  status   the batch's status and counts at the provider
  ingest   reads the provider's output JSONL (--file, or downloaded from the completed batch) into the same tables as
           an online run, through the same parsing, repair request (online) and matching; pairs whose lines failed are
           listed with the reason. Ingest again after a partial output: done pairs are kept.

  --dataset NAME   (write) the dataset
  --out FILE       (write) where the request JSONL goes
  --limit N        (write) at most N pairs
  --one-stage      (write) the one-stage variant
  --skip-judged    (write) leave out pairs with a judgment of this configuration
  --run RUN        the judge run (printed by write)
  --file FILE      (submit) the request file; (ingest) the output file instead of downloading it
  --model NAME     override SNIPPET_LAB_JUDGE_MODEL;  --base-url URL  override SNIPPET_LAB_JUDGE_BASE_URL

Exit status: 0 done, 1 some pair failed or is still waiting for lines, 2 usage error.`;

export const command = defineCommand({
  name: "judge-batch",
  summary: "run the LLM judge through the OpenAI Batch API: write the request JSONL, submit, poll, ingest the output",
  usage,
  options: {
    dataset: { type: "string" },
    out: { type: "string" },
    run: { type: "string" },
    file: { type: "string" },
    limit: { type: "number", integer: true, min: 1 },
    "one-stage": { type: "boolean" },
    "skip-judged": { type: "boolean" },
    model: { type: "string" },
    "base-url": { type: "string" },
  },
  positionals: true,
  async run({ values, positionals }) {
    const [action] = positionals;
    if (!action || !["write", "submit", "status", "ingest"].includes(action) || positionals.length > 1) {
      throw new AppError("BAD_REQUEST", "give one action: write, submit, status or ingest");
    }
    const config = await judgeConfigFromFlags({ model: values.model, baseUrl: values["base-url"] });
    const { disconnectDb } = await import("../../lib/server/db/client");
    const batch = await import("../../lib/server/judge/batch/judge-batch");
    const { getLlmClient } = await import("../../lib/server/llm/get-llm-client");
    try {
      if (action === "write") {
        if (!values.dataset || !values.out) throw new AppError("BAD_REQUEST", "write needs --dataset and --out");
        const { limit } = values;
        const { findDatasetId } = await import("../../lib/server/db/datasets/find-dataset-id");
        const datasetId = await findDatasetId({ name: values.dataset });
        const out = createWriteStream(values.out);
        const written = await batch.writeJudgeBatch({
          datasetId,
          variant: values["one-stage"] ? "one-stage" : "two-stage",
          ...(limit !== undefined ? { limit } : {}),
          ...(values["skip-judged"] ? { skipJudged: true } : {}),
          config,
          client: getLlmClient(config),
          write: async (line) => {
            if (!out.write(line)) await once(out, "drain");
          },
        });
        out.end();
        await once(out, "finish");
        console.error(
          `Wrote ${written.lines} request(s) for ${written.pairs} pair(s) to ${values.out} (${written.cachedRequests} answered from the cache; ` +
            `stage 1: ${written.stage1.requests} request(s), ${written.stage1.cachedRequests} cached). Next: snippet-lab judge-batch submit --run ${written.runId} --file ${values.out}`,
        );
        console.log(written.runId);
        return 0;
      }
      if (!values.run) throw new AppError("BAD_REQUEST", `${action} needs --run`);
      if (action === "submit") {
        if (!values.file) throw new AppError("BAD_REQUEST", "submit needs --file");
        const submitted = await batch.submitJudgeBatch({ runId: values.run, jsonl: await readFile(values.file), config });
        console.log(
          `Batch ${submitted.batchId} (${submitted.status}) from file ${submitted.fileId}. Next: snippet-lab judge-batch status --run ${values.run}`,
        );
        return 0;
      }
      if (action === "status") {
        const s = await batch.judgeBatchStatus({ runId: values.run, config });
        console.log(`Batch ${s.batchId}: ${s.status}; ${s.counts.completed} of ${s.counts.total} completed, ${s.counts.failed} failed`);
        return 0;
      }
      const output = values.file ? await readFile(values.file, "utf8") : await batch.downloadJudgeBatchOutput({ runId: values.run, config });
      const r = await batch.ingestJudgeBatch({ runId: values.run, output, client: getLlmClient(config) });
      const { readJudgeRun } = await import("../../lib/server/judge/judge-runs-api");
      const { formatRunSummary } = await import("../judge-progress");
      console.error(
        `Ingested: ${r.committed} pair(s) committed, ${r.failed} failed, ${r.pending} still waiting for lines; ${r.ignored} line(s) of other runs, ${r.invalid} invalid.`,
      );
      console.log(formatRunSummary(await readJudgeRun({ id: values.run, prices: config.prices })));
      return r.failed > 0 || r.pending > 0 ? 1 : 0;
    } finally {
      await disconnectDb();
    }
  },
});
