// The crash test's fixture (scripts/crash-test-run.ts): users, a dataset whose pairs get gold saves, a gold dataset
// for sweeps, and the import files; the gold versions and account changes the operations cycle through.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createUser } from "@/lib/server/auth/create-user";
import { createPair } from "@/lib/server/db/create-pair";
import { createDataset } from "@/lib/server/db/datasets/create-dataset";
import { migrateDatabase } from "@/lib/server/db/migrate";
import { importRecords } from "@/lib/server/import/import-records";
import { parseImportFile } from "@/lib/server/import/parse-import-file";
import type { Role, SpanCategory } from "@/lib/schemas/enums";
import { auditTableExists, count, db, say } from "./runtime";

export type GoldPair = { id: string; docIds: string[]; sentences: { start: number; end: number; text: string }[][] };
export type CrashState = {
  adminId: string;
  reviewerId: string;
  users: { id: string; email: string }[];
  goldPairs: GoldPair[];
  sweepDatasetId: string;
  importFile: string;
  importPairs: number;
  deleteFile: string;
  deletePairs: number;
  /** Account audit rows of each user after the setup (their "create"), when the audit trail exists. */
  accountAuditBaseline: Record<string, number> | null;
};

const GOLD_DOCS = [
  [
    "The bridge opened in 1937 after four years of work.",
    "Its main span is 1,280 metres long.",
    "Visitors can walk across it every day.",
    "The toll is paid only by cars heading south.",
  ],
  [
    "Fog often covers the towers on summer mornings.",
    "Subscribe to our newsletter for weekly news.",
    "The gift shop sells postcards and models.",
    "Share this page with your friends.",
  ],
];

/** The gold versions a save alternates between: (document, sentence, category) lists, or "nothing here is vital". */
export const GOLD_VARIANTS: { spans: [number, number, SpanCategory][]; noVital: boolean }[] = [
  {
    spans: [
      [0, 0, "vital"],
      [0, 2, "off_topic"],
      [1, 1, "ads"],
    ],
    noVital: false,
  },
  {
    spans: [
      [0, 1, "vital"],
      [1, 3, "ui_navigation"],
    ],
    noVital: false,
  },
  {
    spans: [
      [1, 0, "off_topic"],
      [0, 3, "metadata"],
    ],
    noVital: true,
  },
  {
    spans: [
      [0, 0, "vital"],
      [0, 1, "vital"],
      [1, 2, "ads"],
      [1, 1, "duplicate"],
    ],
    noVital: false,
  },
];
/** Iteration i saves gold on pair i % P, as variant (⌊i / P⌋ + pair) % V: two saves in a row on one pair always differ. */
export const goldPlan = (i: number, pairs: number) => {
  const pair = i % pairs;
  return { pair, variant: (Math.floor(i / pairs) + pair) % GOLD_VARIANTS.length };
};

export const ROLE_CYCLE: Role[] = ["annotator", "reviewer", "researcher"];
/** Each a real change (a toggle disables an active user, enables a disabled one): one account audit row each. */
export const USER_ACTIONS = ["role", "toggle", "toggle", "reset"] as const;
export const passwordOf = (tag: string) => `crash-password-${tag}`;

function writeImportFile(file: string, pairs: number, tag: string): void {
  const lines: string[] = [];
  for (let i = 0; i < pairs; i++) {
    const first = `Record ${tag}-${i} describes the bridge over the river built in ${1800 + (i % 200)}.`;
    const text = `${first} The tower was painted red in year ${i % 97}. Tickets cost ${i % 50} euros at the gate.`;
    lines.push(JSON.stringify({ id: `${tag}-${i}`, query: `when was bridge ${tag}-${i} built`, text, evidence: [{ start: 0, end: first.length }] }));
  }
  writeFileSync(file, `${lines.join("\n")}\n`);
}

export async function importFile(datasetId: string, file: string) {
  const parsed = parseImportFile({ format: "jsonl", bytes: readFileSync(file) });
  if (!parsed.ok) throw new Error(`import file: ${JSON.stringify(parsed.errors.slice(0, 3))}`);
  return { plans: parsed.plans, write: () => importRecords({ datasetId, format: "jsonl", plans: parsed.plans }) };
}

export function goldInput(pair: GoldPair, variant: number) {
  const v = GOLD_VARIANTS[variant]!;
  return {
    noVital: v.noVital,
    spans: v.spans.map(([d, s, category]) => ({ documentId: pair.docIds[d]!, ...pair.sentences[d]![s]!, category })),
  };
}

export type UserState = { role: string; disabled: boolean; password: string };

export type SetupOptions = { statePath: string; importPairs: number; deletePairs: number; sweepPairs: number };

/** Migrates and fills the database the operations work on; writes the state file (ids, import files). */
export async function setup({ statePath, importPairs, deletePairs, sweepPairs }: SetupOptions): Promise<void> {
  await migrateDatabase({ log: () => {} });
  const dir = path.dirname(statePath);
  const admin = await createUser({ email: "admin@crash.test", name: "admin", password: passwordOf("admin"), role: "admin" });
  const reviewer = await createUser({ email: "reviewer@crash.test", name: "reviewer", password: passwordOf("reviewer"), role: "reviewer" });
  const users = [];
  for (let u = 0; u < 4; u++) {
    const user = await createUser({
      email: `user${u}@crash.test`,
      name: `user${u}`,
      password: passwordOf("init"),
      role: "annotator",
      actorId: admin.id,
    });
    users.push({ id: user.id, email: user.email });
  }
  const goldPairs: GoldPair[] = [];
  for (let p = 0; p < 5; p++) {
    const created = await createPair({ dataset: "crash-gold", query: `bridge facts ${p}`, documents: GOLD_DOCS.map((s) => ({ text: s.join(" ") })) });
    const texts = await Promise.all(created.documentIds.map(async (id) => (await db.document.findUniqueOrThrow({ where: { id } })).text));
    const sentences = GOLD_DOCS.map((doc, d) =>
      doc.map((s) => {
        const start = texts[d]!.indexOf(s);
        if (start < 0) throw new Error(`sentence not found: ${s}`);
        return { start, end: start + s.length, text: s };
      }),
    );
    goldPairs.push({ id: created.id, docIds: created.documentIds, sentences });
  }
  const sweepFile = path.join(dir, "sweep.jsonl");
  writeImportFile(sweepFile, sweepPairs, "sweep");
  const sweep = await createDataset({ name: "crash-sweep" });
  await (await importFile(sweep.id, sweepFile)).write();
  const importFilePath = path.join(dir, "import.jsonl");
  writeImportFile(importFilePath, importPairs, "imp");
  const deleteFile = path.join(dir, "delete.jsonl");
  writeImportFile(deleteFile, deletePairs, "del");
  const state: CrashState = {
    adminId: admin.id,
    reviewerId: reviewer.id,
    users,
    goldPairs,
    sweepDatasetId: sweep.id,
    importFile: importFilePath,
    importPairs,
    deleteFile,
    deletePairs,
    accountAuditBaseline: (await auditTableExists("AccountAuditEvent"))
      ? Object.fromEntries(
          await Promise.all(
            users.map(async (u) => [u.id, await count(`SELECT COUNT(*) AS n FROM "AccountAuditEvent" WHERE "userId" = '${u.id}'`)] as const),
          ),
        )
      : null,
  };
  writeFileSync(statePath, JSON.stringify(state, null, 2));
  say(`SETUP ${JSON.stringify({ users: users.length, goldPairs: goldPairs.length, sweepPairs, importPairs, deletePairs })}`);
}
