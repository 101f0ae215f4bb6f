import type { MiddlewareHandler } from 'hono';
import { localeSchema, type Locale } from '#core/common/schemas';
import type { FieldError } from '#core/errors/catalogue';
import { allowanceContract, entryPhotoContract, logScanContract, scanContract } from '#core/nutrition/scans/scans.contract';
import { scanSourceSchema } from '#core/nutrition/scans/schemas';
import { SCAN_MESSAGES } from '#core/nutrition/scans/messages';
import type { PhotoStorage } from '#server/adapters/photo-storage/port';
import type { VisionRecognizer } from '#server/adapters/vision/port';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import type { SignedInEnv } from '#server/lib/context';
import type { ErrorReporter } from '#server/lib/error-reporter';
import { imageBytes, imageField, imageUploadLimit, readForm } from '#server/lib/images';
import type { Logger } from '#server/lib/logger';
import { createRouter, type Guards } from '#server/lib/router';
import { scanAllowance } from './services/allowance';
import { logScan } from './services/log-scan';
import { entryPhoto } from './services/photos';
import { admitScan, scanPhoto } from './services/scan-photo';

/** The photo upload, which sets its own body limit: the app's general one is not applied to it. */
export const SCAN_UPLOAD_PATH = scanContract.path;

export interface ScansDeps {
  db: Db;
  vision: VisionRecognizer;
  storage: PhotoStorage;
  logger: Logger;
  reporter: ErrorReporter;
}

export function scansRouter(guards: Guards, deps: ScansDeps) {
  const { db } = deps;
  const app = createRouter(guards);

  const admit: MiddlewareHandler<SignedInEnv> = async (c, next) => {
    await admitScan(db, c.get('user'));
    await next();
  };

  // After the food limit (spec section 9: free 5/h, paid 30/h), the gates that need no photo, then the upload.
  // Each field's mistake gets its own message, so the form is read here rather than by the generic validator.
  app.handleUpload(scanContract, [admit, imageUploadLimit()], async (c) => {
    const form = await readForm(c.req);
    const problems: FieldError[] = [];
    const file = imageField(form, problems);
    const source = scanSourceSchema.safeParse(form.get('source') ?? 'upload');
    if (!source.success) problems.push({ field: 'source', message: SCAN_MESSAGES.source });
    if (problems.length > 0) throw AppError.validation(problems);

    const user = c.get('user');
    const result = await scanPhoto(deps, user, {
      image: await imageBytes(file!),
      source: source.data!,
      locale: localeOf(c.req.query('locale'), c.get('locale')),
      signal: c.req.raw.signal,
    });
    return c.json(result, 200);
  });

  app.handle(allowanceContract, async (c) => c.json(await scanAllowance(db, c.get('user'), deps.vision.engine), 200));

  app.handle(logScanContract, async (c) => {
    const items = await logScan(db, c.get('user').id, c.req.valid('param').id, c.req.valid('json'));
    return c.json({ items }, 201);
  });

  app.handle(entryPhotoContract, async (c) => {
    const bytes = await entryPhoto(db, deps.storage, c.get('user').id, c.req.valid('param').id);
    return c.body(new Uint8Array(bytes), 200, {
      'content-type': 'image/jpeg',
      // Private to the signed-in owner; the id never changes its photo, so the browser may keep it.
      'cache-control': 'private, max-age=86400',
      'x-content-type-options': 'nosniff',
    });
  });

  return app;
}

/** Names come back in the language asked for, else the user's own. */
function localeOf(requested: string | undefined, own: Locale): Locale {
  const asked = localeSchema.safeParse(requested);
  return asked.success ? asked.data : own;
}
