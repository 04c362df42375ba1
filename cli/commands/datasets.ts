import path from "node:path";
import { AppError } from "../../lib/errors";
import { defineCommand } from "../define-command";

// Server modules (Prisma) load inside run() so `--help` stays instant.

const usage = `snippet-lab datasets delete --id ID [--yes]

Deletes a dataset and everything in it directly in the database (DATABASE_URL, default file:./data/snippet-lab.db
under the repository; pending migrations are applied first): its pairs and documents, and with them their
annotations, spans and span history, suggestions, model runs and judge runs, in one transaction (all or nothing).
The audit trail of its gold stays. The same as DELETE /api/v1/datasets/{id} and the dataset page's Delete button.

  --id ID   the dataset's id (the dataset page's URL, or GET /api/v1/datasets)
  --yes     delete it; without --yes the command only says what would go, and deletes nothing

Refused while a job of the dataset is queued or running: cancel it first (the jobs page, POST /api/v1/jobs/{id}/cancel).

Exit status: 0 deleted, 1 refused (unknown dataset, a live job, or no --yes), 2 usage error.`;

export const command = defineCommand({
  name: "datasets",
  summary: "delete a dataset and everything in it (--yes), as the dataset page's Delete button does",
  usage,
  options: { id: { type: "string" }, yes: { type: "boolean" } },
  positionals: true,
  async run({ values, positionals }) {
    const [sub, ...rest] = positionals;
    if (sub !== "delete") throw new AppError("BAD_REQUEST", sub ? `unknown subcommand "${sub}"` : "a subcommand is required (delete)");
    if (rest.length > 0) throw new AppError("BAD_REQUEST", `datasets delete takes --id ID, not "${rest.join(" ")}"`);
    const id = values.id?.trim();
    if (!id) throw new AppError("BAD_REQUEST", "--id is required");

    // Relative DATABASE_URLs mean the repository root, as for `npm start` (scripts/start.mjs changes there too).
    process.chdir(path.resolve(import.meta.dirname, "../.."));
    const { disconnectDb } = await import("../../lib/server/db/client");
    const { migrateDatabase } = await import("../../lib/server/db/migrate");
    try {
      await migrateDatabase({ log: (m) => console.error(`[db] ${m}`) });
      if (!values.yes) {
        const { getDataset } = await import("../../lib/server/db/datasets/get-dataset");
        const d = await getDataset({ id });
        console.log(
          `Would delete dataset "${d.name}" (${d.id}): ${d.pairs} pair(s), ${d.documents} document(s), ${d.goldPairs} with gold. ` +
            "Nothing was deleted: add --yes to delete it.",
        );
        return 1;
      }
      const { deleteDataset } = await import("../../lib/server/db/datasets/delete-dataset");
      const gone = await deleteDataset({ id });
      console.log(`Deleted dataset "${gone.name}" (${gone.id}): ${gone.pairs} pair(s), ${gone.documents} document(s).`);
      return 0;
    } finally {
      await disconnectDb();
    }
  },
});
