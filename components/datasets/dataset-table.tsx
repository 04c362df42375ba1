import Link from "next/link";

export type DatasetRow = {
  id: string;
  name: string;
  description: string | null;
  pairs: number;
  documents: number;
  goldPairs: number;
  goldSpans: number;
};

/** Datasets with their counts; each name links to the dataset page. */
export function DatasetTable({ datasets }: { datasets: readonly DatasetRow[] }) {
  if (datasets.length === 0) {
    return <p className="text-sm text-slate-600" data-testid="datasets-empty">No datasets yet.</p>;
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="datasets-table">
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            <th className="px-3 py-2">Name</th>
            <th className="px-3 py-2 text-right">Pairs</th>
            <th className="px-3 py-2 text-right">Documents</th>
            <th className="px-3 py-2 text-right">Gold pairs</th>
            <th className="px-3 py-2 text-right">Gold spans</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {datasets.map((d) => (
            <tr key={d.id} data-testid="dataset-row" data-dataset-id={d.id} data-dataset-name={d.name}>
              <td className="px-3 py-2">
                <Link href={`/datasets/${d.id}`} className="font-medium text-blue-700 hover:underline">
                  {d.name}
                </Link>
                {d.description && <p className="text-xs text-slate-500">{d.description}</p>}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{d.pairs}</td>
              <td className="px-3 py-2 text-right tabular-nums">{d.documents}</td>
              <td className="px-3 py-2 text-right tabular-nums">{d.goldPairs}</td>
              <td className="px-3 py-2 text-right tabular-nums">{d.goldSpans}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
