import type { Metadata } from "next";
import { CreateDatasetForm } from "@/components/datasets/create-dataset-form";
import { DatasetTable } from "@/components/datasets/dataset-table";
import { canChangeDataset } from "@/lib/auth/policy";
import { requireUser } from "@/lib/server/auth/require-user";
import { listDatasets } from "@/lib/server/db/datasets/list-datasets";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Datasets · Snippet Lab" };
export const dynamic = "force-dynamic";

export default async function DatasetsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireUser({ permission: "pair:read", next: "/datasets" });
  const [datasets, sp] = await Promise.all([listDatasets(), searchParams]);
  // Where the dataset page's Delete lands: the name of what went.
  const deleted = typeof sp.deleted === "string" ? sp.deleted : null;
  return (
    <div className="space-y-6">
      <PageHeader title="Datasets" description="Queries with their result pages, grouped for annotation, import and export." />
      {deleted && (
        <Notice tone="success" role="status" testId="dataset-deleted">
          Deleted dataset {deleted} and everything in it.
        </Notice>
      )}
      {canChangeDataset({ user }) && (
        <Card>
          <h2 className="mb-3 text-sm font-semibold text-slate-900">Create a dataset</h2>
          <CreateDatasetForm />
        </Card>
      )}
      <DatasetTable datasets={datasets} />
    </div>
  );
}
