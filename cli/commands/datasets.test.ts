// `snippet-lab datasets delete` against a temp database: nothing goes without --yes, a live job refuses, and --yes
// deletes the dataset with everything in it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempDatabase, type TempDatabase } from "../../lib/server/auth/test-helpers";
import { createTestPair } from "../../lib/server/db/annotations/test-fixtures";
import { createDbClient, disconnectDb } from "../../lib/server/db/client";
import type { PrismaClient } from "../../lib/server/db/generated/client";
import { createJob } from "../../lib/server/db/jobs/create-job";
import { runCommandForTest } from "../run-command-for-test";
import { command } from "./datasets";

let temp: TempDatabase;
let db: PrismaClient;
const saved = { ...process.env };
const cwd = process.cwd();

beforeAll(async () => {
  temp = await createTempDatabase("datasets-cli");
  db = createDbClient({ url: temp.url });
  process.env.DATABASE_URL = temp.url;
});
afterAll(async () => {
  process.env = saved;
  process.chdir(cwd);
  await disconnectDb();
  await db?.$disconnect();
  temp?.cleanup();
});

const datasets = (...args: string[]) => runCommandForTest(command, args);
const datasetOf = async (pairId: string) => (await db.pair.findUniqueOrThrow({ where: { id: pairId }, select: { datasetId: true } })).datasetId;

describe("snippet-lab datasets delete", () => {
  it("says what would go without --yes, and deletes the dataset and its pairs with it", async () => {
    const { pairId } = await createTestPair(db, { dataset: "cli-delete" });
    const id = await datasetOf(pairId);

    const dry = await datasets("delete", "--id", id);
    expect(dry.code).toBe(1);
    expect(dry.out).toMatch(/Would delete dataset "cli-delete" .*1 pair\(s\), 2 document\(s\).*add --yes/);
    expect(await db.dataset.findUnique({ where: { id } })).not.toBeNull();

    const done = await datasets("delete", "--id", id, "--yes");
    expect(done).toMatchObject({ code: 0, out: `Deleted dataset "cli-delete" (${id}): 1 pair(s), 2 document(s).` });
    expect(await db.dataset.findUnique({ where: { id } })).toBeNull();
    expect(await db.pair.findUnique({ where: { id: pairId } })).toBeNull();
  });

  it("refuses an unknown dataset and one with a live job; usage errors exit 2", async () => {
    expect(await datasets("delete", "--id", "no-such-dataset", "--yes")).toMatchObject({ code: 1, error: expect.stringMatching(/not found/) });

    const { pairId } = await createTestPair(db, { dataset: "cli-busy" });
    const id = await datasetOf(pairId);
    await createJob({ db, kind: "score-pairs", scope: `dataset:${id}`, payload: { datasetId: id } });
    expect(await datasets("delete", "--id", id, "--yes")).toMatchObject({ code: 1, error: expect.stringMatching(/cancel it first/) });
    expect(await db.dataset.findUnique({ where: { id } })).not.toBeNull();

    expect((await datasets("delete")).code).toBe(2);
    expect((await datasets("remove", "--id", id)).code).toBe(2);
    expect((await datasets("delete", "--id", id, "--force")).code).toBe(2);
  });
});
