import { idParamsSchema } from "@/lib/schemas/ids";
import { exportQuerySchema } from "@/lib/schemas/datasets";
import { withAuth } from "@/lib/server/auth/with-auth";
import { exportDataset } from "@/lib/server/export/export-dataset";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/datasets/{id}/export – the gold set as a file (gold JSONL, Label Studio or Prodigy)
/**
 * GET ?format=gold-jsonl|label-studio|prodigy|judge-jsonl[&model=<name>][&judge=model|promptVersion|variant] → the file
 * as an attachment, streamed (export:read); judge-jsonl: a judge configuration's token labels in the gold format.
 * 422 when a stored span no longer matches its document (nothing sent); 404 for an unknown dataset.
 */
export const GET = withAuth({ permission: "export:read", params: idParamsSchema }, async (req, { params: { id } }) => {
  const q = new URL(req.url).searchParams;
  const { format, model, judge } = exportQuerySchema.parse({
    format: q.get("format") ?? undefined,
    model: q.get("model") ?? undefined,
    judge: q.get("judge") ?? undefined,
  });
  const out = await exportDataset({ datasetId: id, format, ...(model ? { model } : {}), ...(judge ? { judge } : {}) });
  return new Response(out.body, {
    headers: {
      "Content-Type": out.contentType,
      "Content-Disposition": `attachment; filename="${out.filename}"`,
      "Cache-Control": "no-store",
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
