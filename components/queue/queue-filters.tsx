import Link from "next/link";
import { CATEGORY_META, SPAN_CATEGORIES } from "@/lib/spans/categories";
import { PAIR_STATUSES } from "@/lib/schemas/enums";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/select";

export type QueueFilterValues = {
  datasetId?: string;
  status?: string;
  annotatorId?: string;
  category?: string;
  sort: string;
  direction: string;
  todo: boolean;
};

type Props = {
  values: QueueFilterValues;
  datasets: { id: string; name: string; pairCount: number }[];
  annotators: { id: string; email: string }[];
};

/** A plain GET form: the filters live in the URL (shareable, back button works, no client state). */
export function QueueFilters({ values, datasets, annotators }: Props) {
  return (
    <Card as="form" padding="sm" className="flex flex-wrap items-end gap-3" method="get" action="/pairs" data-testid="queue-filters">
      <label className="space-y-1 text-xs font-medium text-slate-700">
        <span className="block">Dataset</span>
        <Select size="bar" name="datasetId" defaultValue={values.datasetId ?? ""} data-testid="queue-filter-dataset">
          <option value="">Any</option>
          {datasets.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name} ({d.pairCount})
            </option>
          ))}
        </Select>
      </label>
      <label className="space-y-1 text-xs font-medium text-slate-700">
        <span className="block">Status</span>
        <Select size="bar" name="status" defaultValue={values.status ?? ""} data-testid="queue-filter-status">
          <option value="">Any</option>
          {PAIR_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s.replace("_", " ")}
            </option>
          ))}
        </Select>
      </label>
      <label className="space-y-1 text-xs font-medium text-slate-700">
        <span className="block">Annotator</span>
        <Select size="bar" name="annotatorId" defaultValue={values.annotatorId ?? ""} data-testid="queue-filter-annotator">
          <option value="">Any</option>
          {annotators.map((a) => (
            <option key={a.id} value={a.id}>
              {a.email}
            </option>
          ))}
        </Select>
      </label>
      <label className="space-y-1 text-xs font-medium text-slate-700">
        <span className="block">Category</span>
        <Select size="bar" name="category" defaultValue={values.category ?? ""} data-testid="queue-filter-category">
          <option value="">Any</option>
          {SPAN_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CATEGORY_META[c].label}
            </option>
          ))}
        </Select>
      </label>
      <label className="space-y-1 text-xs font-medium text-slate-700">
        <span className="block">Sort by</span>
        <Select size="bar" name="sort" defaultValue={values.sort} data-testid="queue-sort">
          <option value="updatedAt">Last updated</option>
          <option value="uncertainty">Model uncertainty</option>
          <option value="disagreement">Model–gold disagreement</option>
        </Select>
      </label>
      <label className="space-y-1 text-xs font-medium text-slate-700">
        <span className="block">Order</span>
        <Select size="bar" name="direction" defaultValue={values.direction} data-testid="queue-direction">
          <option value="desc">Highest / newest first</option>
          <option value="asc">Lowest / oldest first</option>
        </Select>
      </label>
      <label className="flex items-center gap-2 pb-2 text-xs font-medium text-slate-700">
        <input type="checkbox" name="todo" value="1" defaultChecked={values.todo} data-testid="queue-filter-todo" />
        Only pairs that need my work
      </label>
      <div className="flex items-center gap-3 pb-1">
        <Button type="submit" size="sm" data-testid="queue-filter-apply">
          Apply
        </Button>
        <Link href="/pairs" className="text-sm text-blue-700 hover:underline" data-testid="queue-filter-reset">
          Reset
        </Link>
      </div>
    </Card>
  );
}
