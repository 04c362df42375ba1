import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { AppError } from "../../lib/errors";
import { defineCommand } from "../define-command";

const usage = `snippet-lab judge-export --dataset NAME --out FILE [--judge model|promptVersion|variant] [--model NAME]

Token labels from an LLM judge's judgments, in the gold JSONL format (one line per pair × document): the judge's
located spans (source "judge"), token keep labels from its vital spans, and tokens.categories with one category per
token (vital > duplicate > ads > ui_navigation > metadata > off_topic where spans overlap; tokens no span covers
count as off_topic). \`snippet-lab eval --format gold-jsonl\` and \`train --gold\` read it like the gold set, so judge
output can train the model. The same file as GET /api/v1/datasets/{id}/export?format=judge-jsonl&judge=….

  --dataset NAME   the dataset
  --out FILE       where the JSONL goes
  --judge KEY      the judge configuration (default: the one with the most judgments on the dataset)
  --model NAME     whose tokenizer gives the token offsets (default: the default model)`;

export const command = defineCommand({
  name: "judge-export",
  summary: "export an LLM judge's judgments as token labels in the gold JSONL format (for training)",
  usage,
  options: { dataset: { type: "string" }, out: { type: "string" }, judge: { type: "string" }, model: { type: "string" } },
  async run({ values }) {
    if (!values.dataset || !values.out) throw new AppError("BAD_REQUEST", "--dataset and --out are required");
    const { disconnectDb } = await import("../../lib/server/db/client");
    const { findDatasetId } = await import("../../lib/server/db/datasets/find-dataset-id");
    const { listJudgeConfigs } = await import("../../lib/server/db/judge/list-judge-configs");
    const { exportDataset } = await import("../../lib/server/export/export-dataset");
    const { judgeConfigKeyString } = await import("../../lib/schemas/judge");
    try {
      const datasetId = await findDatasetId({ name: values.dataset });
      let judge = values.judge;
      if (!judge) {
        const [top] = await listJudgeConfigs({ datasetId });
        if (!top)
          throw new AppError(
            "UNPROCESSABLE",
            `Dataset "${values.dataset}" has no judgments: run snippet-lab judge --dataset ${values.dataset} first`,
          );
        judge = judgeConfigKeyString(top);
      }
      const out = await exportDataset({ datasetId, format: "judge-jsonl", judge, ...(values.model ? { model: values.model } : {}) });
      const file = createWriteStream(values.out);
      let lines = 0;
      const reader = out.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const b of value) if (b === 10) lines++;
        if (!file.write(value)) await once(file, "drain");
      }
      file.end();
      await once(file, "finish");
      console.error(`Wrote ${lines} record(s) of ${judge} to ${values.out}`);
      return 0;
    } finally {
      await disconnectDb();
    }
  },
});
