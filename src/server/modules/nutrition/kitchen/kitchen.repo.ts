import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { barcodeProducts, nutritionEntries, savedMeals, users, type StoredSavedMealItem } from '#server/db/schema';
import type { EntryRow, Tx } from '../nutrition.repo';

export type SavedMealRow = typeof savedMeals.$inferSelect;
export type BarcodeProductRow = typeof barcodeProducts.$inferSelect;

/**
 * The last entry of each food the user logged since `since`, with how often it was logged: a table food is one food
 * whatever its name, a typed one is its name in any case.
 */
export function lastOfEachFood(db: Db, userId: string, since: Date): Promise<{ row: EntryRow; uses: number }[]> {
  const e = nutritionEntries;
  const key = sql`coalesce(${e.foodId}, lower(${e.foodName}))`;
  const ranked = db
    .select({
      id: e.id,
      uses: sql<number>`count(*) over (partition by ${key})::int`.as('uses'),
      rank: sql<number>`row_number() over (partition by ${key} order by ${e.eatenAt} desc, ${e.createdAt} desc)`.as('rank'),
    })
    .from(e)
    .where(and(eq(e.userId, userId), gte(e.eatenAt, since)))
    .as('ranked');
  return db.select({ row: e, uses: ranked.uses }).from(ranked).innerJoin(e, eq(e.id, ranked.id)).where(eq(ranked.rank, 1));
}

export function listSavedMeals(db: Db, userId: string): Promise<SavedMealRow[]> {
  return db.select().from(savedMeals).where(eq(savedMeals.userId, userId)).orderBy(desc(savedMeals.updatedAt), desc(savedMeals.id));
}

export async function findSavedMeal(db: Tx, userId: string, id: string): Promise<SavedMealRow | null> {
  const [row] = await db
    .select()
    .from(savedMeals)
    .where(and(eq(savedMeals.id, id), eq(savedMeals.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Holds the user's row until the transaction ends: two tabs saving at once are counted one after the other. */
export async function lockUser(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function countSavedMeals(tx: Tx, userId: string): Promise<number> {
  const [{ n }] = await tx.select({ n: count() }).from(savedMeals).where(eq(savedMeals.userId, userId));
  return n;
}

export async function insertSavedMeal(tx: Tx, userId: string, name: string, items: StoredSavedMealItem[]): Promise<SavedMealRow> {
  const [row] = await tx.insert(savedMeals).values({ userId, name, items }).returning();
  return row;
}

export async function updateSavedMeal(db: Db, userId: string, id: string, values: { name?: string; items?: StoredSavedMealItem[] }): Promise<SavedMealRow | null> {
  const [row] = await db
    .update(savedMeals)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(savedMeals.id, id), eq(savedMeals.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteSavedMeal(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedMeals)
    .where(and(eq(savedMeals.id, id), eq(savedMeals.userId, userId)))
    .returning({ id: savedMeals.id });
  return rows.length > 0;
}

export async function findBarcodeProduct(db: Db, userId: string, barcode: string): Promise<BarcodeProductRow | null> {
  const [row] = await db
    .select()
    .from(barcodeProducts)
    .where(and(eq(barcodeProducts.userId, userId), eq(barcodeProducts.barcode, barcode)))
    .limit(1);
  return row ?? null;
}

export async function upsertBarcodeProduct(
  db: Db,
  userId: string,
  values: Pick<BarcodeProductRow, 'barcode' | 'name' | 'servingGrams' | 'calories' | 'protein' | 'carbs' | 'fat'>,
): Promise<BarcodeProductRow> {
  const { barcode, ...label } = values;
  const [row] = await db
    .insert(barcodeProducts)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: [barcodeProducts.userId, barcodeProducts.barcode], set: { ...label, updatedAt: sql`now()` } })
    .returning();
  return row;
}
