-- Blind annotation as a dataset setting (issue 60): annotators of a blind dataset do not receive a pair's gold or other
-- annotators' spans before they submit, and the owner chooses whether they see the model's and the judge's
-- pre-annotation. Existing datasets become blind with predictions shown (the settings' defaults).

-- AlterTable
ALTER TABLE "Dataset" ADD COLUMN "blindAnnotation" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "Dataset" ADD COLUMN "showPredictions" BOOLEAN NOT NULL DEFAULT true;

-- Agreement compares only blind annotations. Annotations made before this migration are not blind: the workspace
-- showed every annotator the pair's gold, so nobody can tell which of them were made without seeing it.
-- AlterTable
ALTER TABLE "Annotation" ADD COLUMN "blind" BOOLEAN NOT NULL DEFAULT false;
