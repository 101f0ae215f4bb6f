import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { nutritionPlans } from '#server/db/schema';

export type NutritionPlanRow = typeof nutritionPlans.$inferSelect;
export type NewNutritionPlan = Omit<typeof nutritionPlans.$inferInsert, 'id' | 'userId' | 'createdAt'>;

/** Everything but the document: what a list shows. */
const summaryColumns = {
  id: nutritionPlans.id,
  title: nutritionPlans.title,
  dietaryRestrictions: nutritionPlans.dietaryRestrictions,
  mealsPerDay: nutritionPlans.mealsPerDay,
  calories: nutritionPlans.calories,
  locale: nutritionPlans.locale,
  source: nutritionPlans.source,
  createdAt: nutritionPlans.createdAt,
};
export type NutritionPlanSummaryRow = Pick<NutritionPlanRow, keyof typeof summaryColumns>;

export async function insertPlan(db: Db, userId: string, values: NewNutritionPlan): Promise<NutritionPlanRow> {
  const [row] = await db
    .insert(nutritionPlans)
    .values({ ...values, userId })
    .returning();
  return row;
}

export async function listPlans(db: Db, userId: string, page: { limit: number; offset: number }): Promise<{ rows: NutritionPlanSummaryRow[]; total: number }> {
  const mine = eq(nutritionPlans.userId, userId);
  const [rows, [{ n }]] = await Promise.all([
    db.select(summaryColumns).from(nutritionPlans).where(mine).orderBy(desc(nutritionPlans.createdAt), desc(nutritionPlans.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(nutritionPlans).where(mine),
  ]);
  return { rows, total: n };
}

export async function findPlan(db: Db, userId: string, id: string): Promise<NutritionPlanRow | undefined> {
  const [row] = await db
    .select()
    .from(nutritionPlans)
    .where(and(eq(nutritionPlans.id, id), eq(nutritionPlans.userId, userId)));
  return row;
}

export async function deletePlan(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(nutritionPlans)
    .where(and(eq(nutritionPlans.id, id), eq(nutritionPlans.userId, userId)))
    .returning({ id: nutritionPlans.id });
  return rows.length > 0;
}
