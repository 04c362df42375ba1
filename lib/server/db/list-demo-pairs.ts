import "server-only";
import { DEMO_DATASET } from "@/lib/demo/demo-fixtures";
import { type Db, getDb } from "./client";

export type DemoPairResult = { id: string; title?: string; url?: string; text?: string; html?: string };
export type DemoPair = { id: string; dataset: string; query: string; results: DemoPairResult[] };

export type ListDemoPairsOptions = { db?: Db };

/**
 * The seeded demo pairs for the inspector's "demo example" dropdown, in fixture order. A result carries `html` (the
 * stored raw page) when it came from HTML, else `text`, so the engine canonicalizes it exactly as the seed did.
 */
export async function listDemoPairs({ db = getDb() }: ListDemoPairsOptions = {}): Promise<DemoPair[]> {
  const pairs = await db.pair.findMany({
    where: { dataset: { name: DEMO_DATASET } },
    orderBy: [{ externalId: "asc" }, { createdAt: "asc" }],
    select: {
      id: true,
      query: { select: { text: true } },
      documents: {
        orderBy: { position: "asc" },
        select: { document: { select: { id: true, title: true, url: true, rawHtml: true, text: true } } },
      },
    },
  });
  return pairs.map((p) => ({
    id: p.id,
    dataset: DEMO_DATASET,
    query: p.query.text,
    results: p.documents.map(({ document: d }) => ({
      id: d.id,
      ...(d.title != null && { title: d.title }),
      ...(d.url != null && { url: d.url }),
      ...(d.rawHtml != null ? { html: d.rawHtml } : { text: d.text }),
    })),
  }));
}
