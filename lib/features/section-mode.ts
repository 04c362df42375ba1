/**
 * Section mode of the features (computeTokenFeatures `sections`): off, every single document with headings
 * ("all", true), or only a document without page chrome ("plain": a paper, a report, a markdown file).
 */
export type SectionMode = boolean | "plain";

/** The CLI's spelling: absent or "off" → false, "all" → true, "plain"; undefined for anything else. */
export function parseSectionMode(value: string | undefined): SectionMode | undefined {
  if (value === undefined || value === "off") return false;
  if (value === "all") return true;
  if (value === "plain") return "plain";
  return undefined;
}
