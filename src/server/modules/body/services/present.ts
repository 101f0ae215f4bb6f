import { BODY_MEASURES, type BodyEntry } from '#core/body/schemas';
import type { BodyEntryRow, BodyPhotoRow } from '../body.repo';

/** An entry as the API answers it, with its photos (already in the order taken). */
export function toBodyEntry(row: BodyEntryRow, photos: readonly BodyPhotoRow[]): BodyEntry {
  return {
    date: row.date,
    weightKg: row.weightKg,
    bodyFatPercent: row.bodyFatPercent,
    waistCm: row.waistCm,
    hipsCm: row.hipsCm,
    chestCm: row.chestCm,
    armCm: row.armCm,
    thighCm: row.thighCm,
    note: row.note,
    photos: photos.filter((p) => p.date === row.date).map((p) => ({ id: p.id, url: `/api/body/photos/${p.id}`, createdAt: p.createdAt.toISOString() })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An entry with no measurement and no note: it stands only while it holds a photo. */
export function isBlank(row: BodyEntryRow): boolean {
  return row.note === null && BODY_MEASURES.every((k) => row[k] === null);
}
