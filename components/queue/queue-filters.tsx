import Link from "next/link";
import { CATEGORY_META, SPAN_CATEGORIES } from "@/lib/spans/categories";
import { PAIR_STATUSES } from "@/lib/server/db/enums";

const input = "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/20";

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
    <form method="get" action="/pairs" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm" data-testid="queue-filters">
      <label className="space-y-1 text-xs font-medium text-slate-700">
        <span className="block">Dataset</span>
        <select name="datasetId" defaultValue={values.datasetId ?? ""} className={input} data-testid="queue-filter-dataset">
          <option value="">Any</option>
          {datasets.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name} ({d.pairCount})
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1 text-xs font-medium text-slate-700">
        <span className="block">Status</span>
        <select name="status" defaultValue={values.status ?? ""} className={input} data-testid="queue-filter-status">
          <option value="">Any</option>
          {PAIR_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s.replace("_", " ")}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1 text-xs font-medium text-slate-700">
        <span className="block">Annotator</span>
        <select name="annotatorId" defaultValue={values.annotatorId ?? ""} className={input} data-testid="queue-filter-annotator">
          <option value="">Any</option>
          {annotators.map((a) => (
            <option key={a.id} value={a.id}>
              {a.email}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1 text-xs font-medium text-slate-700">
        <span className="block">Category</span>
        <select name="category" defaultValue={values.category ?? ""} className={input} data-testid="queue-filter-category">
          <option value="">Any</option>
          {SPAN_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CATEGORY_META[c].label}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1 text-xs font-medium text-slate-700">
        <span className="block">Sort by</span>
        <select name="sort" defaultValue={values.sort} className={input} data-testid="queue-sort">
          <option value="updatedAt">Last updated</option>
          <option value="uncertainty">Model uncertainty</option>
          <option value="disagreement">Model–gold disagreement</option>
        </select>
      </label>
      <label className="space-y-1 text-xs font-medium text-slate-700">
        <span className="block">Order</span>
        <select name="direction" defaultValue={values.direction} className={input} data-testid="queue-direction">
          <option value="desc">Highest / newest first</option>
          <option value="asc">Lowest / oldest first</option>
        </select>
      </label>
      <label className="flex items-center gap-2 pb-2 text-xs font-medium text-slate-700">
        <input type="checkbox" name="todo" value="1" defaultChecked={values.todo} data-testid="queue-filter-todo" />
        Only pairs that need my work
      </label>
      <div className="flex items-center gap-3 pb-1">
        <button type="submit" className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800" data-testid="queue-filter-apply">
          Apply
        </button>
        <Link href="/pairs" className="text-sm text-blue-700 hover:underline" data-testid="queue-filter-reset">
          Reset
        </Link>
      </div>
    </form>
  );
}
