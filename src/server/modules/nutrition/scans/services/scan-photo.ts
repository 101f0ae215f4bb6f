import { checkAccess, usageWindow, type SubscriptionSnapshot } from '#core/billing/entitlements';
import type { Locale } from '#core/common/schemas';
import { foodById } from '#core/nutrition/foods';
import { estimatedItem, itemForFood, totalsOf } from '#core/nutrition/scans/draft';
import type { ScanItem, ScanResult, ScanSource } from '#core/nutrition/scans/schemas';
import type { PhotoStorage } from '#server/adapters/photo-storage/port';
import type { Recognition, VisionRecognizer } from '#server/adapters/vision/port';
import type { Db } from '#server/db/client';
import type { UserRow } from '#server/lib/context';
import type { ErrorReporter } from '#server/lib/error-reporter';
import type { Logger } from '#server/lib/logger';
import { prepareImage } from '#server/lib/images';
import { requireAccess } from '#server/lib/require-access';
import * as repo from '../scans.repo';
import { photoKeyFor } from './photos';

export interface ScanDeps {
  db: Db;
  vision: VisionRecognizer;
  storage: PhotoStorage;
  logger: Logger;
  reporter: ErrorReporter;
}

export const subscriptionOf = (user: UserRow): SubscriptionSnapshot => ({
  tier: user.subscriptionTier,
  status: user.subscriptionStatus,
  trialEndsAt: user.trialEndsAt,
});

/**
 * The gates of POST /api/nutrition/scans that need no photo, passed before the upload is read: a free account outside
 * the trial, or a basic one whose month is used up, is refused without the server taking in megabytes. The count is
 * checked again, atomically, when `scanPhoto` reserves the scan.
 */
export async function admitScan(db: Db, user: UserRow, now: Date = new Date()): Promise<void> {
  const sub = subscriptionOf(user);
  const tierGate = requireAccess(checkAccess(sub, { feature: 'photo_scan', scansThisMonth: 0 }, now));
  if (tierGate.limit === null) return; // unlimited
  const used = await repo.countScansSince(db, user.id, usageWindow(now).start);
  requireAccess(checkAccess(sub, { feature: 'photo_scan', scansThisMonth: used }, now));
}

/**
 * POST /api/nutrition/scans, once `admitScan` has let the upload in: the gates of DESIGN decision 3 (free: none
 * outside the Pro trial; basic: 5 a calendar month, upload only; pro: unlimited, webcam too), then the photo through
 * the vision port, as a draft the user corrects. A pro user's photo is kept for the meal it becomes.
 */
export async function scanPhoto(
  deps: ScanDeps,
  user: UserRow,
  input: { image: Uint8Array; source: ScanSource; locale: Locale; signal?: AbortSignal },
  now: Date = new Date(),
): Promise<ScanResult> {
  const sub = subscriptionOf(user);
  if (input.source === 'webcam') {
    requireAccess(checkAccess(sub, { feature: 'webcam_scan' }, now));
  }

  const image = await prepareImage(input.image);

  const reserved = await repo.reserveScan(deps.db, user.id, usageWindow(now).start, input.source, (used) => checkAccess(sub, { feature: 'photo_scan', scansThisMonth: used }, now));
  const verdict = requireAccess(reserved.verdict);
  // An allowed verdict comes with its reserved scan.
  const scan = reserved.scan!;

  const started = performance.now();
  let recognition: Recognition;
  try {
    recognition = await deps.vision.recognise(image, { locale: input.locale, signal: input.signal });
  } catch (error) {
    await repo.releaseScan(deps.db, user.id, scan.id);
    throw error;
  }
  const analysisMs = Math.round(performance.now() - started);

  const items = recognition.foods.map((f): ScanItem => {
    const food = f.foodId ? foodById(f.foodId) : undefined;
    if (food) return itemForFood(food, f.grams, input.locale, { confidence: f.confidence, pieces: f.pieces });
    return estimatedItem(f.label, f.grams, f.estimate ?? { calories: 0, protein: 0, carbs: 0, fat: 0 }, f.confidence);
  });

  let photoKey: string | null = null;
  if (verdict.tier === 'pro') {
    const key = photoKeyFor(user.id, scan.id);
    try {
      await deps.storage.put(key, image.jpeg, 'image/jpeg');
      photoKey = key;
    } catch (error) {
      // The draft is still worth having without the photo; the failure is reported, not shown.
      deps.reporter.report(error, { userId: user.id, source: 'photo-storage' });
    }
  }
  await repo.completeScan(deps.db, user.id, scan.id, { engine: recognition.engine, itemCount: items.length, analysisMs, photoKey });
  deps.logger.info('photo scanned', {
    engine: recognition.engine,
    model: recognition.model,
    items: items.length,
    analysisMs,
    ...(recognition.fallbackReason ? { fallbackReason: recognition.fallbackReason } : {}),
  });

  // A photo in which nothing was recognised gave the user nothing: it does not use up the month's scans.
  const counted = items.length > 0;
  return {
    id: scan.id,
    source: input.source,
    engine: recognition.engine,
    items,
    totals: totalsOf(items),
    unrecognised: recognition.unrecognised,
    counted,
    scansRemaining: verdict.limit === null ? null : Math.max(0, verdict.limit - (verdict.used ?? 0) - (counted ? 1 : 0)),
    photoStored: photoKey !== null,
    analysisMs,
  };
}
