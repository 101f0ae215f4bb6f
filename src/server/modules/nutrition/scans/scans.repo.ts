import { and, count, eq, gt, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { ScanEngine, ScanSource } from '#core/nutrition/scans/schemas';
import type { Db } from '#server/db/client';
import { nutritionEntries, nutritionScans, users } from '#server/db/schema';
import type { Tx } from '../nutrition.repo';

export type ScanRow = typeof nutritionScans.$inferSelect;

/** The user's scans since `since` (the start of the calendar month, UTC). */
export async function countScansSince(db: Tx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(nutritionScans)
    // A scan under way counts (two photos at once cannot both take the last one); one that recognised nothing does not.
    .where(and(eq(nutritionScans.userId, userId), gte(nutritionScans.createdAt, since), or(isNull(nutritionScans.itemCount), gt(nutritionScans.itemCount, 0))));
  return row?.n ?? 0;
}

/**
 * Counts and records a scan as one step: the user's row is locked meanwhile, so two photos sent at once cannot
 * both take the last scan of the month. `allow` sees the count and says whether the scan may go ahead.
 */
export async function reserveScan<T extends { allowed: boolean }>(
  db: Db,
  userId: string,
  since: Date,
  source: ScanSource,
  allow: (used: number) => T,
): Promise<{ verdict: T; scan: ScanRow | null }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const verdict = allow(await countScansSince(tx, userId, since));
    if (!verdict.allowed) return { verdict, scan: null };
    const [scan] = await tx.insert(nutritionScans).values({ userId, source }).returning();
    return { verdict, scan };
  });
}

/** A recognition that failed does not use up the user's scan. */
export async function releaseScan(db: Db, userId: string, id: string): Promise<void> {
  await db.delete(nutritionScans).where(and(eq(nutritionScans.id, id), eq(nutritionScans.userId, userId)));
}

export async function completeScan(db: Db, userId: string, id: string, values: { engine: ScanEngine; itemCount: number; analysisMs: number; photoKey: string | null }) {
  await db
    .update(nutritionScans)
    .set(values)
    .where(and(eq(nutritionScans.id, id), eq(nutritionScans.userId, userId)));
}

export async function findScanForUpdate(tx: Tx, userId: string, id: string): Promise<ScanRow | null> {
  const [row] = await tx
    .select()
    .from(nutritionScans)
    .where(and(eq(nutritionScans.id, id), eq(nutritionScans.userId, userId)))
    .for('update');
  return row ?? null;
}

export async function markLogged(tx: Tx, userId: string, id: string, at: Date): Promise<void> {
  await tx
    .update(nutritionScans)
    .set({ loggedAt: at })
    .where(and(eq(nutritionScans.id, id), eq(nutritionScans.userId, userId)));
}

/** The photo of one of the user's entries, if it has one. */
export async function entryPhotoKey(db: Db, userId: string, entryId: string): Promise<string | null> {
  const [row] = await db
    .select({ photoKey: nutritionEntries.photoKey })
    .from(nutritionEntries)
    .where(and(eq(nutritionEntries.id, entryId), eq(nutritionEntries.userId, userId)));
  return row?.photoKey ?? null;
}

/** Of these photos, the ones no entry shows any more and no unlogged scan still waits for. */
export async function unusedPhotoKeys(db: Db, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const inUse = await db
    .select({ key: nutritionEntries.photoKey })
    .from(nutritionEntries)
    .where(inArray(nutritionEntries.photoKey, keys))
    .union(
      db
        .select({ key: nutritionScans.photoKey })
        .from(nutritionScans)
        .where(and(inArray(nutritionScans.photoKey, keys), isNull(nutritionScans.loggedAt))),
    );
  const used = new Set(inUse.map((r) => r.key));
  return keys.filter((k) => !used.has(k));
}

export async function forgetPhotos(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.update(nutritionScans).set({ photoKey: null }).where(inArray(nutritionScans.photoKey, keys));
}

/**
 * Photos nobody will see: of drafts never logged within `staleBefore`, and of logged scans whose entries are all
 * deleted. At most `limit` per sweep.
 */
export async function orphanPhotoKeys(db: Db, staleBefore: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ key: nutritionScans.photoKey })
    .from(nutritionScans)
    .where(
      and(
        isNotNull(nutritionScans.photoKey),
        or(
          and(isNull(nutritionScans.loggedAt), lt(nutritionScans.createdAt, staleBefore)),
          and(isNotNull(nutritionScans.loggedAt), sql`NOT EXISTS (SELECT 1 FROM ${nutritionEntries} WHERE ${nutritionEntries.photoKey} = ${nutritionScans.photoKey})`),
        ),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.key!);
}
