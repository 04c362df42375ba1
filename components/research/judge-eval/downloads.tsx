import { buttonClass } from "@/components/ui/button";

/**
 * The report's figures as CSV (P/R/F1 and tp/fp/fn per configuration, level and category) and the whole report as
 * JSON, from the research API the page reads through: the same numbers as `snippet-lab judge-eval`.
 */
export function JudgeEvalDownloads({ datasetId, configs }: { datasetId: string; configs: readonly string[] }) {
  const href = (format: "csv" | "json") => {
    const q = new URLSearchParams({ datasetId });
    if (configs.length > 0) q.set("configs", configs.join(","));
    q.set("format", format);
    return `/api/v1/research/judge?${q}`;
  };
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-slate-600">Download</span>
      <a href={href("csv")} className={buttonClass({ variant: "secondary", size: "xs" })} data-testid="judge-eval-csv">
        CSV
      </a>
      <a href={href("json")} className={buttonClass({ variant: "secondary", size: "xs" })} data-testid="judge-eval-json">
        JSON
      </a>
    </div>
  );
}
