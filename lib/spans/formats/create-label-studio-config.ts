import { CATEGORY_META, SPAN_CATEGORIES } from "../categories";
import { LS_FROM_NAME, LS_TO_NAME } from "./label-studio-types";

/** Label Studio labeling config matching exportLabelStudio (label values = category ids, Okabe–Ito colours). */
export function createLabelStudioConfig(): string {
  const labels = SPAN_CATEGORIES.map((c) => `    <Label value="${c}" hotkey="${CATEGORY_META[c].key}" background="${CATEGORY_META[c].color}"/>`).join(
    "\n",
  );
  return [
    "<View>",
    '  <Header value="$query"/>',
    `  <Labels name="${LS_FROM_NAME}" toName="${LS_TO_NAME}">`,
    labels,
    "  </Labels>",
    `  <Text name="${LS_TO_NAME}" value="$text" granularity="symbol"/>`,
    "</View>",
    "",
  ].join("\n");
}
