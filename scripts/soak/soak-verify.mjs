// Rows lost (scripts/soak.mjs): every write the server acknowledged, looked up in PostgreSQL after the run. An
// annotation's last acknowledged spans must all be live rows of it, its version at least the acknowledged one, a
// submitted (accepted) one still submitted or accepted (accepted); a pair's last acknowledged gold spans must all be live
// gold rows and its version at least the acknowledged gold version. Rows the client never saw acknowledged but the
// database holds ("extra") are reported too.
import pg from "pg";

/** Compares the ledger (soak-actors.mjs) with the database; `{checked, lost, extra, detail: [{what, checked, lost}]}`. */
export async function verifyLedger({ databaseUrl, ledger }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const detail = [];
    const add = (what, checked, lost, examples) => detail.push({ what, checked, lost, examples: examples.slice(0, 5) });

    const annotations = [...ledger.annotations.values()];
    const annIds = annotations.map((a) => a.annotationId);
    const { rows: annRows } = await client.query('SELECT id, status, version FROM "Annotation" WHERE id = ANY($1)', [annIds]);
    const annById = new Map(annRows.map((r) => [r.id, r]));
    const { rows: spanRows } = await client.query(
      'SELECT id, "annotationId" FROM "Span" WHERE "annotationId" = ANY($1) AND "deletedAt" IS NULL AND source = \'human\'',
      [annIds],
    );
    const liveByAnnotation = groupIds(spanRows, "annotationId");

    let spansChecked = 0;
    const spansLost = [];
    let extra = 0;
    const versionsLost = [];
    const statusLost = [];
    let statusChecked = 0;
    for (const a of annotations) {
      const row = annById.get(a.annotationId);
      const live = liveByAnnotation.get(a.annotationId) ?? new Set();
      spansChecked += a.spanIds.length;
      for (const id of a.spanIds) if (!live.has(id)) spansLost.push(`${a.annotationId}/${id}`);
      extra += [...live].filter((id) => !a.spanIds.includes(id)).length;
      if (!row || row.version < a.version) versionsLost.push(`${a.annotationId} v${a.version} (db ${row ? `v${row.version}` : "missing"})`);
      if (a.submitted || a.accepted) {
        statusChecked++;
        const ok = a.accepted ? row?.status === "accepted" : ["submitted", "accepted"].includes(row?.status);
        if (!ok) statusLost.push(`${a.annotationId}: acknowledged ${a.accepted ? "accepted" : "submitted"}, db ${row?.status ?? "missing"}`);
      }
    }
    add("annotation spans", spansChecked, spansLost.length, spansLost);
    add("annotation versions", annotations.length, versionsLost.length, versionsLost);
    add("submissions and reviews", statusChecked, statusLost.length, statusLost);

    const golds = [...ledger.gold.values()];
    const pairIds = golds.map((g) => g.pairId);
    const { rows: pairRows } = await client.query('SELECT id, version, "adjudicatedById" FROM "Pair" WHERE id = ANY($1)', [pairIds]);
    const pairById = new Map(pairRows.map((r) => [r.id, r]));
    const { rows: goldRows } = await client.query(
      'SELECT id, "pairId" FROM "Span" WHERE "pairId" = ANY($1) AND source = \'gold\' AND "annotationId" IS NULL AND "deletedAt" IS NULL',
      [pairIds],
    );
    const liveGold = groupIds(goldRows, "pairId");
    let goldChecked = 0;
    const goldLost = [];
    const goldVersionsLost = [];
    for (const g of golds) {
      const live = liveGold.get(g.pairId) ?? new Set();
      goldChecked += g.spanIds.length;
      for (const id of g.spanIds) if (!live.has(id)) goldLost.push(`${g.pairId}/${id}`);
      extra += [...live].filter((id) => !g.spanIds.includes(id)).length;
      const row = pairById.get(g.pairId);
      if (!row || row.version < g.version || row.adjudicatedById === null) {
        goldVersionsLost.push(`${g.pairId} v${g.version} (db ${row ? `v${row.version}` : "missing"})`);
      }
    }
    add("gold spans", goldChecked, goldLost.length, goldLost);
    add("gold versions", golds.length, goldVersionsLost.length, goldVersionsLost);

    return {
      checked: detail.reduce((n, d) => n + d.checked, 0),
      lost: detail.reduce((n, d) => n + d.lost, 0),
      extra,
      detail,
    };
  } finally {
    await client.end();
  }
}

function groupIds(rows, key) {
  const out = new Map();
  for (const r of rows) {
    if (!out.has(r[key])) out.set(r[key], new Set());
    out.get(r[key]).add(r.id);
  }
  return out;
}
