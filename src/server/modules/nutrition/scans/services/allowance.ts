import { checkAccess, usageWindow } from '#core/billing/entitlements';
import type { ScanAllowance, ScanEngine } from '#core/nutrition/scans/schemas';
import type { Db } from '#server/db/client';
import type { UserRow } from '#server/lib/context';
import * as repo from '../scans.repo';
import { subscriptionOf } from './scan-photo';

/** GET /api/nutrition/scans/allowance: what the photo flow may offer this user now, and what is left this month. */
export async function scanAllowance(db: Db, user: UserRow, engine: ScanEngine, now: Date = new Date()): Promise<ScanAllowance> {
  const sub = subscriptionOf(user);
  const used = await repo.countScansSince(db, user.id, usageWindow(now).start);
  const scan = checkAccess(sub, { feature: 'photo_scan', scansThisMonth: used }, now);
  const webcam = checkAccess(sub, { feature: 'webcam_scan' }, now);
  const tierAllows = checkAccess(sub, { feature: 'photo_scan', scansThisMonth: 0 }, now).allowed;
  return {
    allowed: scan.allowed,
    webcam: webcam.allowed,
    inTrial: scan.inTrial,
    limit: tierAllows ? scan.limit : 0,
    used,
    remaining: tierAllows ? scan.remaining : 0,
    upgradeTo: !tierAllows ? 'basic' : !webcam.allowed ? 'pro' : null,
    engine,
    storesPhotos: scan.tier === 'pro',
  };
}
