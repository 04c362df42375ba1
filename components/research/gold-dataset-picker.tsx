import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/select";

/**
 * The research pages' dataset picker: a GET form (server-rendered, works without script) whose options show each
 * dataset's gold pairs, since the frontier and the judge eval measure against gold.
 */
export function GoldDatasetPicker({
  action,
  datasetId,
  datasets,
  testId,
}: {
  action: string;
  datasetId: string | undefined;
  datasets: readonly { id: string; name: string; goldPairs: number; pairs: number }[];
  testId: string;
}) {
  return (
    <Card as="form" padding="sm" className="flex flex-wrap items-end gap-3" method="get" action={action}>
      <label className="space-y-1 text-xs font-medium text-slate-700">
        <span className="block">Dataset</span>
        <Select size="bar" name="datasetId" defaultValue={datasetId ?? ""} data-testid={testId}>
          {datasets.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name} ({d.goldPairs} gold pair{d.goldPairs === 1 ? "" : "s"} of {d.pairs})
            </option>
          ))}
        </Select>
      </label>
      <Button type="submit" size="sm" data-testid={`${testId}-apply`}>
        Show
      </Button>
    </Card>
  );
}
