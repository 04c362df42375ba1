import { exportDataset } from "@/lib/server/export/export-dataset";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET ?format=gold-jsonl|label-studio|prodigy|judge-jsonl[&model=<name>][&judge=model|promptVersion|variant][&audit=1] →
 * the file as an attachment, streamed (export:read); judge-jsonl: a judge configuration's token labels in the gold
 * format; audit=1 (gold-jsonl): each record carries its pair's gold history.
 * 422 when a stored span no longer matches its document (nothing sent); 404 for an unknown dataset.
 */
export const GET = defineRoute(OPERATIONS.exportDataset, async ({ params: { id }, query: { format, model, judge, audit } }) => {
  const out = await exportDataset({ datasetId: id, format, ...(model ? { model } : {}), ...(judge ? { judge } : {}), ...(audit ? { audit } : {}) });
  return new Response(out.body, {
    headers: {
      "Content-Type": out.contentType,
      "Content-Disposition": `attachment; filename="${out.filename}"`,
      "Cache-Control": "no-store",
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
