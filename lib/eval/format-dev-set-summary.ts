import type { DevSetResult } from "./evaluate-dev-set";

const pct = (x: number | null | undefined) => (x === null || x === undefined ? "–" : `${(100 * x).toFixed(1)}%`);
const num = (x: number | null | undefined) => (x === null || x === undefined ? "–" : x.toFixed(3));

function settingLabel(r: DevSetResult): string {
  const s = r.setting;
  const what =
    r.measure === "answerKept"
      ? "answer kept"
      : r.measure === "pages"
        ? "article precision / recall"
        : r.set.startsWith("unanswerable")
          ? "kept nothing"
          : "evidence recall";
  const how = s.ratio !== undefined ? `${Math.round(s.ratio * 100)}% of tokens` : `${s.budget}-token budget`;
  return `${what} at ${how}${s.useModelThreshold ? ", default threshold" : ""}`;
}

/** The model card's tables (markdown) from eval-all results, with the provenance they were measured under. */
export function formatDevSetSummary(
  results: readonly DevSetResult[],
  provenance: { commit: string; command: string; date: string; split: string; methods: { name: string; threshold: number }[] },
): string {
  const methods = [...new Set(results.flatMap((r) => r.rows.map((row) => row.method)))];
  const lines: string[] = [];
  lines.push(`# Dev-set results (${provenance.split} split)`, "");
  lines.push(`Measured ${provenance.date} at commit \`${provenance.commit}\` with \`${provenance.command}\`.`);
  lines.push(`Thresholds: ${provenance.methods.map((m) => `${m.name} ${m.threshold}`).join(", ")}.`, "");
  lines.push(`| set | measure | queries | ${methods.join(" | ")} |`);
  lines.push(`|---|---|---|${methods.map(() => "---").join("|")}|`);
  for (const r of results) {
    const cells = methods.map((m) => {
      const row = r.rows.find((x) => x.method === m);
      if (!row) return "–";
      if (r.measure === "pages") return `${pct(row.keptPrecision)} / ${pct(row.evidenceCharRecall)}`;
      return num(row.headline);
    });
    lines.push(`| ${r.set} | ${settingLabel(r)} | ${r.queries} | ${cells.join(" | ")} |`);
  }
  lines.push("", "Downstream tokens kept per query:", "");
  lines.push(`| set | ${methods.join(" | ")} |`);
  lines.push(`|---|${methods.map(() => "---").join("|")}|`);
  for (const r of results) {
    lines.push(`| ${r.set} | ${methods.map((m) => r.rows.find((x) => x.method === m)?.tokensPerQuery.toFixed(1) ?? "–").join(" | ")} |`);
  }
  const pages = results.find((r) => r.pageCategories);
  if (pages?.pageCategories) {
    lines.push(
      "",
      "Model categories on real pages (tokens of navigation/header/footer blocks tagged UI/navigation, ads or metadata; article tokens tagged vital or off-topic):",
      "",
    );
    lines.push("| method | navigation/header/footer → boilerplate | article → vital/off-topic |", "|---|---|---|");
    for (const [m, f] of Object.entries(pages.pageCategories)) {
      lines.push(
        `| ${m} | ${pct(f.chromeAsBoilerplate / Math.max(1, f.chromeTokens))} of ${f.chromeTokens} | ${pct(f.articleAsContent / Math.max(1, f.articleTokens))} of ${f.articleTokens} |`,
      );
    }
  }
  const withCats = results.filter((r) => r.rows.some((row) => row.categories));
  for (const r of withCats) {
    lines.push("", `Share of each category's characters kept (${r.set}):`, "");
    const cats = [...new Set(r.rows.flatMap((row) => Object.keys(row.categories ?? {})))].sort();
    lines.push(`| method | ${cats.join(" | ")} |`, `|---|${cats.map(() => "---").join("|")}|`);
    for (const row of r.rows) lines.push(`| ${row.method} | ${cats.map((c) => pct(row.categories?.[c]?.keptShare)).join(" | ")} |`);
    if (r.measure === "pages") lines.push(...wronglyKeptTable(r, cats));
  }
  for (const r of results) if (r.keptNothingCurves) lines.push(...keptNothingTables(r));
  return `${lines.join("\n")}\n`;
}

/**
 * Where nothing answers some queries: kept nothing against answerable recall at each threshold, per model (the
 * default threshold marked), over all queries and, where the set has several languages, per language.
 */
function keptNothingTables(r: DevSetResult): string[] {
  const curves = Object.entries(r.keptNothingCurves ?? {});
  if (curves.length === 0) return [];
  const languages = [...new Set(curves.flatMap(([, c]) => Object.keys(c.byLanguage)))].sort();
  const lines: string[] = [];
  for (const lang of languages.length > 1 ? [undefined, ...languages] : [undefined]) {
    lines.push("", `Kept nothing / answerable recall by threshold (${r.set}${lang ? `, ${lang}` : ""}; * the default):`, "");
    lines.push(`| threshold | ${curves.map(([m]) => m).join(" | ")} |`, `|---|${curves.map(() => "---").join("|")}|`);
    const thresholds = [...new Set(curves.flatMap(([, c]) => c.points.map((p) => p.threshold)))].sort((a, b) => a - b);
    for (const t of thresholds) {
      const cells = curves.map(([, c]) => {
        const p = (lang ? c.byLanguage[lang] : c.points)?.find((x) => x.threshold === t);
        return p ? `${pct(p.keptNothing)} / ${num(p.answerableRecall)}${t === c.defaultThreshold ? " *" : ""}` : "–";
      });
      lines.push(`| ${t} | ${cells.join(" | ")} |`);
    }
  }
  return lines;
}

/**
 * Real pages: what the kept text that is not the article was, as shares of all kept characters (all pages' characters
 * together, so the first column is 1 − the character-weighted precision; the headline precision is a mean per page).
 */
function wronglyKeptTable(r: DevSetResult, cats: readonly string[]): string[] {
  const wrong = cats.filter((c) => c !== "vital");
  const lines = ["", `Kept characters that are not article text, by category, as a share of all kept characters (${r.set}):`, ""];
  lines.push(`| method | not article | ${wrong.join(" | ")} |`, `|---|---|${wrong.map(() => "---").join("|")}|`);
  for (const row of r.rows) {
    const kept = (c: string) => (row.categories?.[c]?.chars ?? 0) * (row.categories?.[c]?.keptShare ?? 0);
    const total = cats.reduce((a, c) => a + kept(c), 0);
    const share = (x: number) => (total > 0 ? x / total : null);
    lines.push(`| ${row.method} | ${pct(share(wrong.reduce((a, c) => a + kept(c), 0)))} | ${wrong.map((c) => pct(share(kept(c)))).join(" | ")} |`);
  }
  return lines;
}
