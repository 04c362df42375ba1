// Ids and route params shared by every resource. Client-safe (zod only).
import { z } from "zod";

/** A stored row's id (cuid) or an external id: non-empty, bounded. */
export const zId = z.string().min(1).max(200);

/** Route params with one id (`/pairs/[id]`, `/annotations/[id]`…); withAuth validates them. */
export const idParamsSchema = z.object({ id: zId });

/** A moment as responses carry it: ISO 8601 in UTC (`Date.toJSON`), e.g. "2026-02-05T09:30:00.000Z". */
export const zTimestamp = z.iso.datetime();
