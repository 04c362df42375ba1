-- The model's predicted category of every token (models with a category head), cached beside the probabilities.

-- AlterTable
ALTER TABLE "ModelRun" ADD COLUMN "categories" BYTEA;
