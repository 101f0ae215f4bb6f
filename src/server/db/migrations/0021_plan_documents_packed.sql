ALTER TABLE "fitness_plans" ALTER COLUMN "plan" SET DATA TYPE json USING "plan"::json;
