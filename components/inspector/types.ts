import type { ModelInfoOut } from "@/lib/schemas/models";

/** A demo pair as the page lists it (content is fetched on demand). */
export interface DemoSummary {
  id: string;
  dataset: string;
  query: string;
  resultCount: number;
}

export interface DemoResult {
  id: string;
  title?: string;
  url?: string;
  text?: string;
  html?: string;
}

export interface DemoPair {
  id: string;
  dataset: string;
  query: string;
  results: DemoResult[];
}

export type ContentFormat = "text" | "html";

/** One result being edited in the form. */
export interface DraftResult {
  key: string;
  id?: string;
  title?: string;
  url?: string;
  format: ContentFormat;
  content: string;
}

export type ModelOption = Pick<ModelInfoOut, "name" | "default" | "threshold" | "aggregation" | "description">;
