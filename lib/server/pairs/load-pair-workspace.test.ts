import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempDatabase, type TempDatabase } from "../auth/test-helpers";
import { saveAnnotationSpans } from "../db/annotations/save-annotation-spans";
import { saveSuggestions } from "../db/annotations/save-suggestions";
import { createDbClient } from "../db/client";
import { createPair } from "../db/create-pair";
import type { PrismaClient } from "../db/generated/client";
import { loadPairWorkspace } from "./load-pair-workspace";

let temp: TempDatabase;
let db: PrismaClient;

beforeAll(async () => {
  temp = await createTempDatabase("load-workspace");
  db = createDbClient({ url: temp.url });
});
afterAll(async () => {
  await db?.$disconnect();
  temp?.cleanup();
});

describe("loadPairWorkspace", () => {
  it("loads the stored documents, my annotation (null before a save), suggestions; NOT_FOUND for unknown pairs", async () => {
    const me = await db.user.create({ data: { email: "me@x.org", name: "Me", passwordHash: "x" } });
    const html = "<html><body><nav>Home</nav><p>Tickets cost 12 euros.</p></body></html>";
    const { id: pairId, documentIds } = await createPair({
      db,
      dataset: "w",
      query: "ticket price",
      intents: ["price"],
      documents: [{ html, title: "T" }, { text: "Second." }],
    });
    const before = await loadPairWorkspace({ pairId, user: { id: me.id, role: "annotator" }, db });
    expect(before.annotation).toBeNull();
    expect(await db.annotation.count()).toBe(0);
    expect(before.pair.query).toEqual({ text: "ticket price", intents: ["price"] });
    expect(before.pair.documents.map((d) => d.id)).toEqual(documentIds);
    const stored = await db.document.findUniqueOrThrow({ where: { id: documentIds[0]! } });
    expect(before.pair.documents[0]).toMatchObject({ text: stored.text, rawHtml: html, title: "T", blocks: JSON.parse(stored.blocksJson) });
    expect(before.pair.documents[1]!.rawHtml).toBeNull();

    const text = stored.text;
    const start = text.indexOf("Tickets cost 12 euros.");
    await saveAnnotationSpans({
      db,
      pairId,
      annotatorId: me.id,
      baseVersion: 0,
      spans: [{ documentId: documentIds[0]!, start, end: start + 22, text: "Tickets cost 12 euros.", category: "vital" }],
    });
    await saveSuggestions({
      db,
      pairId,
      source: "judge",
      modelName: "j",
      suggestions: [{ documentId: documentIds[0]!, start, end: start + 7, text: "Tickets", category: "metadata" }],
    });
    const after = await loadPairWorkspace({ pairId, user: { id: me.id, role: "annotator" }, db });
    expect(after.annotation).toMatchObject({ version: 1, status: "in_progress" });
    expect(after.annotation!.spans.map((s) => s.text)).toEqual(["Tickets cost 12 euros."]);
    expect(after.suggestions.map((s) => [s.source, s.text])).toEqual([["judge", "Tickets"]]);
    expect(after.gold).toEqual([]);
    await expect(loadPairWorkspace({ pairId: "missing", user: { id: me.id, role: "annotator" }, db })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
