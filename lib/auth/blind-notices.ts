// What blinded users are told, in the 403s of the server and in the workspace (client-safe strings).

/** Why a blinded annotator gets no gold and no other annotator's spans (lib/auth/policy.ts isBlindedFor). */
export const BLIND_GOLD_NOTICE = "Blind annotation: gold and others' work are hidden until you submit.";

/** Why a blinded annotator gets no model or judge output on a dataset that hides predictions. */
export const BLIND_PREDICTIONS_NOTICE = "Blind annotation: this dataset hides the model's and the judge's pre-annotation until you submit.";
