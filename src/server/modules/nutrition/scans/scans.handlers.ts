import type { HonoRequest, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { localeSchema, type Locale } from '#core/common/schemas';
import type { FieldError } from '#core/errors/catalogue';
import { allowanceContract, entryPhotoContract, logScanContract, scanContract } from '#core/nutrition/scans/scans.contract';
import { MAX_SCAN_IMAGE_BYTES, SCAN_MESSAGES, scanSourceSchema } from '#core/nutrition/scans/schemas';
import { REQUEST_MESSAGES } from '#core/errors/request';
import type { PhotoStorage } from '#server/adapters/photo-storage/port';
import type { VisionRecognizer } from '#server/adapters/vision/port';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import type { SignedInEnv } from '#server/lib/context';
import type { ErrorReporter } from '#server/lib/error-reporter';
import type { Logger } from '#server/lib/logger';
import { createRouter, type Guards } from '#server/lib/router';
import { scanAllowance } from './services/allowance';
import { logScan } from './services/log-scan';
import { entryPhoto } from './services/photos';
import { admitScan, scanPhoto } from './services/scan-photo';

/** The multipart envelope around a 10 MB photo: boundaries, headers and the source field. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
/** The photo upload, which sets its own body limit: the app's general one is not applied to it. */
export const SCAN_UPLOAD_PATH = scanContract.path;

export interface ScansDeps {
  db: Db;
  vision: VisionRecognizer;
  storage: PhotoStorage;
  logger: Logger;
  reporter: ErrorReporter;
}

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', SCAN_MESSAGES.imageTooLarge);

export function scansRouter(guards: Guards, deps: ScansDeps) {
  const { db } = deps;
  const app = createRouter(guards);

  const limitUpload = bodyLimit({
    maxSize: MAX_SCAN_IMAGE_BYTES + FORM_OVERHEAD_BYTES,
    onError: () => {
      throw tooLarge();
    },
  });

  const admit: MiddlewareHandler<SignedInEnv> = async (c, next) => {
    await admitScan(db, c.get('user'));
    await next();
  };

  // After the food limit (spec section 9: free 5/h, paid 30/h), the gates that need no photo, then the upload.
  // Each field's mistake gets its own message, so the form is read here rather than by the generic validator.
  app.handleUpload(scanContract, [admit, limitUpload], async (c) => {
    const form = await readForm(c.req);
    const image = form.get('image');
    const sourceValue = form.get('source');
    const problems: FieldError[] = [];
    if (image === null) problems.push({ field: 'image', message: SCAN_MESSAGES.imageRequired });
    else if (typeof image === 'string') problems.push({ field: 'image', message: SCAN_MESSAGES.imageNotFile });
    const source = scanSourceSchema.safeParse(sourceValue ?? 'upload');
    if (!source.success) problems.push({ field: 'source', message: SCAN_MESSAGES.source });
    if (problems.length > 0) throw AppError.validation(problems);
    const file = image as File;
    if (file.size > MAX_SCAN_IMAGE_BYTES) throw tooLarge();
    if (file.size === 0) throw AppError.validation([{ field: 'image', message: SCAN_MESSAGES.imageRequired }]);

    const user = c.get('user');
    const result = await scanPhoto(deps, user, {
      image: new Uint8Array(await file.arrayBuffer()),
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

async function readForm(request: HonoRequest): Promise<FormData> {
  const type = request.header('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type)) {
    throw AppError.validation([{ field: 'content-type', message: REQUEST_MESSAGES.multipartContentType }]);
  }
  try {
    return await request.formData();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw AppError.validation([{ field: 'body', message: REQUEST_MESSAGES.malformedMultipart }]);
  }
}

/** Names come back in the language asked for, else the user's own. */
function localeOf(requested: string | undefined, own: Locale): Locale {
  const asked = localeSchema.safeParse(requested);
  return asked.success ? asked.data : own;
}
