import type { Metadata } from "next";
import { CreateDatasetForm } from "@/components/datasets/create-dataset-form";
import { DatasetTable } from "@/components/datasets/dataset-table";
import { canChangeDataset } from "@/lib/auth/policy";
import { requireUser } from "@/lib/server/auth/require-user";
import { listDatasets } from "@/lib/server/db/datasets/list-datasets";
import { Card } from "@/components/ui/card";

export const metadata: Metadata = { title: "Datasets · Snippet Lab" };
export const dynamic = "force-dynamic";

export default async function DatasetsPage() {
  const user = await requireUser({ permission: "pair:read", next: "/datasets" });
  const datasets = await listDatasets();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Datasets</h1>
        <p className="text-sm text-slate-600">Queries with their result pages, grouped for annotation, import and export.</p>
      </div>
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
