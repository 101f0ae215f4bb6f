import { and, asc, count, desc, eq, gte, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { BodyMeasure } from '#core/body/schemas';
import type { Db } from '#server/db/client';
import { bodyEntries, bodyPhotos, userPreferences } from '#server/db/schema';

/** A transaction or the database: the queries below run in either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type BodyEntryRow = typeof bodyEntries.$inferSelect;
export type BodyPhotoRow = typeof bodyPhotos.$inferSelect;
export type BodyValues = Partial<Record<BodyMeasure, number | null>> & { note?: string | null };

/** The user's time zone: their days are its days. */
export async function timezoneOf(db: Tx, userId: string): Promise<string> {
  const [row] = await db.select({ timezone: userPreferences.timezone }).from(userPreferences).where(eq(userPreferences.userId, userId)).limit(1);
  return row?.timezone ?? 'UTC';
}

const dayFilter = (userId: string, from: string | null, to: string): SQL => and(eq(bodyEntries.userId, userId), from ? gte(bodyEntries.date, from) : undefined, lte(bodyEntries.date, to))!;

/** The user's entries of [from, to] (from their first when `from` is null), oldest first. */
export function entriesBetween(db: Tx, userId: string, from: string | null, to: string): Promise<BodyEntryRow[]> {
  return db
    .select()
    .from(bodyEntries)
    .where(dayFilter(userId, from, to))
    .orderBy(asc(bodyEntries.date));
}

/** The weigh-ins of [from, to], oldest first. */
export function weighInsBetween(db: Tx, userId: string, from: string | null, to: string): Promise<{ date: string; weightKg: number }[]> {
  return db
    .select({ date: bodyEntries.date, weightKg: sql<number>`${bodyEntries.weightKg}` })
    .from(bodyEntries)
    .where(and(dayFilter(userId, from, to), isNotNull(bodyEntries.weightKg)))
    .orderBy(asc(bodyEntries.date));
}

/**
 * Creates the day's entry or changes the values sent, in one statement: values left out keep what they were, even
 * when two changes of the same day arrive at once. Returns the row as it now is.
 */
export async function upsertEntry(tx: Tx, userId: string, date: string, values: BodyValues): Promise<BodyEntryRow> {
  const [row] = await tx
    .insert(bodyEntries)
    .values({ userId, date, ...values })
    .onConflictDoUpdate({ target: [bodyEntries.userId, bodyEntries.date], set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row;
}

/** The day's entry, locked until the transaction ends (photos are counted and added under it). */
export async function lockEntry(tx: Tx, userId: string, date: string): Promise<BodyEntryRow | null> {
  const [row] = await tx
    .select()
    .from(bodyEntries)
    .where(and(eq(bodyEntries.userId, userId), eq(bodyEntries.date, date)))
    .for('update');
  return row ?? null;
}

/** The deleted entry, and the keys of its photos (whose rows went with it). */
export async function deleteEntry(tx: Tx, userId: string, date: string): Promise<{ entry: BodyEntryRow; photoKeys: string[] } | null> {
  const photos = await tx
    .select({ photoKey: bodyPhotos.photoKey })
    .from(bodyPhotos)
    .where(and(eq(bodyPhotos.userId, userId), eq(bodyPhotos.date, date)));
  const [entry] = await tx
    .delete(bodyEntries)
    .where(and(eq(bodyEntries.userId, userId), eq(bodyEntries.date, date)))
    .returning();
  return entry ? { entry, photoKeys: photos.map((p) => p.photoKey) } : null;
}

/**
 * The profile's weight follows the latest weigh-in (nutrition targets, workout calories and the formula use it). Left
 * as it is when no weigh-in remains.
 */
export async function syncProfileWeight(tx: Tx, userId: string): Promise<void> {
  const [latest] = await tx
    .select({ weightKg: bodyEntries.weightKg })
    .from(bodyEntries)
    .where(and(eq(bodyEntries.userId, userId), isNotNull(bodyEntries.weightKg)))
    .orderBy(desc(bodyEntries.date))
    .limit(1);
  if (latest?.weightKg == null) return;
  const weightKg = latest.weightKg;
  await tx
    .insert(userPreferences)
    .values({ userId, weightKg })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { weightKg, updatedAt: sql`now()` } });
}

/** The photos of the user's days in [from, to], oldest first. */
export function photosBetween(db: Tx, userId: string, from: string | null, to: string): Promise<BodyPhotoRow[]> {
  return db
    .select()
    .from(bodyPhotos)
    .where(and(eq(bodyPhotos.userId, userId), from ? gte(bodyPhotos.date, from) : undefined, lte(bodyPhotos.date, to)))
    .orderBy(asc(bodyPhotos.date), asc(bodyPhotos.createdAt));
}

export async function countPhotos(tx: Tx, userId: string, date: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(bodyPhotos)
    .where(and(eq(bodyPhotos.userId, userId), eq(bodyPhotos.date, date)));
  return row?.n ?? 0;
}

export async function insertPhoto(tx: Tx, values: { id: string; userId: string; date: string; photoKey: string }): Promise<void> {
  await tx.insert(bodyPhotos).values(values);
}

export async function findPhoto(db: Tx, userId: string, id: string): Promise<BodyPhotoRow | null> {
  const [row] = await db
    .select()
    .from(bodyPhotos)
    .where(and(eq(bodyPhotos.id, id), eq(bodyPhotos.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function deletePhoto(tx: Tx, userId: string, id: string): Promise<BodyPhotoRow | null> {
  const [row] = await tx
    .delete(bodyPhotos)
    .where(and(eq(bodyPhotos.id, id), eq(bodyPhotos.userId, userId)))
    .returning();
  return row ?? null;
}
