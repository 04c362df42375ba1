import "server-only";
import type { BodyLimitName } from "@/lib/schemas/api-contract";
import { DATASET_LIMITS } from "@/lib/schemas/datasets";
import { COMPRESS_LIMITS } from "@/lib/schemas/limits";

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * Byte caps of the JSON request bodies, named by what they carry (readJsonBody answers 413 beyond them). File uploads
 * have their own (DATASET_LIMITS.maxImportBytes, read-import-request.ts; pair creation, read-pair-request.ts).
 */
export const BODY_LIMITS = {
  /** Sign-in, a user's fields, a password reset. */
  credentials: 16 * KiB,
  /** POST /api/v1/pairs/{id}/scores: a model name. */
  scorePair: 4 * KiB,
  /** POST /api/v1/pairs/score: a dataset id, a limit, a model name. */
  scoring: 16 * KiB,
  /** POST /api/v1/jobs: a job's kind and payload (ids, method names, a sweep's thresholds and budgets). */
  jobs: 64 * KiB,
  /** A review decision, a submit or a judge request: a comment at most. */
  comment: 64 * KiB,
  /** A dataset's name and description (UTF-8: up to 4 bytes a character). */
  dataset: 4 * KiB + DATASET_LIMITS.maxDescriptionChars * 4,
  /** PUT …/annotation: the whole span list of one annotation. */
  annotation: 8 * MiB,
  /** PUT …/gold: the whole adjudicated span list. */
  gold: 4 * MiB,
  /** POST …/suggestions/accept: suggestion ids. */
  suggestionIds: 1 * MiB,
  /** POST /api/v1/compress: 25 MB of result text plus JSON escaping. */
  compress: COMPRESS_LIMITS.maxBodyBytes,
} as const satisfies Record<BodyLimitName, number>;
