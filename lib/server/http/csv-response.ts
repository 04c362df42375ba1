import "server-only";

/** A CSV download: text/csv in UTF-8, named by `filename` (letters, digits, dots and dashes only). */
export function csvResponse(filename: string, body: string): Response {
  const safe = filename.replace(/[^A-Za-z0-9._-]+/g, "-");
  return new Response(body, {
    status: 200,
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${safe}"`, "Cache-Control": "no-store" },
  });
}
