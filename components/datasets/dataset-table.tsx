import Link from "next/link";
import { Table, TableHead, TableBody, Th, Td } from "@/components/ui/table";

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
    return (
      <p className="text-sm text-slate-600" data-testid="datasets-empty">
        No datasets yet.
      </p>
    );
  }
  return (
    <Table data-testid="datasets-table">
      <TableHead>
        <Th>Name</Th>
        <Th align="right">Pairs</Th>
        <Th align="right">Documents</Th>
        <Th align="right">Gold pairs</Th>
        <Th align="right">Gold spans</Th>
      </TableHead>
      <TableBody>
        {datasets.map((d) => (
          <tr key={d.id} data-testid="dataset-row" data-dataset-id={d.id} data-dataset-name={d.name}>
            <Td>
              <Link href={`/datasets/${d.id}`} className="font-medium text-blue-700 hover:underline">
                {d.name}
              </Link>
              {d.description && <p className="text-xs text-slate-500">{d.description}</p>}
            </Td>
            <Td align="right">{d.pairs}</Td>
            <Td align="right">{d.documents}</Td>
            <Td align="right">{d.goldPairs}</Td>
            <Td align="right">{d.goldSpans}</Td>
          </tr>
        ))}
      </TableBody>
    </Table>
  );
}
