import { saveSuggestions } from "../../lib/server/db/annotations/save-suggestions";
import { seedDemoData } from "../../lib/server/db/seed-demo-data";
import type { SpanCategory } from "../../lib/schemas/enums";
import type { FuzzServer, WireRequest } from "./fuzz-server";

// What the fuzzed requests find in the database: the demo dataset (six pages with gold) and a small dataset with
// annotations in every state (in progress, submitted, accepted), gold, model and judge suggestions, queued and
// cancelled jobs and a judge run. Made through the API itself where it can be, so the seed is also a smoke test.

/** A file the importer takes, as the app's own export wrote it (or a minimal SQuAD / HotpotQA file). */
export type ImportTemplate = { format: "gold-jsonl" | "label-studio" | "squad" | "hotpotqa" | "jsonl"; text: string };

/** The seeded ids requests refer to: the small dataset and its pairs, the demo dataset (six pages with gold). */
export type FuzzSeed = { datasetId: string; demoDatasetId: string; pairIds: string[]; templates: ImportTemplate[] };

/** Tiny files of the two public formats, valid as they stand. */
const PUBLIC_TEMPLATES: ImportTemplate[] = [
  {
    format: "squad",
    text: JSON.stringify({
      data: [
        {
          title: "Bridge",
          paragraphs: [
            {
              context: "The bridge opened in 1932. It is 1,149 m long.",
              qas: [{ id: "q1", question: "When did the bridge open?", answers: [{ text: "1932", answer_start: 21 }] }],
            },
          ],
        },
      ],
    }),
  },
  {
    format: "hotpotqa",
    text: JSON.stringify([
      {
        _id: "h1",
        question: "Which bridge opened in 1932?",
        answer: "Sydney Harbour Bridge",
        type: "bridge",
        level: "easy",
        supporting_facts: [["Sydney Harbour Bridge", 0]],
        context: [["Sydney Harbour Bridge", ["The Sydney Harbour Bridge opened in 1932.", " It is long."]]],
      },
    ]),
  },
];

const DOCS = [
  ["how long to boil an egg", "Boil the eggs for nine minutes. Cool them in cold water. Subscribe to our newsletter!"],
  ["when did the bridge open", "The bridge opened in 1932. It is 1,149 m long. Share this page."],
  ["risotto rice", "Il riso Carnaroli tiene la cottura. Tostate il riso per due minuti. Iscriviti alla newsletter."],
] as const;

async function expectOk(server: FuzzServer, w: WireRequest): Promise<Record<string, unknown>> {
  const res = await server.send({ origin: "same", contentType: "application/json", ...w });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`fuzz seed: ${w.operationId} answered ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

const json = (v: unknown) => JSON.stringify(v);

/** A span covering `needle` in the pair's first document. */
function spanOf(server: FuzzServer, pairId: string, needle: string, category: SpanCategory = "vital") {
  const doc = server.probe.pairDocuments(pairId)[0]!;
  const start = doc.text.indexOf(needle);
  if (start < 0) throw new Error(`fuzz seed: "${needle}" not in ${pairId}`);
  return { documentId: doc.id, start, end: start + needle.length, text: needle, category };
}

export async function seedFuzzData(server: FuzzServer): Promise<FuzzSeed> {
  await seedDemoData();
  const created = await expectOk(server, {
    operationId: "createDataset",
    caller: "admin",
    body: json({ name: "fuzz", description: "made by snippet-lab fuzz-api" }),
  });
  const datasetId = (created.dataset as { id: string }).id;
  const pairIds: string[] = [];
  for (const [query, text] of DOCS) {
    const pair = await expectOk(server, {
      operationId: "createPair",
      caller: "admin",
      pathId: datasetId,
      body: json({ query, results: [{ text }] }),
    });
    pairIds.push(pair.id as string);
  }
  const [a, b, c] = pairIds as [string, string, string];

  // Pair a: an annotation in progress, with model and judge suggestions.
  await expectOk(server, {
    operationId: "saveAnnotation",
    caller: "annotator",
    pathId: a,
    body: json({ version: 0, spans: [spanOf(server, a, "Boil the eggs for nine minutes.")] }),
  });
  await saveSuggestions({
    pairId: a,
    source: "judge",
    modelName: "fuzz-judge",
    suggestions: [spanOf(server, a, "Subscribe to our newsletter!", "ads")],
  });
  await saveSuggestions({ pairId: a, source: "model", modelName: "snippet-lab", suggestions: [spanOf(server, a, "Cool them in cold water.")] });

  // Pair b: two annotators submit, a reviewer accepts one; the other waits for review.
  for (const caller of ["annotator", "annotator2"] as const) {
    const saved = await expectOk(server, {
      operationId: "saveAnnotation",
      caller,
      pathId: b,
      body: json({ version: 0, spans: [spanOf(server, b, "The bridge opened in 1932.")] }),
    });
    await expectOk(server, { operationId: "submitAnnotation", caller, pathId: b, body: json({ version: saved.version }) });
  }
  const first = server.probe.annotationOf(b, server.actors.annotator.id)!;
  await expectOk(server, {
    operationId: "reviewAnnotation",
    caller: "reviewer",
    pathId: first.id,
    body: json({ decision: "accept", version: first.version }),
  });

  // Pair c: adjudicated gold.
  await expectOk(server, {
    operationId: "saveGold",
    caller: "reviewer",
    pathId: c,
    body: json({ spans: [spanOf(server, c, "Tostate il riso per due minuti.")] }),
  });

  // Jobs (queued, never run here: SNIPPET_LAB_JOBS_IN_SERVER=0), one cancelled, and a judge run.
  const scoring = await expectOk(server, { operationId: "startJob", caller: "admin", body: json({ kind: "score-pairs", payload: { datasetId } }) });
  await expectOk(server, { operationId: "cancelJob", caller: "admin", pathId: (scoring.job as { id: string }).id });
  const demoId = server.probe.ids("Dataset").find((id) => id !== datasetId)!;
  await expectOk(server, {
    operationId: "startJob",
    caller: "admin",
    body: json({ kind: "frontier-sweep", payload: { datasetId: demoId, methods: ["bm25", "lead"] } }),
  });
  await expectOk(server, { operationId: "startJob", caller: "admin", body: json({ kind: "judge-run", payload: { datasetId } }) });

  // The app's own exports, which the importer must take back (the fuzzer also cuts and edits them).
  const templates: ImportTemplate[] = [...PUBLIC_TEMPLATES];
  for (const format of ["gold-jsonl", "label-studio"] as const) {
    for (const id of [demoId, datasetId]) {
      const res = await server.send({ operationId: "exportDataset", caller: "admin", pathId: id, search: `format=${format}` });
      if (res.status !== 200) throw new Error(`fuzz seed: exportDataset ${format} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      templates.push({ format, text: await res.text() });
    }
  }
  return { datasetId, demoDatasetId: demoId, pairIds, templates };
}
