export default function QueueLoading() {
  return (
    <p className="text-sm text-slate-500" role="status">
      Loading…
    </p>
  );
}
