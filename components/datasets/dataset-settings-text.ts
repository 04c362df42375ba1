import type { DatasetSettings } from "@/lib/schemas/datasets";

/** The two settings as the form and the read-only summary word them. */
export const SETTING_TEXT: Record<keyof DatasetSettings, { label: string; hint: string }> = {
  blindAnnotation: {
    label: "Blind annotation",
    hint: "Before they submit, annotators never receive a pair's gold or other annotators' spans (reviewers, researchers and admins see everything). Agreement counts only blind annotations.",
  },
  showPredictions: {
    label: "Show predictions to blinded annotators",
    hint: "The model's heatmap and snippet, “Accept model spans”, the model and judge layers and the judge's suggestions. Off: annotators label without the model's pre-annotation until they submit.",
  },
};
