/** Shared Tailwind classes of the dataset forms. */
export const inputClass =
  "w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/20";
export const buttonClass =
  "rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-60";
export const secondaryButtonClass =
  "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60";

/** The API's error body → a message (falls back to the HTTP status). */
export function errorMessage(body: unknown, status: number): string {
  const message = (body as { error?: { message?: string } } | null)?.error?.message;
  return message ?? `Request failed (HTTP ${status}).`;
}
