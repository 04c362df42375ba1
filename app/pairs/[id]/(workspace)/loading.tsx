export default function PairLoading() {
  return (
    <div className="space-y-4" data-testid="pair-loading" aria-busy="true">
      <div className="h-6 w-2/3 animate-pulse rounded bg-slate-200" />
      <div className="h-12 animate-pulse rounded-lg bg-slate-100" />
      <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="h-96 animate-pulse rounded-lg bg-slate-100" />
        <div className="h-64 animate-pulse rounded-lg bg-slate-100" />
      </div>
    </div>
  );
}
