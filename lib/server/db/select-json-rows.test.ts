import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempDatabase, type TempDatabase } from "../auth/test-helpers";
import { createDbClient } from "./client";
import { createPair } from "./create-pair";
import { Prisma, type PrismaClient } from "./generated/client";
import { listEvalPairs } from "./research/list-eval-pairs";
import { hexBytes, idChunks, inList, selectJsonRows } from "./select-json-rows";

// Bulk reads aggregated to JSON by SQLite (postgres.test.ts runs the PostgreSQL side): every text, number, null and
// byte comes back exactly as the ORM reads it.

let temp: TempDatabase;
let db: PrismaClient;

const TEXTS = [
  'Quotes " and \\ backslashes, a tab\there,\nnew lines\r\nand control \u0001 characters.',
  "Міст відкрили 28 травня 1937 року. 桥于1937年通车。 Il ponte 🌉 è lungo 2,7 km.",
  "</script><b>markup</b> & entities &amp; stay text; a lone high surrogate is not stored, an emoji 👩‍👩‍👧 is.",
];

beforeAll(async () => {
  temp = await createTempDatabase("json-rows");
  db = createDbClient({ url: temp.url });
});
afterAll(async () => {
  await db?.$disconnect();
  temp?.cleanup();
});

describe("selectJsonRows", () => {
  it("returns texts, numbers and nulls as the ORM does, binary columns as hex (null stays null, empty stays empty)", async () => {
    const pair = await createPair({ db, dataset: "json", query: 'Wie "lang" ist die Brücke?', documents: TEXTS.map((text) => ({ text })) });
    const orm = await db.document.findMany({
      where: { id: { in: pair.documentIds } },
      select: { id: true, text: true, title: true, url: true, lang: true },
    });
    const rows = await selectJsonRows({
      db,
      columns: ['"id"', '"text"', '"title"', '"url"', '"lang"'],
      from: '"Document"',
      where: inList('"id"', pair.documentIds),
    });
    expect(new Map(rows.map(([id, ...rest]) => [id, rest]))).toEqual(new Map(orm.map(({ id, ...rest }) => [id, Object.values(rest)])));

    const run = await db.modelRun.create({
      data: {
        pairId: pair.id,
        documentId: pair.documentIds[0]!,
        modelName: "m",
        inputHash: "h",
        tokenCount: 0,
        probs: new Uint8Array(),
        offsets: new Uint8Array(),
      },
    });
    await db.modelRunUnits.createMany({
      data: [
        { modelRunId: run.id, key: "a", inputKey: "i", unitCount: 1, scores: Uint8Array.from([0, 1, 254, 255]), categories: null },
        { modelRunId: run.id, key: "b", inputKey: "i", unitCount: 0, scores: new Uint8Array(), categories: new Uint8Array() },
      ],
    });
    const bytes = await selectJsonRows({
      db,
      columns: ['"key"', '"unitCount"', { bytes: '"scores"' }, { bytes: '"categories"' }],
      from: '"ModelRunUnits"',
      where: Prisma.sql`"modelRunId" = ${run.id}`,
    });
    const byKey = new Map(
      bytes.map(([key, count, scores, categories]) => [key, { count, scores: hexBytes(scores), categories: hexBytes(categories) }]),
    );
    expect(byKey.get("a")).toEqual({ count: 1, scores: Uint8Array.from([0, 1, 254, 255]), categories: null });
    expect(byKey.get("b")).toEqual({ count: 0, scores: new Uint8Array(), categories: new Uint8Array() });
    // No matching row: an empty list.
    expect(await selectJsonRows({ db, columns: ['"id"'], from: '"Document"', where: inList('"id"', ["none"]) })).toEqual([]);
  });

  it("reads the pairs of a research view exactly as stored, across IN-list chunks", async () => {
    const created = [];
    for (let i = 0; i < 3; i++)
      created.push(
        await createPair({ db, dataset: "chunks", query: `q${i} "x"`, documents: [{ text: TEXTS[i]!, title: i ? `T ${i}` : undefined }] }),
      );
    const pairs = await listEvalPairs({ db, pairIds: created.map((c) => c.id) });
    // The stored canonical texts, as the ORM reads them.
    const stored = await Promise.all(created.map((c) => db.document.findUniqueOrThrow({ where: { id: c.documentIds[0]! } })));
    expect(pairs.map((p) => [p.query, p.documents.map((d) => [d.text, d.title, d.contentHash])])).toEqual(
      created.map((_, i) => [`q${i} "x"`, [[stored[i]!.text, i ? `T ${i}` : null, stored[i]!.contentHash]]]),
    );
    expect(stored[1]!.text).toContain("🌉");
    expect(idChunks(Array.from({ length: 1801 }, (_, i) => i)).map((c) => c.length)).toEqual([900, 900, 1]);
  });
});
