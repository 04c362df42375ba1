import Link from "next/link";
import { headers } from "next/headers";
import { getEnv } from "@/lib/server/env";
import { buttonClass } from "@/components/ui/button";

export const dynamic = "force-dynamic";

/**
 * The origin this page was reached at (the Host header, and X-Forwarded-Proto behind a proxy), so the curl example
 * works as shown whatever HOST/PORT the server runs on; HOST/PORT from the environment when the header is unusable.
 */
async function requestOrigin(): Promise<string> {
  const h = await headers();
  const host = h.get("x-forwarded-host")?.split(",")[0]?.trim() || h.get("host") || "";
  const proto = h.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https" ? "https" : "http";
  if (/^[A-Za-z0-9.\-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/.test(host)) return `${proto}://${host}`;
  const { host: envHost, port } = getEnv();
  return `http://${envHost.includes(":") ? `[${envHost}]` : envHost}:${port}`;
}

export default async function HomePage() {
  const origin = await requestOrigin();
  // With SNIPPET_LAB_API_KEYS set the service routes want a key: the example says where it goes (never which).
  const keyed = getEnv().apiKeys.length > 0;
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">Snippet Lab</h1>
      <p className="text-lg text-slate-700">
        Query-aware extractive context compression. Give it a query and the pages a search returned; it keeps only the sentences that answer the
        query, <strong>verbatim</strong>, packed into one token budget for the whole result set, so a downstream LLM reads a few hundred tokens
        instead of tens of thousands.
      </p>
      <ul className="list-disc space-y-2 pl-6 text-slate-700">
        <li>
          A small token-classification model scores every token of every page for the query; sentence scores are the mean or max of their tokens&apos;
          keep probabilities.
        </li>
        <li>
          A threshold and a shared budget (presets low / medium / high = 1,000 / 4,000 / 10,000 downstream tokens) pick the sentences; adjacent ones
          merge into one span with offsets into the page&apos;s canonical text.
        </li>
        <li>Baselines: BM25 and lead (first sentences) use the same selection.</li>
        <li>
          A gold set curated here: annotators label spans in six categories (vital, off-topic, ads, metadata, UI/navigation, duplicate) beside the
          model&apos;s heatmap and an LLM judge&apos;s suggestions; reviewers accept, reject and adjudicate; agreement, queue by model uncertainty,
          and exports for training (JSONL, Label Studio, Prodigy).
        </li>
      </ul>
      <div className="flex flex-wrap gap-3">
        <Link href="/inspector" className={buttonClass()} data-testid="home-inspector-link">
          Open the inspector
        </Link>
        <Link href="/pairs" className={buttonClass({ variant: "secondary" })} data-testid="home-queue-link">
          Annotation queue
        </Link>
        <Link href="/datasets" className={buttonClass({ variant: "secondary" })}>
          Datasets
        </Link>
        <Link href="/api-docs" className={buttonClass({ variant: "secondary" })}>
          API reference
        </Link>
      </div>
      <pre className="overflow-x-auto rounded-md bg-slate-900 p-4 text-sm text-slate-100" data-testid="home-curl">
        {`curl -s ${origin}/api/v1/compress \\
  -H 'content-type: application/json' \\${keyed ? '\n  -H "authorization: Bearer $SNIPPET_LAB_API_KEY" \\' : ""}
  -d '{"query":"when was the bridge opened?","results":[{"text":"The bridge opened in 1932. It is 1,149 m long."}],"preset":"low"}'`}
      </pre>
    </div>
  );
}
