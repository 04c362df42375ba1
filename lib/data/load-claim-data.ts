import path from "node:path";
import { buildFeverPassages, groupFeverPairs } from "./fever-passages";
import { requireSharedFiles, SHARED_FILES, SPLITS } from "./load-shared-data";
import { readFeverPairs } from "./read-fever-pairs";
import { readSciFactClaims } from "./read-scifact-claims";
import { readWice } from "./read-wice";
import { splitOfGroup, type Split } from "./split-by-group";
import type { EvalExample } from "./types";

/**
 * Citation-Integrity claims of one split (the files' own: train, dev = val, test = report) over their cited
 * abstracts. Each abstract's sentence list gives the evidence first (always sentence 0), so its sentences are put in
 * an order of their own (seeded by the document id): lead would otherwise keep every evidence. Claims with no evidence sentence are left out (nothing to keep, and no kept-nothing measure needs
 * them), and so is any claim citing an abstract that another split's claims also cite (none in the release; the
 * check keeps it so).
 */
export async function loadCitint(dir: string, split: Split): Promise<EvalExample[]> {
  const files = SHARED_FILES.citintClaims;
  requireSharedFiles(dir, [...Object.values(files), SHARED_FILES.citintCorpus]);
  const corpus = path.join(dir, SHARED_FILES.citintCorpus);
  const all = await Promise.all(
    (Object.keys(files) as Split[]).map(async (s) => ({
      s,
      ex: await readSciFactClaims(path.join(dir, files[s]), corpus, { prefix: "citint", locale: "en", shuffleSentences: true }),
    })),
  );
  const docsOf = (e: EvalExample) => e.results.map((r) => r.id);
  const elsewhere = new Set(all.filter((x) => x.s !== split).flatMap((x) => x.ex.flatMap(docsOf)));
  const mine = all.find((x) => x.s === split)!.ex;
  return mine.filter((e) => e.evidence.length > 0 && !docsOf(e).some((d) => elsewhere.has(d)));
}

/** FEVER's entailed claims of one split (by subject, SPLITS.fever), each over a passage of evidence and distractors. */
export async function loadFever(dir: string, split: Split): Promise<EvalExample[]> {
  requireSharedFiles(dir, [SHARED_FILES.fever]);
  const pairs = await readFeverPairs(path.join(dir, SHARED_FILES.fever));
  const groups = groupFeverPairs(pairs);
  return buildFeverPassages({ pairs, groups, keep: (g) => splitOfGroup(g, SPLITS.fever) === split });
}

/** WiCE claims over their real cited pages, of one split (val or report; train is always empty). */
export async function loadWice(dir: string, split: Split): Promise<EvalExample[]> {
  requireSharedFiles(dir, [SHARED_FILES.wice]);
  const all = await readWice(path.join(dir, SHARED_FILES.wice), { prefix: "wice" });
  return all.filter((e) => splitOfGroup(e.group, SPLITS.wice) === split);
}
