import type { Metadata } from "next";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { requireUser } from "@/lib/server/auth/require-user";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Research · Snippet Lab" };
export const dynamic = "force-dynamic";

const VIEWS = [
  {
    href: "/research/frontier",
    title: "Threshold and budget frontier",
    text: "What each threshold and budget keeps across a dataset with gold: tokens per query against gold evidence kept, one curve per method, and the pairs behind every point.",
    testId: "research-frontier-link",
  },
  {
    href: "/research/categories",
    title: "Category breakdown",
    text: "Where the tokens go: the share of vital, off-topic, ads, metadata, navigation and duplicate text before and after compression.",
    testId: "research-categories-link",
  },
  {
    href: "/research/judge",
    title: "Judging the judge",
    text: "How well the LLM judge labels spans: each judge configuration against the adjudicated gold, precision, recall and F1 per category at span and token level, side by side, and the pairs where they disagree most.",
    testId: "research-judge-link",
  },
  {
    href: "/research/models",
    title: "Models",
    text: "Every installed model: architecture, tokenizer, window, default threshold, training data, model card, latency and evaluation figures.",
    testId: "research-models-link",
  },
];

/** The research views; the data behind them is also served as JSON and CSV (/api-docs, "research"). */
export default async function ResearchPage() {
  await requireUser({ permission: "research:read", next: "/research" });
  return (
    <div className="space-y-6">
      <PageHeader
        title="Research"
        description={
          <>
            Views over your own data. Researchers and admins run sweeps; reviewers may look too. Dashboards read the same data from{" "}
            <Link href="/api-docs#tag-research" className="underline">
              the research API
            </Link>{" "}
            (JSON and CSV) and live traffic from <code>GET /api/v1/metrics</code> (Prometheus).
          </>
        }
      />
      <div className="grid gap-4 md:grid-cols-2">
        {VIEWS.map((v) => (
          <Card key={v.href} className="space-y-2">
            <h2 className="font-semibold">
              <Link href={v.href} className="text-blue-800 hover:underline" data-testid={v.testId}>
                {v.title}
              </Link>
            </h2>
            <p className="text-sm text-slate-600">{v.text}</p>
          </Card>
        ))}
      </div>
    </div>
  );
}
