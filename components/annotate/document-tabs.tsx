"use client";

/** Tabs that scroll to each document of a result set (shown with more than one document). */
export function DocumentTabs({ ids, labels, onSelect }: { ids: readonly string[]; labels: readonly string[]; onSelect: (index: number) => void }) {
  if (ids.length <= 1) return null;
  return (
    <nav className="flex flex-wrap gap-1" aria-label="Documents of the result set">
      {ids.map((id, i) => (
        <button
          key={id}
          type="button"
          onClick={() => onSelect(i)}
          data-testid={`doc-tab-${i}`}
          className="max-w-56 truncate rounded-md bg-slate-100 px-2.5 py-1 text-xs text-slate-700 hover:bg-slate-200"
        >
          #{i + 1} {labels[i]}
        </button>
      ))}
    </nav>
  );
}
